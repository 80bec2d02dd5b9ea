// @vitest-environment node
// The access rules of docs/roles.md and docs/api.md#http-conventions, docs/decisions.md as one table: every route and method against every kind of
// caller, browser sessions and API tokens (docs/api-tokens.md) alike. Each feature's own tests cover what the
// calls answer; this file covers who may call them.
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRecords } from './db/schema/audit.ts';
import { wirelessClients } from './db/schema/inventory.ts';
import { adoptDevice, createFleetCloud } from './fleet/test-fleet.ts';
import {
  answerOf,
  type Call,
  type Caller,
  isToken,
  ROUTE_PLACEHOLDERS,
  TOKEN_KINDS,
  type TokenKind,
} from './test/access-rules.ts';
import { CALLS, clientIds } from './test/access-table.ts';
import { createTableTokens } from './test/access-tokens.ts';
import { as, createTestApp, type TestApp } from './test/app.ts';
import { ACTORS, createRoleCloud, type RoleCloud } from './test/role-cloud.ts';

const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);
async function multipartBody() {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'plan.png');
  const request = new Request('http://localhost/', { method: 'PUT', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

let t: TestApp;
let f: RoleCloud;
let tokens: Record<TokenKind, string>;
beforeAll(async () => {
  // The push subscription rows use push.example.com endpoints.
  t = await createTestApp({}, { PUSH_SERVICE_HOSTS: 'push.example.com' });
  f = await createRoleCloud(t);
  // A wireless client on each site's device.
  for (const site of ['assigned', 'other'] as const) {
    const device = f.devices[`${site}Device`];
    const [client] = await t.database.db
      .insert(wirelessClients)
      .values({
        cloudId: f.cloud.id,
        siteId: f.sites[site].id,
        deviceId: device.id,
        mac: `02:c1:00:00:00:0${site.length}`,
      })
      .returning();
    clientIds[site] = client?.id ?? 0;
  }
  tokens = await createTableTokens(t, f);
}, 120_000);
afterAll(() => t.close());

async function send(caller: Caller, call: Call) {
  const headers: Record<string, string> = { ...call.headers?.(f) };
  // A bearer request: no cookie, no CSRF token (docs/api-tokens.md#what-a-token-reaches).
  if (isToken(caller)) headers.authorization = `Bearer ${tokens[caller]}`;
  else if (caller !== 'anonymous') {
    const session = f.sessions[caller === 'withoutCsrf' ? 'owner' : caller];
    headers.cookie = session.cookie;
    if (caller !== 'withoutCsrf') headers['x-csrf-token'] = session.csrfToken;
  }
  let payload: string | Buffer | undefined;
  if (call.multipart) {
    const body = await multipartBody();
    payload = body.payload;
    headers['content-type'] = body.contentType;
  } else if (call.body) {
    payload = JSON.stringify(call.body(f));
    headers['content-type'] = 'application/json';
  }
  return t.app.inject({ method: call.method, url: call.url(f), headers, payload });
}

const CALLERS: Caller[] = [...ACTORS, 'anonymous', 'withoutCsrf', ...TOKEN_KINDS];

describe('access table', () => {
  for (const call of CALLS) {
    const name = `${call.method} ${call.url(ROUTE_PLACEHOLDERS)}`;
    const site = 'site' in call.rule ? ` (on the ${call.rule.site} site)` : '';
    describe(`${name}${site}`, () => {
      for (const caller of CALLERS) {
        const { outcome, message } = answerOf(caller, call);
        it(`${caller}: ${outcome === 'ok' ? 'allowed' : outcome}`, async () => {
          const response = await send(caller, call);
          if (outcome === 'ok') {
            expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
            expect(response.statusCode, response.body).toBeLessThan(300);
          } else {
            expect(response.statusCode, response.body).toBe(outcome);
            expect(Object.keys(response.json())).toEqual(['message']);
            if (message) expect(response.json().message).toBe(message);
          }
        });
      }
    });
  }
});

describe('beyond the table', () => {
  it('answers 404 for a cloud that does not exist, as for one the caller cannot see', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/apiv2/cloud/2000000/recent-alerts',
      headers: as(f.sessions.owner),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
  });

  it('records no change by the read-only token, whose every write the table refused', async () => {
    // Each token's changes are in the change log under its name (docs/api-tokens.md#the-change-log).
    const changesBy = async (kind: TokenKind) =>
      t.database.db
        .select({ id: auditRecords.id })
        .from(auditRecords)
        .where(like(auditRecords.actorEmail, `API token "Access table ${kind}"%`));
    expect(await changesBy('ownerReadOnlyToken')).toEqual([]);
    expect((await changesBy('ownerToken')).length).toBeGreaterThan(0);
  });

  it('answers 401 to a caller without a session who echoes the csrf_token cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/apiv2/cloud/${f.cloud.id}/mark-alerts-as-viewed`,
      headers: { cookie: 'csrf_token=anonymous', 'x-csrf-token': 'anonymous' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('browser sessions and device credentials stay apart', () => {
  const heartbeatBody = { seq: 1 };
  it('answers 401 to a browser session on every agent API route', async () => {
    for (const path of ['/agent/v1/adopt', '/agent/v1/heartbeat', '/agent/v1/events']) {
      const response = await t.app.inject({
        method: 'POST',
        url: path,
        headers: as(f.sessions.owner),
        payload: path.endsWith('adopt') ? {} : heartbeatBody,
      });
      // Adoption needs no credential but a device's identity: a session is no identity either.
      expect(response.statusCode, path).toBe(path.endsWith('adopt') ? 400 : 401);
    }
  });

  it('answers 401 to a device credential on the console API', async () => {
    const device = await createFleetCloud(t);
    const credential = await adoptDevice(t, device.device);
    for (const [method, url] of [
      ['GET', '/apiv2/auth/me'],
      ['GET', `/apiv2/cloud/${device.cloud.id}/devices`],
      ['GET', `/apiv2/cloud/${f.cloud.id}/recent-alerts`],
      ['POST', `/apiv2/cloud/${device.cloud.id}/mark-alerts-as-viewed`],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${credential}` },
      });
      // A bearer request is checked by its API token alone (docs/api-tokens.md): a device's is none.
      expect(response.statusCode, url).toBe(401);
    }
  });
});
