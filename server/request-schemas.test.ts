// @vitest-environment node
// Every input of every route is declared, and nothing else is taken (docs/api-conventions.md). The walk
// covers each route as the app registers it, so a new route cannot slip past.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_DEFINITIONS } from '../core/task-types.ts';
import { as, login, TEST_VERSION, type TestApp } from './test/app.ts';
import { createUser, TEST_PASSWORD } from './test/factories.ts';
import { openObjects } from './test/open-objects.ts';
import { createWalkedApp, type WalkedRoute } from './test/route-walk.ts';

let t: TestApp;
let routes: WalkedRoute[];
beforeAll(async () => {
  ({ t, routes } = await createWalkedApp());
}, 60_000);
afterAll(() => t.close());

async function signIn() {
  const user = await createUser(t.database.db);
  return login(t.app, user.email, TEST_PASSWORD);
}

describe('request schemas', () => {
  it('every object of every body, querystring and params schema refuses unknown properties', () => {
    // The agent API, the console API and the routes of the web app's pages.
    expect(routes.some((route) => route.url === '/agent/v1/heartbeat')).toBe(true);
    expect(routes.length).toBeGreaterThan(150);
    const open = routes.flatMap((route) =>
      (['body', 'querystring', 'params'] as const).flatMap((part) =>
        openObjects(route.schema?.[part]).map((where) => `${route.method} ${route.url} ${part} ${where}`),
      ),
    );
    expect(open).toEqual([]);
  });

  it("every task type's parameters refuse unknown properties (POST /tasks checks them by the type)", () => {
    const open = Object.entries(TASK_DEFINITIONS).flatMap(([type, definition]) =>
      openObjects(definition.params).map((where) => `${type} ${where}`),
    );
    expect(open).toEqual([]);
  });

  it('finds an open object at any depth, and an intersection of objects', () => {
    const closedObject = (properties: object) => ({
      type: 'object',
      properties,
      additionalProperties: false,
    });
    expect(openObjects(closedObject({ a: { type: 'string' } }))).toEqual([]);
    expect(openObjects({ type: 'object', properties: {} })).toHaveLength(1);
    expect(
      openObjects(
        closedObject({ list: { type: 'array', items: { anyOf: [{ type: 'object', properties: {} }] } } }),
      ),
    ).toEqual(['/properties/list/items/anyOf/0: an object that does not say additionalProperties: false']);
    expect(openObjects({ allOf: [closedObject({}), closedObject({})] })).toHaveLength(1);
    // A map (Type.Record) holds data under its keys, not fields; a key pattern must be enforced.
    expect(openObjects({ type: 'object', patternProperties: { '^.*$': {} } })).toEqual([]);
    expect(openObjects({ type: 'object', patternProperties: { '^[a-z]+$': {} } })).toHaveLength(1);
  });
});

describe('input a route does not declare', () => {
  it('names an unknown query parameter with the 400 shape', async () => {
    const session = await signIn();
    const response = await t.app.inject({
      method: 'GET',
      url: '/apiv2/user/alert/all?cloudId=1',
      headers: as(session),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [
        {
          errorCode: 'additionalProperties',
          location: 'query',
          path: '/cloudId',
          message: 'must NOT have additional properties',
        },
      ],
    });
  });

  it('names an unknown query parameter of a route with a query schema', async () => {
    const token = 'A'.repeat(43);
    const response = await t.app.inject({
      method: 'GET',
      url: `/apiv2/invitations/lookup?token=${token}&isAdministrator=true`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      expect.objectContaining({
        errorCode: 'additionalProperties',
        location: 'query',
        path: '/isAdministrator',
      }),
    ]);
  });

  it("takes the web app's v=<app version> on every GET, with or without a query schema", async () => {
    const session = await signIn();
    for (const url of [`/apiv2/auth/me?v=${TEST_VERSION}`, `/apiv2/clouds?v=${TEST_VERSION}`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: as(session) });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it("leaves the query of the web app's pages to the app, and an unknown API path is still 404", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/cloud/1/activity' });
    const withQuery = await t.app.inject({ method: 'GET', url: '/cloud/1/activity?health=problems#alert' });
    expect(withQuery.statusCode).toBe(page.statusCode);
    expect(withQuery.headers['content-type']).toBe(page.headers['content-type']);
    const unknown = await t.app.inject({ method: 'GET', url: '/apiv2/no-such-call?cloudId=1' });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a body on a call that takes none, naming each key', async () => {
    const session = await signIn();
    const response = await t.app.inject({
      method: 'POST',
      url: '/apiv2/auth/logout',
      headers: as(session),
      payload: { isAdministrator: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      expect.objectContaining({
        errorCode: 'additionalProperties',
        location: 'body',
        path: '/isAdministrator',
      }),
    ]);
    const text = await t.app.inject({
      method: 'POST',
      url: '/apiv2/auth/logout',
      headers: { ...as(session), 'content-type': 'application/json' },
      payload: '[1]',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().errors[0]).toMatchObject({
      errorCode: 'unexpected_body',
      location: 'body',
      path: '/',
    });
    // As many keys as a body can hold (more than a call's arguments may number) are each refused.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_$';
    const many = Object.fromEntries(
      Array.from({ length: 130_000 }, (_, n) => [
        [n >> 12, (n >> 6) & 63, n & 63].map((digit) => alphabet[digit]).join(''),
        0,
      ]),
    );
    const crowded = await t.app.inject({
      method: 'POST',
      url: '/apiv2/auth/logout',
      headers: as(session),
      payload: many,
    });
    expect(crowded.statusCode).toBe(400);
    expect(crowded.json().errors).toHaveLength(130_000);
    // An empty object is no input: the call goes through.
    const empty = await t.app.inject({
      method: 'POST',
      url: '/apiv2/auth/logout',
      headers: as(session),
      payload: {},
    });
    expect(empty.statusCode).toBe(204);
  });
});
