// @vitest-environment node
// Who may run which troubleshooting tool through the task API (docs/tools.md#who-may-run-them): ping and
// traceroute with live_actions, as a device's dashboard runs them; the other tools also need the support
// tools flag. The tools' own inputs are checked in core/fleet/troubleshoot.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskHistory } from '../../../core/api/activity.ts';
import type { Task } from '../../../core/api/tasks.ts';
import { hasSupportTools } from '../../auth/support-tools.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, assignSite, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { DEFAULT_THEME } from '../../theme.ts';
import { createTaskCloud } from './test-cloud.ts';

let t: TestApp;
let world: Awaited<ReturnType<typeof createTaskCloud>>;
/** An Administrator without the support tools, and one with them. */
let plain: Session;
let support: Session;
let supportUserId: number;
beforeAll(async () => {
  t = await createTestApp();
  world = await createTaskCloud(t);
  const db = t.database.db;
  const plainUser = await createUser(db);
  const supportUser = await createUser(db, { supportTools: true });
  supportUserId = supportUser.id;
  for (const user of [plainUser, supportUser]) await addMember(db, user.id, world.cloud.id, 'ROLE_ADMIN');
  plain = await login(t.app, plainUser.email, TEST_PASSWORD);
  support = await login(t.app, supportUser.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const device = () => world.northDevices[0]?.id ?? 0;

const run = (session: Session, params: object, deviceId = device()) =>
  t.app.inject({
    method: 'POST',
    url: `/apiv2/cloud/${world.cloud.id}/tasks`,
    headers: as(session),
    payload: { type: 'TASK_TROUBLESHOOT', targets: { device_ids: [deviceId] }, params },
  });

const troubleshootTasks = async () => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/apiv2/cloud/${world.cloud.id}/tasks?type=TASK_TROUBLESHOOT&limit=100`,
    headers: as(world.sessions.owner),
  });
  return (response.json() as TaskHistory).total;
};

describe('POST /apiv2/cloud/:cloudId/tasks with TASK_TROUBLESHOOT', () => {
  it('runs ping and traceroute for a member with live_actions, support tools or not', async () => {
    const ping = await run(plain, { tool: 'ping', host: '8.8.8.8' });
    expect(ping.statusCode).toBe(201);
    expect((ping.json() as { task: Task }).task.task_params).toEqual({
      tool: 'ping',
      host: '8.8.8.8',
      count: 4,
    });
    const traceroute = await run(plain, { tool: 'traceroute', host: 'example.com' });
    expect(traceroute.statusCode).toBe(201);
    expect((traceroute.json() as { task: Task }).task.task_params).toEqual({
      tool: 'traceroute',
      host: 'example.com',
      maxHops: 30,
    });
  });

  it('refuses the support tools to a member without the flag with 403, and starts nothing', async () => {
    const before = await troubleshootTasks();
    for (const params of [
      { tool: 'dns', name: 'example.com' },
      { tool: 'http', url: 'https://example.com/' },
      { tool: 'throughput', server: 'north-ap-2' },
      { tool: 'survey' },
    ]) {
      const refused = await run(plain, params);
      expect(refused.statusCode, JSON.stringify(params)).toBe(403);
    }
    expect(await troubleshootTasks()).toBe(before);
  });

  it('runs every tool for a member with the support tools, its defaults filled in', async () => {
    const dns = await run(support, { tool: 'dns', name: 'example.com' });
    expect(dns.statusCode).toBe(201);
    expect((dns.json() as { task: Task }).task.task_params).toEqual({
      tool: 'dns',
      name: 'example.com',
      recordType: 'A',
    });
    const throughput = await run(support, { tool: 'throughput', server: 'north-ap-2', direction: 'upload' });
    expect((throughput.json() as { task: Task }).task.task_params).toEqual({
      tool: 'throughput',
      server: 'north-ap-2',
      direction: 'upload',
      durationS: 10,
    });
    for (const params of [
      { tool: 'http', url: 'http://intranet.example/health' },
      { tool: 'survey', band: '5' },
    ])
      expect((await run(support, params)).statusCode).toBe(201);
  });

  it("answers a tool's bad input with 400 naming the field, and starts nothing", async () => {
    const before = await troubleshootTasks();
    const bad = await run(support, { tool: 'http', url: 'ftp://example.com/' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: '/params/url', errorCode: 'pattern' })]),
    );
    const unknown = await run(support, { tool: 'whois', host: 'example.com' });
    expect(unknown.statusCode).toBe(400);
    expect(await troubleshootTasks()).toBe(before);
  });

  it('still needs live_actions where the device is, support tools or not', async () => {
    const db = t.database.db;
    const user = await createUser(db, { supportTools: true });
    await addMember(db, user.id, world.cloud.id, 'ROLE_USER');
    await assignSite(db, user.id, world.cloud.id, world.sites.north.id, ['read_site', 'read_device']);
    const siteUser = await login(t.app, user.email, TEST_PASSWORD);
    expect((await run(siteUser, { tool: 'survey' })).statusCode).toBe(403);
    expect((await run(siteUser, { tool: 'ping', host: '10.0.0.1' })).statusCode).toBe(403);
  });

  it('holds no support tools where the deployment does not offer them', async () => {
    const db = t.database.db;
    expect(await hasSupportTools(db, DEFAULT_THEME, supportUserId)).toBe(true);
    expect(await hasSupportTools(db, { ...DEFAULT_THEME, support_tools_enabled: false }, supportUserId)).toBe(
      false,
    );
  });
});
