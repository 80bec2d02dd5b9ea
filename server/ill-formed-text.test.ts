// @vitest-environment node
// Text that is not well-formed Unicode (a lone surrogate: half of a UTF-16 pair) is refused wherever a
// request carries it, with the 400 shape naming the field, before anything is stored: PostgreSQL refuses it
// in jsonb, so it used to fail the change log's insert with a 500 (docs/api-conventions.md).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Call } from './test/access-rules.ts';
import { CALLS } from './test/access-table.ts';
import { as, type TestApp } from './test/app.ts';
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
import { textIssues } from './validation.ts';

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

/** Text with one lone surrogate somewhere in it, between any well-formed text. */
const illFormed = fc
  .tuple(
    fc.string({ unit: 'binary', maxLength: 8 }),
    fc.integer({ min: 0xd800, max: 0xdfff }),
    fc.string({ unit: 'binary', maxLength: 8 }),
  )
  .map(([before, unit, after]) => `${before}${String.fromCharCode(unit)}${after}`)
  // The NUL character has its own refusal (server/app.test.ts).
  .filter((text) => !text.isWellFormed() && !text.includes('\u0000'));

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** The JSON pointer of every string in a value. */
function stringPaths(value: Json, path = ''): string[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, `${path}/${i}`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, `${path}/${key}`));
  }
  return [];
}

/** A copy of the value with the string at the path replaced. */
function withText(value: Json, path: string, text: string): Json {
  const copy = structuredClone(value);
  const keys = path.split('/').slice(1);
  const last = keys.pop() as string;
  const parent = keys.reduce<Json>((node, key) => (node as Record<string, Json>)[key] as Json, copy);
  (parent as Record<string, Json>)[last] = text;
  return copy;
}

type Request = { url: string; headers: Record<string, string>; body: Json };

function workingRequest(route: WalkedRoute): Request | undefined {
  if (route.url.startsWith('/agent/v1/')) {
    const agent = agentCalls.find((call) => matchesPattern(route.url, call.url));
    return agent && { url: agent.url, headers: agent.headers, body: agent.body() as Json };
  }
  const call = tableCall(consoleCalls, route, f);
  if (!call?.body) return undefined;
  return { url: call.url(f), headers: permittedHeaders(call, f), body: call.body(f) as Json };
}

const refusal = (path: string) => ({
  errors: [
    {
      errorCode: 'ill_formed_text',
      location: 'body',
      path,
      message: 'must be well-formed Unicode text: a lone surrogate (\\ud800-\\udfff) is not a character',
    },
  ],
});

describe('a lone surrogate in a request', () => {
  it('is refused in every string of every body, naming its path, and changes nothing', async () => {
    const tested = new Set<string>();
    const answers: string[] = [];
    const before = await tableFingerprints(t.database.db);
    for (const route of routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))) {
      const request = workingRequest(route);
      if (!request) continue;
      for (const path of stringPaths(request.body)) {
        tested.add(`${route.method} ${route.url}`);
        await fc.assert(
          fc.asyncProperty(illFormed, async (text) => {
            const response = await t.app.inject({
              method: route.method as 'POST',
              url: request.url,
              headers: { ...request.headers, 'content-type': 'application/json' },
              // JSON.stringify writes a lone surrogate as its \u escape, as any client would send it.
              payload: JSON.stringify(withText(request.body, path, text)),
            });
            if (response.statusCode !== 400 || response.body !== JSON.stringify(refusal(path))) {
              answers.push(`${route.method} ${route.url} ${path}: ${response.statusCode} ${response.body}`);
            }
          }),
          { numRuns: 3 },
        );
      }
    }
    expect(answers).toEqual([]);
    // The console API and the agent API alike.
    expect(tested.size).toBeGreaterThan(30);
    expect([...tested].some((name) => name.startsWith('POST /agent/v1/heartbeat'))).toBe(true);
    expect(await tableFingerprints(t.database.db)).toEqual(before);
  });

  it('is refused in a key, and in a nested array, by its path', async () => {
    const owner = as(f.sessions.owner);
    const key = await t.app.inject({
      method: 'PATCH',
      url: '/apiv2/user/profile',
      headers: { ...owner, 'content-type': 'application/json' },
      payload: '{"first\\udc00name":"Ann"}',
    });
    expect(key.statusCode).toBe(400);
    expect(key.json().errors[0]).toMatchObject({ errorCode: 'ill_formed_text', path: '/first\udc00name' });
    const nested = await t.app.inject({
      method: 'PUT',
      url: `/apiv2/cloud/${f.cloud.id}/notification-settings`,
      headers: { ...owner, 'content-type': 'application/json' },
      payload: '{"types":[{"alert_type":"DEV_REBOOT","push":{"everyone":true,"user_ids":["\\ud800"]}}]}',
    });
    expect(nested.json()).toEqual(refusal('/types/0/push/user_ids/0'));
  });

  it('PATCH /apiv2/user/profile {"firstname":"\\ud800"} is a 400 naming /firstname, not a 500', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/apiv2/user/profile',
      headers: { ...as(f.sessions.owner), 'content-type': 'application/json' },
      payload: '{"firstname":"\\ud800"}',
    });
    expect(response.json()).toEqual(refusal('/firstname'));
  });

  it('is refused in a query or the params by the parameter; the bytes of one in a URL are no 500', async () => {
    // A URL carries UTF-8, which has no lone surrogates: its percent-encoded bytes are decoded otherwise.
    const owner = as(f.sessions.owner);
    for (const url of [
      `/apiv2/cloud/${f.cloud.id}/devices?search=ab%ED%A0%80cd`,
      '/apiv2/user/list-columns/dev%ED%A0%80ices',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: owner });
      expect(response.statusCode, url).toBeLessThan(500);
    }
    // What reaches the check is held to the same rule as a body.
    expect(textIssues({ search: 'ab\ud800', tags: ['x', '\udfff'] }, 'query')).toEqual([
      { ...refusal('/search').errors[0], location: 'query' },
      { ...refusal('/tags/1').errors[0], location: 'query' },
    ]);
  });
});
