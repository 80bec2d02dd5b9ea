// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_TYPES } from '../../../core/domain.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { createUser, TEST_PASSWORD } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signIn() {
  const user = await createUser(t.database.db);
  return login(t.app, user.email, TEST_PASSWORD);
}
const all = async (session: Session) => {
  const response = await t.app.inject({ method: 'GET', url: '/apiv2/user/alert/all', headers: as(session) });
  expect(response.statusCode).toBe(200);
  return response.json().preferences as { name: string; alertCount: number; displayAlert: boolean }[];
};
const put = (session: Session, name: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/apiv2/user/alert/${name}`, headers: as(session), payload });

describe('GET /apiv2/user/alert/all', () => {
  it('lists every alert type with the defaults when nothing is saved', async () => {
    const preferences = await all(await signIn());
    expect(preferences).toEqual(ALERT_TYPES.map((name) => ({ name, alertCount: 1, displayAlert: true })));
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/apiv2/user/alert/all' })).statusCode).toBe(401);
  });
});

describe('PUT /apiv2/user/alert/:name', () => {
  it('saves the preference, returns it and lists it in place of the default', async () => {
    const session = await signIn();
    const response = await put(session, 'DEV_REBOOT', { alertCount: 3, displayAlert: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'DEV_REBOOT', alertCount: 3, displayAlert: false });
    const preferences = await all(session);
    expect(preferences).toHaveLength(ALERT_TYPES.length);
    expect(preferences.find((p) => p.name === 'DEV_REBOOT')).toEqual({
      name: 'DEV_REBOOT',
      alertCount: 3,
      displayAlert: false,
    });
    expect(
      preferences.filter((p) => p.name !== 'DEV_REBOOT').every((p) => p.alertCount === 1 && p.displayAlert),
    ).toBe(true);
  });

  it('updates a saved preference', async () => {
    const session = await signIn();
    await put(session, 'TASK_FAILED', { alertCount: 5, displayAlert: false });
    const response = await put(session, 'TASK_FAILED', { alertCount: 0, displayAlert: true });
    expect(response.json()).toEqual({ name: 'TASK_FAILED', alertCount: 0, displayAlert: true });
    expect((await all(session)).find((p) => p.name === 'TASK_FAILED')).toEqual(response.json());
  });

  it("keeps each user's preferences to themselves", async () => {
    const one = await signIn();
    const other = await signIn();
    await put(one, 'FW_UPGRADED', { alertCount: 1000, displayAlert: false });
    expect((await all(other)).find((p) => p.name === 'FW_UPGRADED')).toEqual({
      name: 'FW_UPGRADED',
      alertCount: 1,
      displayAlert: true,
    });
  });

  it('requires displayAlert and saves nothing without it', async () => {
    const session = await signIn();
    const response = await put(session, 'DEV_UNREACHABLE', { alertCount: 4 });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      expect.objectContaining({ location: 'body', path: '/displayAlert', errorCode: 'required' }),
    ]);
    expect((await all(session)).find((p) => p.name === 'DEV_UNREACHABLE')).toEqual({
      name: 'DEV_UNREACHABLE',
      alertCount: 1,
      displayAlert: true,
    });
  });

  it('requires alertCount', async () => {
    const response = await put(await signIn(), 'DEV_UNREACHABLE', { displayAlert: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      expect.objectContaining({ location: 'body', path: '/alertCount', errorCode: 'required' }),
    ]);
  });

  it.each([-1, 1001, 2.5])('refuses alertCount %s', async (alertCount) => {
    const response = await put(await signIn(), 'DEV_UNREACHABLE', { alertCount, displayAlert: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ location: 'body', path: '/alertCount' });
  });

  it('answers an unknown alert type with the 400 shape on params', async () => {
    const response = await put(await signIn(), 'NOT_AN_ALERT', { alertCount: 1, displayAlert: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ location: 'params', path: '/name' });
  });

  it('refuses a call without the CSRF token and saves nothing', async () => {
    const session = await signIn();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/apiv2/user/alert/DEV_REBOOT',
      headers: { cookie: session.cookie },
      payload: { alertCount: 9, displayAlert: false },
    });
    expect(response.statusCode).toBe(403);
    expect((await all(session)).find((p) => p.name === 'DEV_REBOOT')?.alertCount).toBe(1);
  });

  it('answers 401 to an anonymous caller', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/apiv2/user/alert/DEV_REBOOT',
      headers: { cookie: 'csrf_token=anonymous', 'x-csrf-token': 'anonymous' },
      payload: { alertCount: 9, displayAlert: false },
    });
    expect(response.statusCode).toBe(401);
  });
});
