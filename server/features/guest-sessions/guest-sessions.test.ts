// @vitest-environment node
// History's calls (docs/guest-access.md#history): the sessions paged by their start, the filters, the CSV
// export, and disconnecting a guest at a NAS that answers (a test NAS on a UDP socket), with the change log
// entry. server/test/access-table-guest-certificate.ts has every caller kind.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuestSession } from '../../../core/api/guest-sessions.ts';
import { auditRecords } from '../../db/schema/audit.ts';
import {
  guestAccounts,
  guestNas,
  guestPlans,
  guestSessions,
  guestSiteSecrets,
} from '../../db/schema/guest-access.ts';
import { as, createTestApp, login, type Session, type TestApp, testSecrets } from '../../test/app.ts';
import {
  addMember,
  createCloud,
  createDevice,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../../test/factories.ts';
import { startTestNas, type TestNas } from './test-nas.ts';

const SECRET = 'history-radius';
let t: TestApp;
let nas: TestNas;
let cloudId: number;
let siteId: number;
let otherSiteId: number;
let owner: Session;
let ownerId: number;
const accounts: Record<string, number> = {};
let foreignSessionId: number;
let foreignAccountId: number;

const HOUR = 3_600_000;
const base = Date.parse('2026-11-20T12:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp();
  nas = await startTestNas(SECRET);
  const { db } = t.database;
  cloudId = (await createCloud(db, { authportEnabled: true })).id;
  siteId = (await createSite(db, cloudId, { name: 'Harbour Hotel' })).id;
  otherSiteId = (await createSite(db, cloudId, { name: 'Airport Lounge' })).id;
  const ap = await createDevice(db, cloudId, siteId, { name: 'Lobby AP' });
  await db.insert(guestSiteSecrets).values({ siteId, cloudId, secretSealed: testSecrets.sealText(SECRET) });
  const [nasRow] = await db
    .insert(guestNas)
    .values({ cloudId, siteId, name: 'Test NAS', address: '127.0.0.1', coaPort: nas.port })
    .returning({ id: guestNas.id });
  const [plan] = await db
    .insert(guestPlans)
    .values({ cloudId, name: 'Day pass', validFrom: 'first_use', validityMinutes: 1440 })
    .returning({ id: guestPlans.id });
  for (const [username, kind] of [
    ['DEMO-0001', 'voucher'],
    ['alice', 'user'],
    ['bob', 'user'],
  ] as const) {
    const [row] = await db
      .insert(guestAccounts)
      .values({ cloudId, planId: plan?.id ?? 0, kind, username })
      .returning({ id: guestAccounts.id });
    accounts[username] = row?.id ?? 0;
  }
  // Six ended sessions an hour apart, then two open ones (alice's and bob's), all at the test NAS.
  const session = (i: number, fields: Partial<typeof guestSessions.$inferInsert>) => ({
    cloudId,
    siteId,
    nasId: nasRow?.id ?? null,
    accountId: accounts['DEMO-0001'] ?? 0,
    acctSessionId: `acct-${i}`,
    mac: `02:aa:bb:00:00:0${i}`,
    deviceId: ap.id,
    ssid: 'Harbour Guests',
    startedAt: new Date(base + i * HOUR),
    updatedAt: new Date(base + i * HOUR + 1_800_000),
    durationS: 1800,
    bytesIn: 1_000 * i,
    bytesOut: 2_500_000 * i,
    ...fields,
  });
  await db.insert(guestSessions).values([
    ...[0, 1, 2, 3, 4, 5].map((i) =>
      session(i, {
        endedAt: new Date(base + i * HOUR + 1_800_000),
        endReason: i % 2 === 0 ? 'session_timeout' : 'idle_timeout',
        siteId: i === 5 ? otherSiteId : siteId,
      }),
    ),
    session(6, { accountId: accounts.alice, mac: 'AA-BB-CC-DD-EE-06', ssid: 'Harbour Guests' }),
    session(7, { accountId: accounts.bob }),
  ]);
  const user = await createUser(db);
  ownerId = user.id;
  await addMember(db, user.id, cloudId, 'ROLE_OWNER');
  owner = await login(t.app, user.email, TEST_PASSWORD);
  // Another cloud's guest and open session.
  const foreign = (await createCloud(db, { authportEnabled: true })).id;
  const foreignSite = (await createSite(db, foreign)).id;
  const [foreignPlan] = await db
    .insert(guestPlans)
    .values({ cloudId: foreign, name: 'Theirs', validFrom: 'creation', validityMinutes: 60 })
    .returning({ id: guestPlans.id });
  const [foreignAccount] = await db
    .insert(guestAccounts)
    .values({ cloudId: foreign, planId: foreignPlan?.id ?? 0, kind: 'user', username: 'carol' })
    .returning({ id: guestAccounts.id });
  foreignAccountId = foreignAccount?.id ?? 0;
  const [foreignSession] = await db
    .insert(guestSessions)
    .values({
      cloudId: foreign,
      siteId: foreignSite,
      accountId: foreignAccountId,
      acctSessionId: 'theirs',
      mac: '02:ff:00:00:00:01',
      startedAt: new Date(base),
      updatedAt: new Date(base),
    })
    .returning({ id: guestSessions.id });
  foreignSessionId = foreignSession?.id ?? 0;
}, 60_000);
afterAll(async () => {
  await nas.close();
  await t.close();
});

const get = (query: string) =>
  t.app.inject({
    method: 'GET',
    url: `/apiv2/cloud/${cloudId}/authport/sessions${query}`,
    headers: as(owner),
  });
