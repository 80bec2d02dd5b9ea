// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUD_PERMISSION } from '../../../core/domain.ts';
import { siteFilters } from '../../db/schema/inventory.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import {
  addMember,
  assignSite,
  createCloud,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../../test/factories.ts';

const CALLERS = ['owner', 'siteAdmin', 'plainAdmin', 'guest', 'siteUser', 'outsider', 'anonymous'] as const;
type Caller = (typeof CALLERS)[number];

let t: TestApp;
let cloudId: number;
let siteId: number;
let filterId: number;
const session: Partial<Record<Caller, Session>> = {};
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  cloudId = (await createCloud(db)).id;
  siteId = (await createSite(db, cloudId)).id;
  const [filter] = await db
    .insert(siteFilters)
    .values({ cloudId, name: 'Group', siteIds: [siteId] })
    .returning();
  filterId = filter?.id as number;
  for (const [key, role, bits] of [
    ['owner', 'ROLE_OWNER', 0],
    ['siteAdmin', 'ROLE_ADMIN', CLOUD_PERMISSION.manage_sites],
    ['plainAdmin', 'ROLE_ADMIN', CLOUD_PERMISSION.manage_licenses],
    ['guest', 'ROLE_GUEST', 0],
    ['siteUser', 'ROLE_USER', 0],
  ] as const) {
    const user = await createUser(db);
    await addMember(db, user.id, cloudId, role, bits);
    if (role === 'ROLE_USER') await assignSite(db, user.id, cloudId, siteId, ['read_site']);
    session[key] = await login(t.app, user.email, TEST_PASSWORD);
  }
  const outsider = await createUser(db);
  await addMember(db, outsider.id, (await createCloud(db)).id, 'ROLE_OWNER');
  session.outsider = await login(t.app, outsider.email, TEST_PASSWORD);
});
afterAll(() => t.close());

type Call = { method: 'GET' | 'POST' | 'DELETE'; path: string; payload?: () => object };

const calls: Record<string, Call> = {
  'GET sites-select': { method: 'GET', path: 'sites-select' },
  'POST sites': { method: 'POST', path: 'sites', payload: () => ({ name: `Created Site ${++sequence}` }) },
  'GET site-filters-select': { method: 'GET', path: 'site-filters-select' },
  'POST site-filters-select': {
    method: 'POST',
    path: 'site-filters-select',
    payload: () => ({ siteFilterId: filterId }),
  },
  'DELETE site-filters-select': { method: 'DELETE', path: 'site-filters-select' },
  'POST site-filters': {
    method: 'POST',
    path: 'site-filters',
    payload: () => ({ name: `Group ${++sequence}`, site_ids: [siteId] }),
  },
};

// Expected status per caller, in the order of CALLERS.
const table: [string, number[]][] = [
  ['GET sites-select', [200, 200, 200, 200, 200, 404, 401]],
  ['POST sites', [201, 201, 403, 403, 403, 404, 401]],
  ['GET site-filters-select', [200, 200, 200, 200, 200, 404, 401]],
  ['POST site-filters-select', [200, 200, 403, 403, 403, 404, 401]],
  ['DELETE site-filters-select', [200, 200, 200, 200, 200, 404, 401]],
  ['POST site-filters', [201, 201, 403, 403, 403, 404, 401]],
];

function send(call: Call, headers: Record<string, string>) {
  return t.app.inject({
    method: call.method,
    url: `/apiv2/cloud/${cloudId}/${call.path}`,
    payload: call.payload?.(),
    headers,
  });
}

describe('site routes permissions', () => {
  for (const [name, statuses] of table) {
    it.each(CALLERS.map((caller, i) => [caller, statuses[i] as number]))(
      `${name} as %s answers %i`,
      async (caller, status) => {
        const who = session[caller as Caller];
        const headers = who ? as(who) : { cookie: 'csrf_token=x', 'x-csrf-token': 'x' };
        const response = await send(calls[name] as Call, headers);
        expect(response.statusCode).toBe(status);
      },
    );
  }

  it.each(Object.keys(calls).filter((name) => !name.startsWith('GET')))(
    '%s without the CSRF token answers 403',
    async (name) => {
      const owner = session.owner as Session;
      const response = await send(calls[name] as Call, { cookie: owner.cookie });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Missing or invalid CSRF token.' });
    },
  );
});
