// @vitest-environment node
// The simulator's calls to the console API, typed from its OpenAPI document (docs/api.md#generating-a-client),
// against the real server.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../server/test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../server/test/factories.ts';
import { listFleet, registerFleet, signIn, urlOf } from './console-api.ts';
import { generateFleet } from './identity.ts';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

it('fills in a path and writes its query', () => {
  expect(
    urlOf('/apiv2/cloud/{cloudId}/sites', { path: { cloudId: 7 }, query: { search: 'a b&c', limit: 100 } }),
  ).toBe('/apiv2/cloud/7/sites?search=a+b%26c&limit=100');
  expect(urlOf('/apiv2/clouds')).toBe('/apiv2/clouds');
});

it('registers a fleet into sites it creates, again without failing, and lists it back', async () => {
  const user = await createUser(t.database.db, { email: 'fleet@sim.example' });
  const cloud = await createCloud(t.database.db);
  await addMember(t.database.db, user.id, cloud.id, 'ROLE_OWNER');
  const session = await signIn(url, 'fleet@sim.example', TEST_PASSWORD);
  const fleet = generateFleet(5, 3, 2);
  await registerFleet(session, cloud.id, fleet);
  await registerFleet(session, cloud.id, fleet);
  const listed = await listFleet(session);
  expect(listed.map((device) => device.sn).sort()).toEqual(fleet.map((device) => device.sn).sort());
  expect(new Set(listed.map((device) => device.site?.id)).size).toBe(2);
});
