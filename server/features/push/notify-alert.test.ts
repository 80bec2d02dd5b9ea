// @vitest-environment node
// A new alert reaches, by push, the members of its cloud who turned push alerts on and may see the alert.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../config.ts';
import { userAlertPreferences } from '../../db/schema/accounts.ts';
import { memberships } from '../../db/schema/clouds.ts';
import { mailSender } from '../../mail/send-mail.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  addMember,
  assignSite,
  createCloud,
  createDevice,
  createSite,
  createUser,
} from '../../test/factories.ts';
import { alertRecipients, notifyAlerts } from './notify-alert.ts';
import { saveSubscription } from './repository.ts';
import { type PushServiceStandIn, startPushService, subscribeBrowser } from './test-push-service.ts';

// The stand-in push service is the one push service host here; no mail server.
const config = readConfig({ DEMO: '0', PUSH_SERVICE_HOSTS: '127.0.0.1' });
const ctx = () => ({ db: t.database.db, config, sendMail: mailSender(config) });
const log = { error: () => undefined, warn: () => undefined };

let t: TestApp;
let service: PushServiceStandIn;
beforeAll(async () => {
  t = await createTestApp();
  service = await startPushService();
});
afterAll(async () => {
  await service.close();
  await t.close();
});
beforeEach(() => {
  service.received.length = 0;
});

/** A cloud with two sites and a member of each kind, every one with push alerts on and a subscribed browser. */
async function pushCloud() {
  const db = t.database.db;
  const cloud = await createCloud(db, { name: 'Harbour Wireless' });
  const north = await createSite(db, cloud.id, { name: 'North Tower' });
  const south = await createSite(db, cloud.id, { name: 'South Yard' });
  const ap = await createDevice(db, cloud.id, north.id, { name: 'North AP' });
  const member = async (
    roleId: 'ROLE_OWNER' | 'ROLE_ADMIN' | 'ROLE_GUEST' | 'ROLE_USER',
    siteIds: number[] = [],
  ) => {
    const user = await createUser(db);
    await addMember(db, user.id, cloud.id, roleId);
    for (const siteId of siteIds) await assignSite(db, user.id, cloud.id, siteId, ['read_site']);
    await db
      .update(memberships)
      .set({ pushAlerts: true })
      .where(and(eq(memberships.userId, user.id), eq(memberships.cloudId, cloud.id)));
    const browser = subscribeBrowser(service, `user-${user.id}`);
    await saveSubscription(db, user.id, browser.subscription);
    return { id: user.id, browser };
  };
  const people = {
    owner: await member('ROLE_OWNER'),
    admin: await member('ROLE_ADMIN'),
    guest: await member('ROLE_GUEST'),
    northUser: await member('ROLE_USER', [north.id]),
    southUser: await member('ROLE_USER', [south.id]),
  };
  return { cloud, north, south, ap, people };
}
type PushCloud = Awaited<ReturnType<typeof pushCloud>>;

const alertAt = (c: PushCloud, siteId: number | null, deviceId: number | null = null) => ({
  id: 9001,
  cloudId: c.cloud.id,
  siteId,
  deviceId,
  smartNvrId: null,
  alertType: 'DEV_UNREACHABLE' as const,
});

describe('alertRecipients', () => {
  it('picks members with push alerts on, Site Users only for their own sites', async () => {
    const c = await pushCloud();
    const { owner, admin, guest, northUser } = c.people;
    expect((await alertRecipients(t.database.db, alertAt(c, c.north.id))).push.sort()).toEqual(
      [owner.id, admin.id, guest.id, northUser.id].sort(),
    );
    // A cloud-level alert (no site) is not one a Site User sees in recent alerts either.
    expect((await alertRecipients(t.database.db, alertAt(c, null))).push.sort()).toEqual(
      [owner.id, admin.id, guest.id].sort(),
    );
  });

  it('leaves out members with push alerts off and members who hide the alert type', async () => {
    const c = await pushCloud();
    const db = t.database.db;
    await db
      .update(memberships)
      .set({ pushAlerts: false })
      .where(and(eq(memberships.userId, c.people.admin.id), eq(memberships.cloudId, c.cloud.id)));
    await db
      .insert(userAlertPreferences)
      .values({ userId: c.people.guest.id, name: 'DEV_UNREACHABLE', alertCount: 1, displayAlert: false });
    await db
      .insert(userAlertPreferences)
      .values({ userId: c.people.owner.id, name: 'DEV_REBOOT', alertCount: 1, displayAlert: false });
    expect((await alertRecipients(db, alertAt(c, c.south.id))).push.sort()).toEqual(
      [c.people.owner.id, c.people.southUser.id].sort(),
    );
  });

  it('ignores members of other clouds with push alerts on', async () => {
    const c = await pushCloud();
    const other = await pushCloud();
    const recipients = await alertRecipients(t.database.db, alertAt(c, c.north.id));
    for (const person of Object.values(other.people)) expect(recipients.push).not.toContain(person.id);
  });
});

describe('notifyAlerts', () => {
  it('pushes what happened, where, and a link to the cloud alerts to each recipient browser', async () => {
    const c = await pushCloud();
    const outcome = await notifyAlerts(ctx(), log, [alertAt(c, c.north.id, c.ap.id)]);
    expect(outcome.push).toEqual({ sent: 4, failed: 0, removed: 0 });
    const { owner, admin, guest, northUser, southUser } = c.people;
    expect(service.received.map((push) => push.path).sort()).toEqual(
      [owner, admin, guest, northUser].map((person) => person.browser.path).sort(),
    );
    const push = service.received.find((candidate) => candidate.path === northUser.browser.path);
    expect(JSON.parse(northUser.browser.decrypt(push?.body ?? Buffer.alloc(0)))).toEqual({
      title: 'Device unreachable',
      body: 'North AP · North Tower · Harbour Wireless',
      url: `/cloud/${c.cloud.id}/activity#alert`,
      tag: 'alert-9001',
    });
    expect(service.received.map((p) => p.path)).not.toContain(southUser.browser.path);
  });

  it('sends nothing when nobody in the cloud has push alerts on', async () => {
    const db = t.database.db;
    const cloud = await createCloud(db);
    const user = await createUser(db);
    await addMember(db, user.id, cloud.id, 'ROLE_OWNER');
    await saveSubscription(db, user.id, subscribeBrowser(service, `quiet-${user.id}`).subscription);
    const outcome = await notifyAlerts(ctx(), log, [
      { id: 1, cloudId: cloud.id, siteId: null, deviceId: null, smartNvrId: null, alertType: 'DEV_REBOOT' },
    ]);
    expect(outcome.push).toEqual({ sent: 0, failed: 0, removed: 0 });
    expect(service.received).toEqual([]);
  });
});
