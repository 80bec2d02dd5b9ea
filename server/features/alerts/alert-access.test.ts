// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../test/app.ts';
import { createAlertCloud } from './test-cloud.ts';

let t: TestApp;
let c: Awaited<ReturnType<typeof createAlertCloud>>;
beforeAll(async () => {
  t = await createTestApp();
  c = await createAlertCloud(t);
});
afterAll(() => t.close());

const ROUTES = [
  ['GET', 'recent-alerts'],
  ['GET', 'recent-alerts-totals'],
  ['POST', 'mark-alerts-as-viewed'],
] as const;
const MEMBERS = ['owner', 'admin', 'guest', 'siteUser'] as const;

describe.each(ROUTES)('%s /apiv2/cloud/:cloudId/%s', (method, path) => {
  const call = (headers: Record<string, string>, cloudId = c.cloud.id) =>
    t.app.inject({ method, url: `/apiv2/cloud/${cloudId}/${path}`, headers });

  it.each(MEMBERS)('answers 200 to the %s', async (member) => {
    expect((await call(as(c.sessions[member]))).statusCode).toBe(200);
  });

  it('answers 404 to a member of another cloud and for a cloud that does not exist', async () => {
    const outsider = c.sessions.outsider;
    const response = await call(as(outsider));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
    expect((await call(as(outsider), 2_000_000)).statusCode).toBe(404);
  });

  it('answers 401 to an anonymous caller', async () => {
    // Double-submit token of a browser without a session, so the CSRF check passes for POST.
    const response = await call({ cookie: 'csrf_token=anonymous', 'x-csrf-token': 'anonymous' });
    expect(response.statusCode).toBe(401);
  });
});