const disconnect = (payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/apiv2/cloud/${cloudId}/authport/sessions/disconnect`,
    headers: as(owner),
    payload,
  });
const names = (items: GuestSession[]) => items.map((item) => item.mac);

describe('the sessions', () => {
  it('come newest start first, a page at a time by cursor, with the total', async () => {
    const first = (await get('?limit=3')).json();
    expect(first).toMatchObject({ total: 8, total_capped: false });
    expect(names(first.items)).toEqual(['02:aa:bb:00:00:07', 'AA-BB-CC-DD-EE-06', '02:aa:bb:00:00:05']);
    const second = (await get(`?limit=3&cursor=${encodeURIComponent(first.next_cursor)}`)).json();
    expect(names(second.items)).toEqual(['02:aa:bb:00:00:04', '02:aa:bb:00:00:03', '02:aa:bb:00:00:02']);
    const last = (await get(`?limit=3&cursor=${encodeURIComponent(second.next_cursor)}`)).json();
    expect(names(last.items)).toEqual(['02:aa:bb:00:00:01', '02:aa:bb:00:00:00']);
    expect(last.next_cursor).toBeNull();
    expect(first.items[2]).toMatchObject({
      account: { id: accounts['DEMO-0001'], username: 'DEMO-0001', kind: 'voucher' },
      site: { id: otherSiteId, name: 'Airport Lounge' },
      access_point: 'Lobby AP',
      nas: { name: 'Test NAS' },
      ssid: 'Harbour Guests',
      duration_s: 1800,
      bytes_in: 5000,
      bytes_out: 12_500_000,
      end_reason: 'idle_timeout',
      started_at: '2026-11-20T17:00:00.000Z',
      ended_at: '2026-11-20T17:30:00.000Z',
      disconnected_by: null,
    });
  });

  it('filter by site, state, username or MAC in any notation, start range and end reason', async () => {
    const macs = async (query: string) => names((await get(query)).json().items);
    expect(await macs(`?site_id=${otherSiteId}`)).toEqual(['02:aa:bb:00:00:05']);
    expect(await macs('?state=active')).toEqual(['02:aa:bb:00:00:07', 'AA-BB-CC-DD-EE-06']);
    expect((await get('?state=ended')).json().total).toBe(6);
    expect(await macs('?search=ALI')).toEqual(['AA-BB-CC-DD-EE-06']);
    expect(await macs('?search=aabbccddee06')).toEqual(['AA-BB-CC-DD-EE-06']);
    expect(await macs('?search=02:aa:bb:00:00:03')).toEqual(['02:aa:bb:00:00:03']);
    expect(await macs(`?account_id=${accounts.bob}`)).toEqual(['02:aa:bb:00:00:07']);
    expect(
      await macs(
        `?from=${encodeURIComponent('2026-11-20T13:00:00Z')}&to=${encodeURIComponent('2026-11-20T15:00:00Z')}`,
      ),
    ).toEqual(['02:aa:bb:00:00:02', '02:aa:bb:00:00:01']);
    expect(await macs('?end_reason=session_timeout')).toEqual([
      '02:aa:bb:00:00:04',
      '02:aa:bb:00:00:02',
      '02:aa:bb:00:00:00',
    ]);
  });

  it('refuses bad filters and unknown keys', async () => {
    for (const query of [
      '?state=open',
      '?from=yesterday',
      '?end_reason=bored',
      '?cursor=abc',
      '?limit=1000',
      '?cloud_id=1',
    ]) {
      expect((await get(query)).statusCode, query).toBe(400);
    }
  });

  it('export as CSV with the same filters, a header then a line each', async () => {
    const answer = await get(`/export?state=ended&site_id=${siteId}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="guest-sessions-\d+-/);
    const lines = answer.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'username,kind,mac,site,access_point,ssid,ip,started_at,ended_at,duration_s,bytes_in,bytes_out,end_reason',
    );
    expect(lines).toHaveLength(6);
    expect(lines[1]).toBe(
      'DEMO-0001,voucher,02:aa:bb:00:00:04,Harbour Hotel,Lobby AP,Harbour Guests,,2026-11-20T16:00:00.000Z,' +
        '2026-11-20T16:30:00.000Z,1800,4000,10000000,session_timeout',
    );
  });
});

describe('disconnecting a guest', () => {
  it('refuses what is not one open session or account of the cloud, changing nothing', async () => {
    const ended = (await get('?state=ended&limit=1')).json().items[0].id;
    expect((await disconnect({ session_id: ended })).statusCode).toBe(409);
    expect((await disconnect({ session_id: foreignSessionId })).statusCode).toBe(404);
    expect((await disconnect({ account_id: foreignAccountId })).statusCode).toBe(404);
    expect((await disconnect({ account_id: accounts['DEMO-0001'] })).statusCode).toBe(409);
    for (const body of [
      {},
      { session_id: 1, account_id: 1 },
      { session_id: 'x' },
      { session_id: 1, cause: 'x' },
    ]) {
      expect((await disconnect(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(nas.disconnected).toEqual([]);
  });

  it('sends a Disconnect-Request to the NAS and answers that it acknowledged, with a change log entry', async () => {
    const answer = await disconnect({ session_id: (await get('?search=alice')).json().items[0].id });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ acked: 1, refused: 0, unanswered: 0 });
    expect(nas.disconnected).toEqual(['acct-6']);
    const [record] = await t.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.cloudId, cloudId), eq(auditRecords.action, 'disconnected')));
    expect(record).toMatchObject({ objectType: 'guest_session', objectName: 'alice', actorUserId: ownerId });
    expect(record?.after).toMatchObject({ sessions: 1, acked: 1 });
  });

  it('disconnects every open session of an account', async () => {
    const answer = await disconnect({ account_id: accounts.bob });
    expect(answer.json()).toEqual({ acked: 1, refused: 0, unanswered: 0 });
    expect(nas.disconnected.at(-1)).toBe('acct-7');
  });
});
