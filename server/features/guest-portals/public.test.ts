// @vitest-environment node
// The voucher page's public calls (docs/guest-access.md#the-voucher-page): the portal's look by NAS, and a
// guest's sign-in with its clear refusals, the rate limit per address, and one cloud's codes kept from another's NAS.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicPortal } from '../../../core/api/guest-portals.ts';
import {
  guestAccounts,
  guestNas,
  guestPlans,
  guestPortals,
  guestSessions,
} from '../../db/schema/guest-access.ts';
import { createTestApp, type TestApp, testSecrets } from '../../test/app.ts';
import { createCloud, createSite } from '../../test/factories.ts';

let t: TestApp;
let freePlanId: number;
const HOUR = 3_600_000;
const GUEST_MAC = '02:aa:bb:cc:dd:01';

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const cloud = (await createCloud(db, { authportEnabled: true, name: 'Harbour Group' })).id;
  const other = (await createCloud(db, { authportEnabled: true })).id;
  const off = (await createCloud(db)).id;
  const site = (await createSite(db, cloud, { name: 'Harbour Hotel' })).id;
  const elsewhere = (await createSite(db, cloud)).id;
  const otherSite = (await createSite(db, other)).id;
  const offSite = (await createSite(db, off)).id;
  await db.insert(guestNas).values([
    { cloudId: cloud, siteId: site, name: 'Lobby AP', address: '10.9.0.1' },
    { cloudId: other, siteId: otherSite, name: 'Other AP', address: '10.9.0.2' },
    { cloudId: off, siteId: offSite, name: 'Off AP', address: '10.9.0.3' },
  ]);
  const plan = (cloudId: number, fields: Partial<typeof guestPlans.$inferInsert> = {}) =>
    db
      .insert(guestPlans)
      .values({
        cloudId,
        name: `Plan ${Math.random()}`,
        validFrom: 'first_use',
        validityMinutes: 60,
        ...fields,
      })
      .returning({ id: guestPlans.id })
      .then(([row]) => row?.id as number);
  const hourly = await plan(cloud);
  const elsewherePlan = await plan(cloud, { siteIds: [elsewhere] });
  freePlanId = await plan(cloud, { validFrom: 'creation', validityMinutes: 30 });
  const otherPlan = await plan(other);
  const past = new Date(Date.now() - HOUR);
  const voucher = (username: string, fields: Partial<typeof guestAccounts.$inferInsert> = {}) => ({
    cloudId: cloud,
    planId: hourly,
    kind: 'voucher' as const,
    username,
    ...fields,
  });
  const accounts = await db
    .insert(guestAccounts)
    .values([
      voucher('GOOD-0001'),
      voucher('GOOD-0002'),
      voucher('OLD-0001', { expiresAt: past }),
      voucher('SPENT-0001', { usedUpAt: past, firstUsedAt: past }),
      voucher('GONE-0001', { revokedAt: past }),
      voucher('TAKEN-0001', { firstUsedAt: past }),
      voucher('AWAY-0001', { planId: elsewherePlan }),
      {
        cloudId: cloud,
        planId: hourly,
        kind: 'user',
        username: 'alice',
        passwordSealed: testSecrets.sealText('wonderland'),
      },
      { cloudId: other, planId: otherPlan, kind: 'voucher', username: 'OTHER-0001' },
    ])
    .returning({ id: guestAccounts.id, username: guestAccounts.username });
  const taken = accounts.find((a) => a.username === 'TAKEN-0001')?.id as number;
  // Another device is on with the single-use voucher.
  await db.insert(guestSessions).values({
    cloudId: cloud,
    siteId: site,
    accountId: taken,
    acctSessionId: 'taken-1',
    mac: '02:ff:00:00:00:01',
    startedAt: past,
    updatedAt: new Date(),
  });
  const look = {
    methods: ['voucher', 'account', 'click_through', 'email'],
    freePlanId,
    texts: {
      en: { welcome: 'Welcome aboard', terms: 'Be kind.' },
      hu: { welcome: 'Üdvözöljük', terms: 'Legyen kedves.' },
    },
    redirectUrl: 'https://harbour.example/welcome',
  };
  await db.insert(guestPortals).values([
    { cloudId: cloud, siteId: site, name: 'Harbour Guests', ...look },
    { cloudId: cloud, siteId: site, ssid: 'Staff', name: 'Harbour Staff', methods: ['account'] },
    { cloudId: other, siteId: otherSite, name: 'Other portal', methods: ['voucher'] },
    { cloudId: off, siteId: offSite, name: 'Off portal', methods: ['voucher'] },
  ]);
});
afterAll(() => t.close());

