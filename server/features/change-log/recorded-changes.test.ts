// @vitest-environment node
// The calls that change the console leave a change log record: renaming a device, acknowledging an
// alert, hiding an alert type, opening and ending a maintenance window, starting a task, the push toggle, the newsletter and
// answering an invitation.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { invitations } from '../../db/schema/clouds.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { createAlertCloud, raiseAlert } from '../alerts/test-cloud.ts';

let t: TestApp;
let fixture: Awaited<ReturnType<typeof createAlertCloud>>;
let owner: Session;

beforeAll(async () => {
  t = await createTestApp();
  fixture = await createAlertCloud(t);
  owner = fixture.sessions.owner;
});
afterAll(() => t.close());

const call = (method: 'POST' | 'PATCH', path: string, payload: object, who: Session = owner) =>
  t.app.inject({ method, url: path, headers: as(who), payload });
const cloudPath = (path: string) => `/apiv2/cloud/${fixture.cloud.id}${path}`;
const records = () =>
  queryRows<{ action: string; object_type: string; object_id: string; after: Record<string, unknown> }>(
    t.database.db,
    sql`SELECT action, object_type, object_id, after FROM audit_records ORDER BY id`,
  );
const last = async () => (await records()).at(-1);

describe('change log records of the console’s calls', () => {
  it('keeps a device rename with the names before and after', async () => {
    await call('PATCH', cloudPath(`/devices/${fixture.northAp.id}`), { name: 'Lobby AP' });
    expect(await last()).toMatchObject({
      action: 'changed',
      object_type: 'device',
      after: { name: 'Lobby AP' },
    });
  });

  it('keeps each acknowledged alert with its comment', async () => {
    const alert = await raiseAlert(t.database.db, {
      cloudId: fixture.cloud.id,
      siteId: fixture.sites.north.id,
      deviceId: fixture.northAp.id,
      problemAt: new Date(),
    });
    await call('POST', cloudPath('/alerts/acknowledge'), { alert_ids: [alert.id], comment: 'On it' });
    expect(await last()).toMatchObject({
      object_type: 'alert',
      object_id: String(alert.id),
      after: { acknowledged: true, comment: 'On it' },
    });
  });

  it('keeps a maintenance window opened and ended', async () => {
    const opened = await call('POST', cloudPath('/alert-mutes'), {
      alert_type: 'DEV_REBOOT',
      minutes: 30,
      comment: 'Upgrade',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(await last()).toMatchObject({ action: 'created', object_type: 'maintenance_window' });
    const id = (await last())?.object_id;
    await call('POST', cloudPath(`/alert-mutes/${id}/end`), {});
    expect(await last()).toMatchObject({
      action: 'changed',
      object_type: 'maintenance_window',
      after: { ended: true },
    });
  });

  it('keeps hiding an alert type (it stops notifying the person), not a change of how many to show', async () => {
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/apiv2/user/alert/DEV_REBOOT', headers: as(owner), payload });
    const before = (await records()).length;
    await put({ alertCount: 4, displayAlert: true });
    expect((await records()).length).toBe(before);
    await put({ alertCount: 4, displayAlert: false });
    expect(await last()).toMatchObject({
      action: 'changed',
      object_type: 'user',
      after: { displayAlert: false },
    });
    await put({ alertCount: 2, displayAlert: false });
    expect((await records()).length).toBe(before + 1);
  });

  it('keeps a started task with its number of targets', async () => {
    const started = await call('POST', cloudPath('/tasks'), {
      type: 'TASK_REBOOT',
      targets: { device_ids: [fixture.northAp.id] },
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(await last()).toMatchObject({ action: 'created', object_type: 'task', after: { targets: 1 } });
  });

  it('keeps the push toggle and the newsletter', async () => {
    await call('POST', cloudPath(''), { user: { push_alerts: true } });
    expect(await last()).toMatchObject({ object_type: 'membership', after: { pushAlerts: true } });
    await call('POST', '/apiv2/user/newsletter', { subscribe: true });
    expect(await last()).toMatchObject({ action: 'profile_changed', after: { subscribeNewsletter: true } });
  });

  it('keeps an invitation joined', async () => {
    const invited = await createUser(t.database.db);
    await t.database.db.insert(invitations).values({
      cloudId: fixture.cloud.id,
      email: invited.email,
      roleId: 'ROLE_GUEST',
      state: 'REGISTRATION_PENDING',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const session = await login(t.app, invited.email, TEST_PASSWORD);
    const joined = await call('POST', '/apiv2/user/membership/join', { cloudId: fixture.cloud.id }, session);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(await last()).toMatchObject({
      action: 'created',
      object_type: 'membership',
      object_id: String(invited.id),
    });
  });
});
