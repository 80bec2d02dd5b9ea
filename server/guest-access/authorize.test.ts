// docs/guest-access.md#radius: who may get on, as the portal and the RADIUS service ask it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connect.ts';
import { guestAccounts, guestNas, guestPlans, guestSessions } from '../db/schema/guest-access.ts';
import { testSecrets } from '../test/app.ts';
import { openTestDatabase } from '../test/database.ts';
import { createCloud, createSite } from '../test/factories.ts';
import { checkGuestLogin, type LoginAttempt, markFirstUse, normalizeMac } from './authorize.ts';

let database: DatabaseHandle;
let cloudId: number;
let siteId: number;
let otherSiteId: number;
let nasId: number;
const NOW = new Date('2026-03-15T12:00:00Z');
let sequence = 0;

async function plan(fields: Partial<typeof guestPlans.$inferInsert> = {}) {
  sequence += 1;
  const [row] = await database.db
    .insert(guestPlans)
    .values({ cloudId, name: `Plan ${sequence}`, validFrom: 'first_use', validityMinutes: 600, ...fields })
    .returning();
  return row?.id ?? 0;
}

async function account(planId: number, fields: Partial<typeof guestAccounts.$inferInsert> = {}) {
  sequence += 1;
  const [row] = await database.db
    .insert(guestAccounts)
    .values({ cloudId, planId, kind: 'voucher', username: `CODE-${sequence}`, ...fields })
    .returning();
  if (!row) throw new Error('account not made');
  return row;
}

async function session(
  accountId: number,
  mac: string,
  fields: Partial<typeof guestSessions.$inferInsert> = {},
) {
  sequence += 1;
  await database.db.insert(guestSessions).values({
    cloudId,
    siteId,
    nasId,
    accountId,
    acctSessionId: `s${sequence}`,
    mac,
    startedAt: new Date(NOW.getTime() - 60_000),
    updatedAt: new Date(NOW.getTime() - 30_000),
    ...fields,
  });
}

const attempt = (username: string, fields: Partial<LoginAttempt> = {}): LoginAttempt => ({
  cloudId,
  siteId,
  ssid: 'Guests',
  username,
  password: username,
  mac: '02:00:00:00:00:01',
  now: NOW,
  ...fields,
});

const reason = async (username: string, fields: Partial<LoginAttempt> = {}) => {
  const check = await checkGuestLogin(database.db, testSecrets, attempt(username, fields));
  return check.ok ? 'ok' : check.reason;
};

beforeAll(async () => {
  database = await openTestDatabase();
  cloudId = (await createCloud(database.db, { authportEnabled: true })).id;
  siteId = (await createSite(database.db, cloudId)).id;
  otherSiteId = (await createSite(database.db, cloudId)).id;
  const [nas] = await database.db
    .insert(guestNas)
    .values({ cloudId, siteId, name: 'AP', address: '127.0.9.1' })
    .returning();
  nasId = nas?.id ?? 0;
}, 60_000);

afterAll(async () => {
  await database?.close();
});

