// @vitest-environment node
// A request that carries a key its route does not name is refused and changes nothing, on every route that
// changes anything (docs/security.md): the routes are the app's own list, each sent the access table's
// working body (server/test/access-table.ts) plus one key that would be worth smuggling in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Call } from './test/access-rules.ts';
import { CALLS } from './test/access-table.ts';
import type { TestApp } from './test/app.ts';
import { createRoleCloud, type RoleCloud } from './test/role-cloud.ts';
import {
  createWalkedApp,
  matchesPattern,
  permittedHeaders,
  tableCall,
  tableFingerprints,
  type WalkedRoute,
} from './test/route-walk.ts';
import { type AgentCall, createWalkCalls } from './test/walk-calls.ts';

/** Keys that would raise the caller or move the write elsewhere, were they copied into a write. */
const PRIVILEGED_KEYS = ['isAdministrator', 'is_administrator', 'roleId', 'permissions', 'cloudId', 'id'];
const CHANGING = ['POST', 'PUT', 'PATCH'];

let t: TestApp;
let routes: WalkedRoute[];
let f: RoleCloud;
let consoleCalls: Call[];
let agentCalls: AgentCall[];
beforeAll(async () => {
  ({ t, routes } = await createWalkedApp({ PUSH_SERVICE_HOSTS: 'push.example.com' }));
  f = await createRoleCloud(t);
  const walk = await createWalkCalls(t);
  consoleCalls = [...CALLS, ...walk.console];
  agentCalls = walk.agent;
}, 120_000);
afterAll(() => t.close());

type Request = { url: string; headers: Record<string, string>; body: Record<string, unknown> };

/** The route's working request, from the access table or the walk's own calls; null for the upload. */
function workingRequest(route: WalkedRoute): Request | null | undefined {
  if (route.url.startsWith('/agent/v1/')) {
    const agent = agentCalls.find((call) => matchesPattern(route.url, call.url));
    return agent && { url: agent.url, headers: agent.headers, body: agent.body() };
  }
  const call = tableCall(consoleCalls, route, f);
  if (!call) return undefined;
  // The upload's own test refuses an extra part by its name (server/features/files/upload.test.ts).
  if (call.multipart) return null;
  return { url: call.url(f), headers: permittedHeaders(call, f), body: { ...call.body?.(f) } };
}

/** The keys a body schema names at its top, which are the route's own fields, not smuggled ones. */
const declaredKeys = (route: WalkedRoute) =>
  Object.keys((route.schema?.body as { properties?: object } | undefined)?.properties ?? {});

describe('a key the route does not name', () => {
  it('is refused by name on every POST, PUT and PATCH route, and changes nothing', async () => {
    const changing = routes.filter((route) => CHANGING.includes(route.method));
    expect(changing.length).toBeGreaterThan(60);
    const untested: string[] = [];
    const answers: string[] = [];
    const before = await tableFingerprints(t.database.db);
    for (const route of changing) {
      const request = workingRequest(route);
      if (request === undefined) untested.push(`${route.method} ${route.url}`);
      if (!request) continue;
      for (const key of PRIVILEGED_KEYS.filter((name) => !declaredKeys(route).includes(name))) {
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: request.url,
          headers: request.headers,
          payload: { ...request.body, [key]: key === 'permissions' ? 15 : true },
        });
        // The unknown key and nothing else: the rest of the body was valid.
        const expected = {
          errors: [
            {
              errorCode: 'additionalProperties',
              location: 'body',
              path: `/${key}`,
              message: 'must NOT have additional properties',
            },
          ],
        };
        if (response.statusCode !== 400 || response.body !== JSON.stringify(expected)) {
          answers.push(`${route.method} ${route.url} +${key}: ${response.statusCode} ${response.body}`);
        }
      }
    }
    expect(untested, 'routes without a working call (server/test/walk-calls.ts)').toEqual([]);
    expect(answers).toEqual([]);
    expect(await tableFingerprints(t.database.db)).toEqual(before);
  });
});

describe('a key the route does not name, deeper in the body', () => {
  it("is refused by its path, as a Site User's site grant that names another cloud", async () => {
    const owner = f.sessions.owner;
    const before = await tableFingerprints(t.database.db);
    const response = await t.app.inject({
      method: 'POST',
      url: `/apiv2/cloud/${f.cloud.id}/invitations`,
      headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrfToken },
      payload: {
        email: 'nested@invited.example',
        role_id: 'ROLE_USER',
        permissions: 0,
        sites: [{ site_id: f.sites.assigned.id, permissions: [], cloudId: 1, userId: 1 }],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .errors.map((error: { path: string }) => error.path)
        .sort(),
    ).toEqual(['/sites/0/cloudId', '/sites/0/userId']);
    expect(await tableFingerprints(t.database.db)).toEqual(before);
  });
});

describe('PATCH /apiv2/user/profile', () => {
  it('does not make its caller a platform administrator', async () => {
    // The Owner of the table's cloud, as partner@demo.example is of theirs.
    const owner = f.sessions.owner;
    const headers = { cookie: owner.cookie, 'x-csrf-token': owner.csrfToken };
    for (const body of [{ is_administrator: true }, { firstname: 'Eve', is_administrator: true }]) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/apiv2/user/profile',
        headers,
        payload: body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        expect.objectContaining({
          errorCode: 'additionalProperties',
          location: 'body',
          path: '/is_administrator',
        }),
      ]);
    }
    const me = await t.app.inject({ method: 'GET', url: '/apiv2/auth/me', headers });
    expect(me.json().user).toMatchObject({ is_administrator: false });
    expect(me.json().user.firstname).not.toBe('Eve');
    const admin = await t.app.inject({ method: 'GET', url: '/apiv2/admin/users', headers });
    expect(admin.statusCode).toBe(403);
  });
});