let address = 0;
/** A fresh client address, so each test has its own tries. */
const nextAddress = () => `192.0.2.${++address}`;

const portalOf = (query: string) => t.app.inject({ method: 'GET', url: `/apiv2/guest-portal?${query}` });
const signIn = (body: object, remoteAddress = nextAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/apiv2/guest-portal/login',
    payload: { nas: '10.9.0.1', mac: GUEST_MAC, ...body },
    remoteAddress,
  });
const refusalOf = (response: { json: () => unknown }) =>
  (response.json() as { errors: { errorCode: string }[] }).errors.map((e) => e.errorCode);

describe('the portal a NAS shows', () => {
  it("answers the portal's look and texts in the language asked for, and nothing else", async () => {
    const response = await portalOf('nas=10.9.0.1&lang=hu');
    expect(response.statusCode).toBe(200);
    const portal = response.json<PublicPortal>();
    expect(Object.keys(portal).sort()).toEqual(Object.keys(PublicPortal.properties).sort());
    expect(portal).toMatchObject({
      name: 'Harbour Guests',
      language: 'hu',
      welcome: 'Üdvözöljük',
      methods: ['voucher', 'account', 'click_through', 'email'],
      logo_url: null,
    });
    expect(response.body).not.toContain('Harbour Group');
    expect(response.body).not.toContain('Harbour Hotel');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('falls back to English, and takes the SSID’s own portal over the site’s default', async () => {
    expect((await portalOf('nas=10.9.0.1&lang=ja')).json<PublicPortal>()).toMatchObject({
      language: 'en',
      welcome: 'Welcome aboard',
    });
    expect((await portalOf('nas=10.9.0.1&ssid=Staff')).json<PublicPortal>()).toMatchObject({
      name: 'Harbour Staff',
      methods: ['account'],
      language: null,
      welcome: '',
    });
    expect((await portalOf('nas=10.9.0.1&ssid=Guests')).json<PublicPortal>().name).toBe('Harbour Guests');
  });

  it('answers 404 for an unknown NAS and for a cloud with AuthPort off, and 400 for unknown keys', async () => {
    for (const nas of ['10.9.9.9', '10.9.0.3']) {
      const response = await portalOf(`nas=${nas}`);
      expect(response.statusCode).toBe(404);
      expect(Object.keys(response.json())).toEqual(['message']);
    }
    expect((await portalOf('nas=10.9.0.1&cloud=1')).statusCode).toBe(400);
    expect((await portalOf('nas=10.9.0.1&lang=fr')).statusCode).toBe(400);
  });
});

describe('a guest signing in', () => {
  it('answers a voucher’s credentials for the NAS and where to go next', async () => {
    const response = await signIn({ method: 'voucher', code: ' good-0001 ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      username: 'GOOD-0001',
      password: 'GOOD-0001',
      redirect_url: 'https://harbour.example/welcome',
    });
  });

  it('answers an account’s credentials, and one error for a wrong name or a wrong password', async () => {
    const right = await signIn({ method: 'account', username: 'alice', password: 'wonderland' });
    expect(right.json()).toMatchObject({ username: 'alice', password: 'wonderland' });
    const wrongPassword = await signIn({ method: 'account', username: 'alice', password: 'looking-glass' });
    const noSuchUser = await signIn({ method: 'account', username: 'bob', password: 'wonderland' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(refusalOf(wrongPassword)).toEqual(['wrong_password']);
    expect(noSuchUser.json()).toEqual(wrongPassword.json());
  });

  it.each([
    ['unknown', { method: 'voucher', code: 'NOPE-0001' }],
    ['expired', { method: 'voucher', code: 'OLD-0001' }],
    ['used_up', { method: 'voucher', code: 'SPENT-0001' }],
    ['revoked', { method: 'voucher', code: 'GONE-0001' }],
    ['too_many_devices', { method: 'voucher', code: 'TAKEN-0001' }],
    ['not_here', { method: 'voucher', code: 'AWAY-0001' }],
    ['terms_not_accepted', { method: 'click_through', accept_terms: false }],
    ['terms_not_accepted', { method: 'email', email: 'ann@example.com' }],
  ])('refuses with %s', async (code, body) => {
    const response = await signIn(body);
    expect(response.statusCode).toBe(400);
    expect(refusalOf(response)).toEqual([code]);
  });

  it('refuses a method the portal does not offer', async () => {
    const response = await signIn({ method: 'voucher', code: 'GOOD-0002', ssid: 'Staff' });
    expect(refusalOf(response)).toEqual(['method_not_allowed']);
  });

  it('never accepts one cloud’s code at another cloud’s NAS', async () => {
    const here = await signIn({ method: 'voucher', code: 'GOOD-0002', nas: '10.9.0.2' });
    expect(refusalOf(here)).toEqual(['unknown']);
    const there = await signIn({ method: 'voucher', code: 'OTHER-0001' });
    expect(refusalOf(there)).toEqual(['unknown']);
    const off = await signIn({ method: 'voucher', code: 'GOOD-0002', nas: '10.9.0.3' });
    expect(off.statusCode).toBe(404);
  });

  it('gives a click-through or an email capture an account of the free plan', async () => {
    const click = await signIn({ method: 'click_through', accept_terms: true });
    expect(click.statusCode, click.body).toBe(200);
    const made = click.json<{ username: string; password: string }>();
    expect(made.username).toMatch(/^guest-/);
    const email = await signIn({ method: 'email', email: 'Ann@Example.com', accept_terms: true });
    const byEmail = email.json<{ username: string }>();
    const [row] = await t.database.db
      .select()
      .from(guestAccounts)
      .where(eq(guestAccounts.username, byEmail.username));
    expect(row).toMatchObject({ kind: 'email', email: 'ann@example.com', planId: freePlanId });
    // A plan valid from creation runs from now.
    expect(row?.validUntil?.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(row?.passwordSealed).not.toContain(made.password);
    const badEmail = await signIn({ method: 'email', email: 'not an email', accept_terms: true });
    expect(badEmail.statusCode).toBe(400);
  });

  it.each([
    ['an unknown key', { method: 'voucher', code: 'GOOD-0002', plan_id: 1 }],
    ['no MAC address', { method: 'voucher', code: 'GOOD-0002', mac: '' }],
    ['an unknown method', { method: 'sms', code: 'GOOD-0002' }],
  ])('answers 400 to %s', async (_name, body) => {
    expect((await signIn(body)).statusCode).toBe(400);
  });

  it('gives an address a few wrong tries, then 429 with Retry-After, even for a right code', async () => {
    const from = nextAddress();
    for (let i = 0; i < 5; i += 1) {
      expect((await signIn({ method: 'voucher', code: `WRONG-${i}` }, from)).statusCode).toBe(400);
    }
    const blocked = await signIn({ method: 'voucher', code: 'GOOD-0002' }, from);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Object.keys(blocked.json())).toEqual(['message']);
    // Another address is not held back.
    expect((await signIn({ method: 'voucher', code: 'GOOD-0002' })).statusCode).toBe(200);
  });

  it('starts an address’s count again after a sign-in that passes', async () => {
    const from = nextAddress();
    for (let i = 0; i < 4; i += 1) await signIn({ method: 'voucher', code: `WRONG-${i}` }, from);
    expect((await signIn({ method: 'voucher', code: 'GOOD-0002' }, from)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) {
      expect((await signIn({ method: 'voucher', code: `WRONG-${i}` }, from)).statusCode).toBe(400);
    }
  });
});
