// @vitest-environment node
// The fleet simulator (sim/, real HTTP) against a real server: its devices' LLDP neighbours, switch ports
// and radio links make the site's topology (docs/topology.md).
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Topology } from '../../core/api/topology.ts';
import { generateFleet } from '../../sim/identity.ts';
import { as, createTestApp, login, type TestApp } from '../test/app.ts';
import {
  addMember,
  createCloud,
  createDevice,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../test/factories.ts';
import { onboardingKeyOf } from './test-fleet.ts';

const run = promisify(execFile);
const SIMULATOR = new URL('../../sim/main.ts', import.meta.url).pathname;

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp({}, { HEARTBEAT_INTERVAL_S: '1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

it("draws the simulated site's cables from both ends' LLDP and the switch's ports", async () => {
  const db = t.database.db;
  const owner = await createUser(db);
  const cloud = await createCloud(db);
  await addMember(db, owner.id, cloud.id, 'ROLE_OWNER');
  const site = await createSite(db, cloud.id);
  // One of each family: a gateway, a switch, access points and radios, all at one place.
  for (const identity of generateFleet(21, 10))
    await createDevice(db, cloud.id, site.id, {
      sn: identity.sn,
      mac: identity.mac,
      productBrandId: identity.productBrandId,
      productType: identity.productType,
    });
  await run(process.execPath, [
    SIMULATOR,
    ...['--url', url, '--devices', '10', '--seed', '21', '--spread', '0', '--heartbeats', '2'],
    ...['--onboarding-key', await onboardingKeyOf(t, cloud.id), '--rate', 'unreachable=0'],
  ]);

  const session = await login(t.app, owner.email, TEST_PASSWORD);
  const response = await t.app.inject({
    method: 'GET',
    url: `/apiv2/cloud/${cloud.id}/sites/${site.id}/topology`,
    headers: as(session),
  });
  expect(response.statusCode).toBe(200);
  const { models, nodes, edges } = response.json<Topology>();
  const family = new Map(nodes.map((node) => [node.id, models[node.model]?.family]));
  const wired = edges.filter((edge) => edge.kind === 'port');
  // The switch is cabled to the gateway, and each access point to the switch: each cable drawn once,
  // though both ends list it.
  const pairs = wired.map((edge) => `${family.get(edge.from_device_id)}-${family.get(edge.to_device_id)}`);
  expect(pairs).toContain('gateway-switch');
  const accessPoints = nodes.filter((node) => ['wifi', 'glinq'].includes(family.get(node.id) ?? ''));
  expect(accessPoints.length).toBeGreaterThan(2);
  for (const node of accessPoints)
    expect(
      wired.filter((edge) => edge.to_device_id === node.id).map((edge) => family.get(edge.from_device_id)),
    ).toEqual(['switch']);
  const cabled = wired.map((edge) => [edge.from_device_id, edge.to_device_id].sort().join('-'));
  expect(new Set(cabled).size).toBe(wired.length);
  for (const edge of wired) {
    expect(edge.state).toBe('up');
    expect(edge.speed_mbps).toBeGreaterThan(0);
    expect(edge.from_port).toEqual(expect.any(String));
    expect(edge.to_port).toEqual(expect.any(String));
  }
}, 60_000);
