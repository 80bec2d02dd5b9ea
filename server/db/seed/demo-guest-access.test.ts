// @vitest-environment node
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_USERS } from '../../../sim/demo-guests.ts';
import { accountState } from '../../guest-access/states.ts';
import { testSecrets } from '../../test/app.ts';
import { openTestDatabase } from '../../test/database.ts';
import { createCloud, createDevice, createSite, createUser } from '../../test/factories.ts';
import type { DatabaseHandle } from '../connect.ts';
import {
  guestAccounts,
  guestCertificates,
  guestNas,
  guestPlans,
  guestPortals,
  guestSessions,
  guestSiteSecrets,
  guestVoucherBatches,
} from '../schema/guest-access.ts';
import { seedGuestAccess } from './demo-guest-access.ts';

const now = new Date('2025-06-15T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

type Seeded = { handle: DatabaseHandle; cloudId: number; siteId: number; apIds: number[] };

/** A cloud with Hotel Bayview's access points and a switch, and its guest access seeded at `now`. */
async function seeded(): Promise<Seeded> {
  const handle = await openTestDatabase();
  const owner = await createUser(handle.db);
  const cloud = await createCloud(handle.db, { name: 'Demo Networks', authportEnabled: true });
  const site = await createSite(handle.db, cloud.id, { name: 'Hotel Bayview' });
  await createDevice(handle.db, cloud.id, site.id, { productType: 'switch', name: 'HBV-SW-01' });
  const apIds: number[] = [];
  for (let n = 1; n <= 6; n++)
    apIds.push((await createDevice(handle.db, cloud.id, site.id, { name: `HBV-AP-0${n}` })).id);
  await seedGuestAccess(handle.db, testSecrets, cloud.id, owner.id, now);
  return { handle, cloudId: cloud.id, siteId: site.id, apIds };
}

let first: Seeded;
let second: Seeded;

beforeAll(async () => {
  [first, second] = await Promise.all([seeded(), seeded()]);
});

afterAll(async () => {
  await Promise.all([first?.handle.close(), second?.handle.close()]);
});

const db = () => first.handle.db;

async function accountsWithPlans() {
  return db()
    .select({ account: guestAccounts, plan: guestPlans })
    .from(guestAccounts)
    .innerJoin(guestPlans, eq(guestPlans.id, guestAccounts.planId))
    .orderBy(asc(guestAccounts.id));
}

describe('the demo guest access', () => {
  it('keeps DEMO-0001 to DEMO-0010 unused, single use, on a plan with a 1-hour session, in a batch to print', async () => {
    const vouchers = (await accountsWithPlans()).filter(({ account }) =>
      account.username.startsWith('DEMO-'),
    );
    expect(vouchers.map(({ account }) => account.username)).toEqual(
      Array.from({ length: 10 }, (_, n) => `DEMO-${String(n + 1).padStart(4, '0')}`),
    );
    for (const { account, plan } of vouchers) {
      expect(account).toMatchObject({ kind: 'voucher', shared: false });
      expect(accountState(account, now)).toBe('unused');
      expect(plan.sessionMinutes).toBe(60);
    }
    const [batch] = await db()
      .select()
      .from(guestVoucherBatches)
      .where(eq(guestVoucherBatches.id, vouchers[0]?.account.batchId as number));
    expect(batch).toMatchObject({ name: 'Lobby', count: 10, prefix: 'DEMO-' });
  });

  it('registers the test NAS and every access point of the site, sharing the site secret demo-radius', async () => {
    const nas = await db().select().from(guestNas).orderBy(asc(guestNas.id));
    expect(nas[0]).toMatchObject({
      name: 'Test NAS',
      address: '127.0.0.1',
      coaPort: 3799,
      siteId: first.siteId,
      deviceId: null,
    });
    expect(nas.slice(1).map((row) => [row.deviceId, row.address])).toEqual(
      first.apIds.map((id, index) => [id, `127.0.1.${index + 1}`]),
    );
    const [secret] = await db()
      .select()
      .from(guestSiteSecrets)
      .where(eq(guestSiteSecrets.siteId, first.siteId));
    expect(secret?.secretSealed).not.toContain('demo-radius');
    expect(testSecrets.openText(secret?.secretSealed as string)).toBe('demo-radius');
  });

  it("gives the cloud a self-signed certificate for EAP-TTLS, its key sealed and the certificate's", async () => {
    const [certificate] = await db()
      .select()
      .from(guestCertificates)
      .where(eq(guestCertificates.cloudId, first.cloudId));
    expect(certificate).toMatchObject({ subject: 'CN=radius.hotel-bayview.example', selfSigned: true });
    const key = createPrivateKey(testSecrets.openText(certificate?.keySealed as string));
    expect(new X509Certificate(certificate?.certificatePem as string).checkPrivateKey(key)).toBe(true);
  });

  it('has guest accounts in every state, the users with their sealed passwords', async () => {
    const rows = await accountsWithPlans();
    const states = new Set(rows.map(({ account }) => accountState(account, now)));
    expect([...states].sort()).toEqual(['active', 'expired', 'revoked', 'unused', 'used_up']);
    expect(new Set(rows.map(({ account }) => account.kind))).toEqual(
      new Set(['user', 'voucher', 'email', 'click_through']),
    );
    for (const user of GUEST_USERS) {
      const found = rows.find(({ account }) => account.username === user.username);
      expect(found?.plan.name).toBe(user.plan);
      expect(testSecrets.openText(found?.account.passwordSealed as string)).toBe(user.password);
    }
  });

  it('designs a portal for the site with the free plan and texts in every language', async () => {
    const [portal] = await db().select().from(guestPortals);
    expect(portal?.siteId).toBe(first.siteId);
    expect(portal?.methods).toEqual(['voucher', 'account', 'click_through']);
    expect(Object.keys(portal?.texts ?? {}).sort()).toEqual([
      'en',
      'es_419',
      'hu',
      'ja',
      'lt',
      'zh_CN',
      'zh_TW',
    ]);
    const [free] = await db()
      .select()
      .from(guestPlans)
      .where(eq(guestPlans.id, portal?.freePlanId as number));
    expect(free?.name).toBe('Free 30 minutes');
  });

  it('holds two weeks of ended sessions and a few open ones, some on the test NAS', async () => {
    const sessions = await db().select().from(guestSessions);
    const ended = sessions.filter((session) => session.endedAt !== null);
    const open = sessions.filter((session) => session.endedAt === null);
    expect(ended.length).toBeGreaterThan(200);
    expect(open.length).toBeGreaterThanOrEqual(5);
    expect(open.length).toBeLessThanOrEqual(10);
    const [testNas] = await db().select().from(guestNas).where(eq(guestNas.address, '127.0.0.1'));
    expect(open.filter((session) => session.nasId === testNas?.id).length).toBeGreaterThan(0);
    for (const session of sessions) {
      const start = session.startedAt.getTime();
      expect(start).toBeGreaterThan(now.getTime() - 15 * DAY);
      expect((session.endedAt ?? session.updatedAt).getTime()).toBeLessThanOrEqual(now.getTime());
      expect(session.durationS * 1000).toBe(
        Math.round(((session.endedAt ?? session.updatedAt).getTime() - start) / 1000) * 1000,
      );
      expect(session.bytesOut).toBeGreaterThan(0);
    }
    const reasons = new Set(ended.map((session) => session.endReason));
    for (const reason of ['user', 'idle_timeout', 'session_timeout', 'quota', 'operator', 'lost'])
      expect(reasons).toContain(reason);
    // Devices come back: some MAC addresses have sessions on several days.
    const days = new Map<string, Set<number>>();
    for (const session of ended)
      days.set(
        session.mac,
        (days.get(session.mac) ?? new Set()).add(Math.floor(session.startedAt.getTime() / DAY)),
      );
    expect([...days.values()].filter((set) => set.size > 1).length).toBeGreaterThan(5);
  });

  it('seeds the same rows for the same time', async () => {
    const picture = async ({ handle }: Seeded) => ({
      accounts: (await handle.db.select().from(guestAccounts).orderBy(asc(guestAccounts.id))).map(
        ({ id, cloudId, planId, batchId, createdBy, revokedBy, passwordSealed, ...rest }) => rest,
      ),
      sessions: (await handle.db.select().from(guestSessions).orderBy(asc(guestSessions.id))).map(
        ({ id, cloudId, siteId, nasId, accountId, deviceId, disconnectedBy, calledStation, ...rest }) => rest,
      ),
    });
    expect(await picture(second)).toEqual(await picture(first));
  });
});