describe('checkGuestLogin', () => {
  it('applies a plan only at its sites and SSIDs', async () => {
    const here = await account(await plan({ siteIds: [siteId], ssids: ['Guests'] }));
    expect(await reason(here.username)).toBe('ok');
    expect(await reason(here.username, { siteId: otherSiteId })).toBe('not_here');
    expect(await reason(here.username, { ssid: 'Staff' })).toBe('not_here');
    expect(await reason(here.username, { ssid: null })).toBe('not_here');
  });

  it("counts the open sessions of other devices against the plan's devices; a stale one no longer counts", async () => {
    const two = await account(await plan({ devicesPerAccount: 2 }), { shared: true, firstUsedAt: NOW });
    await session(two.id, '02:00:00:00:00:0a');
    expect(await reason(two.username)).toBe('ok');
    await session(two.id, '02:00:00:00:00:0b');
    expect(await reason(two.username)).toBe('too_many_devices');
    // A device already on may sign in again.
    expect(await reason(two.username, { mac: '02-00-00-00-00-0A' })).toBe('ok');
    await database.db
      .update(guestSessions)
      .set({ updatedAt: new Date(NOW.getTime() - 3_600_000) })
      .where(eq(guestSessions.mac, '02:00:00:00:00:0b'));
    expect(await reason(two.username)).toBe('ok');
  });

  it('keeps a single-use voucher to the first device that used it', async () => {
    const single = await account(await plan({ devicesPerAccount: 3 }), { firstUsedAt: NOW });
    await session(single.id, '02:00:00:00:00:0c', { endedAt: NOW });
    expect(await reason(single.username, { mac: '02:00:00:00:00:0c' })).toBe('ok');
    expect(await reason(single.username, { mac: '02:00:00:00:00:0d' })).toBe('too_many_devices');
  });

  it("counts data per UTC day, and the plan's time over the account's sessions", async () => {
    const daily = await account(await plan({ periodQuotaBytes: 1000, quotaPeriod: 'day' }), {
      firstUsedAt: NOW,
    });
    await session(daily.id, '02:00:00:00:00:01', {
      startedAt: new Date('2026-03-14T23:00:00Z'),
      bytesIn: 5000,
      endedAt: new Date('2026-03-14T23:30:00Z'),
    });
    await session(daily.id, '02:00:00:00:00:01', { bytesIn: 400, bytesOut: 100, endedAt: NOW });
    const check = await checkGuestLogin(database.db, testSecrets, attempt(daily.username));
    expect(check.ok && check.left).toEqual({ seconds: 600 * 60, bytes: 500 });
    await session(daily.id, '02:00:00:00:00:01', { bytesIn: 500, endedAt: NOW });
    expect(await reason(daily.username)).toBe('used_up');

    const hour = await account(await plan({ sessionMinutes: 60 }), { firstUsedAt: NOW });
    await session(hour.id, '02:00:00:00:00:01', { durationS: 3000, endedAt: NOW });
    const left = await checkGuestLogin(database.db, testSecrets, attempt(hour.username));
    expect(left.ok && left.left.seconds).toBe(600);
    await session(hour.id, '02:00:00:00:00:01', { durationS: 600, endedAt: NOW });
    expect(await reason(hour.username)).toBe('used_up');
  });

  it('tells unknown, wrong password, revoked, expired and used up apart; accounts compare the sealed password', async () => {
    const planId = await plan();
    const user = await account(planId, {
      kind: 'user',
      username: 'Bob',
      passwordSealed: testSecrets.sealText('pw'),
    });
    expect(await reason('bob', { password: 'pw' })).toBe('ok');
    expect(await reason('bob', { password: 'PW' })).toBe('wrong_password');
    expect(await reason('nobody')).toBe('unknown');
    const revoked = await account(planId, { revokedAt: NOW, expiresAt: new Date(NOW.getTime() - 1) });
    expect(await reason(revoked.username.toLowerCase())).toBe('revoked');
    const expired = await account(planId, { validUntil: NOW });
    expect(await reason(expired.username)).toBe('expired');
    const usedUp = await account(planId, { usedUpAt: NOW });
    expect(await reason(usedUp.username)).toBe('used_up');
    expect(user.kind).toBe('user');
  });

  it("marks the first use once, starting a first-use plan's validity", async () => {
    const planId = await plan({ validityMinutes: 90 });
    const fresh = await account(planId);
    const check = await checkGuestLogin(database.db, testSecrets, attempt(fresh.username));
    if (!check.ok) throw new Error(check.reason);
    const [unchanged] = await database.db.select().from(guestAccounts).where(eq(guestAccounts.id, fresh.id));
    expect(unchanged?.firstUsedAt).toBeNull();
    await markFirstUse(database.db, check.account, check.plan, NOW);
    await markFirstUse(database.db, check.account, check.plan, new Date(NOW.getTime() + 60_000));
    const [marked] = await database.db.select().from(guestAccounts).where(eq(guestAccounts.id, fresh.id));
    expect(marked?.firstUsedAt).toEqual(NOW);
    expect(marked?.validUntil).toEqual(new Date(NOW.getTime() + 90 * 60_000));
  });
});

describe('normalizeMac', () => {
  it('reads the ways hotspots write a MAC address', () => {
    expect(normalizeMac('02-AB-00-00-00-01')).toBe('02:ab:00:00:00:01');
    expect(normalizeMac('02ab.0000.0001')).toBe('02:ab:00:00:00:01');
    expect(normalizeMac('02AB00000001')).toBe('02:ab:00:00:00:01');
    expect(normalizeMac('DEMO-0001')).toBeNull();
    expect(normalizeMac(undefined)).toBeNull();
  });
});
