// @vitest-environment node
// New alerts reach members by email as the Notifications settings say, through a real SMTP exchange: only
// the members chosen, a site's own setting ahead of the cloud's, never a member who may not see the alert,
// and one mail per member for a storm of alerts.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AlertType } from '../../../core/domain.ts';
import { type Config, readConfig } from '../../config.ts';
import { userAlertPreferences, users } from '../../db/schema/accounts.ts';
import { memberships } from '../../db/schema/clouds.ts';
import { notificationSettings } from '../../db/schema/notifications.ts';
import { createAlertPusher } from '../../fleet/alert-push.ts';
import { sweepStatuses } from '../../fleet/sweep.ts';
import { adoptDevice, heartbeat, sendHeartbeat } from '../../fleet/test-fleet.ts';
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
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in.ts';
import { raiseAlert } from '../alerts/test-cloud.ts';
import { saveSubscription } from '../push/repository.ts';
import { type PushServiceStandIn, startPushService, subscribeBrowser } from '../push/test-push-service.ts';
import { MAIL_ALERTS_LISTED } from './alert-mail.ts';

let t: TestApp;
let smtp: SmtpStandIn;
let pushService: PushServiceStandIn;
let config: Config;
const logged: { level: string; message: string }[] = [];
const record =
  (level: string) =>
  (...args: unknown[]): void => {
    logged.push({ level, message: String(args.at(-1)) });
  };
const log = { error: record('error'), warn: record('warn') };

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpStandIn();
  pushService = await startPushService();
  config = readConfig({
    DEMO: '0',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Console <console@test.example>',
    PUBLIC_URL: 'https://console.example',
    PUSH_SERVICE_HOSTS: '127.0.0.1',
  });
});
afterAll(async () => {
  await pushService.close();
  await smtp.close();
  await t.close();
});
beforeEach(() => {
  smtp.received.length = 0;
  logged.length = 0;
});

/** The alert pipeline's notifier, as the fleet runs it, with this test's mail server (or none). */
function pipeline(withConfig: Config = config) {
  return createAlertPusher({ db: t.database.db, config: withConfig, sendMail: mailSender(withConfig) }, log);
}

/** A cloud with two sites, a device on the first, and an owner, a guest and a Site User of each site. */
async function mailCloud() {
  const db = t.database.db;
  const cloud = await createCloud(db, { name: 'Harbour Wireless' });
  const north = await createSite(db, cloud.id, { name: 'North Tower' });
  const south = await createSite(db, cloud.id, { name: 'South Yard' });
  const ap = await createDevice(db, cloud.id, north.id, { name: 'North AP' });
  const member = async (roleId: 'ROLE_OWNER' | 'ROLE_GUEST' | 'ROLE_USER', siteId?: number) => {
    const user = await createUser(db);
    await addMember(db, user.id, cloud.id, roleId);
    if (siteId) await assignSite(db, user.id, cloud.id, siteId, ['read_site']);
    return user;
  };
  return {
    cloud,
    north,
    south,
    ap,
    owner: await member('ROLE_OWNER'),
    guest: await member('ROLE_GUEST'),
    northUser: await member('ROLE_USER', north.id),
    southUser: await member('ROLE_USER', south.id),
  };
}
type MailCloud = Awaited<ReturnType<typeof mailCloud>>;

async function setEmail(c: MailCloud, siteId: number | null, alertType: AlertType, userIds: number[]) {
  await t.database.db.insert(notificationSettings).values({
    cloudId: c.cloud.id,
    siteId,
    alertType,
    pushEveryone: true,
    pushUserIds: [],
    emailEveryone: false,
    emailUserIds: userIds,
  });
}

async function raise(c: MailCloud, siteId: number | null, alertType: AlertType = 'DEV_UNREACHABLE') {
  const alert = await raiseAlert(t.database.db, {
    cloudId: c.cloud.id,
    siteId,
    deviceId: siteId === c.north.id ? c.ap.id : null,
    alertType,
    problemAt: new Date(),
  });
  return { ...alert, alertType: alert.alertType as AlertType };
}

async function notify(alerts: Awaited<ReturnType<typeof raise>>[], withConfig?: Config) {
  const pusher = pipeline(withConfig);
  pusher.push(alerts);
  await pusher.idle();
}

const recipients = () => smtp.received.flatMap((mail) => mail.to).sort();

describe('alert email', () => {
  it('goes to the chosen member only, naming the alert, device, site and cloud with a link', async () => {
    const c = await mailCloud();
    await setEmail(c, null, 'DEV_UNREACHABLE', [c.guest.id]);
    await notify([await raise(c, c.north.id)]);
    expect(recipients()).toEqual([c.guest.email]);
    const [mail] = smtp.received;
    expect(mail?.subject).toBe('Device unreachable: North AP · North Tower · Harbour Wireless');
    expect(mail?.text).toContain('A new alert in Harbour Wireless:');
    expect(mail?.text).toContain(
      [
        'Device unreachable',
        'Device: North AP',
        'Site: North Tower',
        'Cloud: Harbour Wireless',
        `Open: https://console.example/site/${c.north.id}/device/${c.ap.id}/activity#alert`,
      ].join('\n'),
    );
  });

  it('is not sent for a type nobody chose, nor to a member who hid the type', async () => {
    const c = await mailCloud();
    await setEmail(c, null, 'DEV_UNREACHABLE', [c.guest.id, c.owner.id]);
    await t.database.db
      .insert(userAlertPreferences)
      .values({ userId: c.owner.id, name: 'DEV_UNREACHABLE', alertCount: 1, displayAlert: false });
    await notify([await raise(c, c.north.id), await raise(c, c.north.id, 'DEV_REBOOT')]);
    expect(recipients()).toEqual([c.guest.email]);
    expect(smtp.received[0]?.subject).toMatch(/^Device unreachable: /);
  });

  it("follows a site's own setting ahead of the cloud's, for that site only", async () => {
    const c = await mailCloud();
    await setEmail(c, null, 'DEV_UNREACHABLE', [c.guest.id]);
    await setEmail(c, c.north.id, 'DEV_UNREACHABLE', [c.owner.id]);
    await notify([await raise(c, c.north.id)]);
    expect(recipients()).toEqual([c.owner.email]);
    smtp.received.length = 0;
    await notify([await raise(c, c.south.id)]);
    expect(recipients()).toEqual([c.guest.email]);
  });

  it('never reaches a Site User for a site they cannot see, whatever the setting', async () => {
    const c = await mailCloud();
    await setEmail(c, null, 'DEV_UNREACHABLE', [c.northUser.id, c.southUser.id]);
    await notify([await raise(c, c.north.id)]);
    expect(recipients()).toEqual([c.northUser.email]);
    smtp.received.length = 0;
    // Nor for an alert outside any site.
    await notify([await raise(c, null)]);
    expect(recipients()).toEqual([]);
  });

  it('is written in the language the member chose', async () => {
    const c = await mailCloud();
    await t.database.db.update(users).set({ preferredLanguage: 'ja' }).where(eq(users.id, c.guest.id));
    await setEmail(c, null, 'DEV_REBOOT', [c.guest.id]);
    await notify([await raise(c, c.south.id, 'DEV_REBOOT')]);
    expect(smtp.received[0]?.subject).toBe('デバイスが再起動しました: South Yard · Harbour Wireless');
    expect(smtp.received[0]?.text).toContain('サイト: South Yard');
  });

  it('is one mail per member for a storm of alerts in one pass, listing some and counting the rest', async () => {
    const db = t.database.db;
    const c = await mailCloud();
    await setEmail(c, null, 'DEV_UNREACHABLE', [c.owner.id, c.northUser.id]);
    // Devices that call home once and then go quiet: one status sweep finds them all unreachable.
    const storm = MAIL_ALERTS_LISTED + 3;
    for (let n = 0; n < storm; n++) {
      const device = await createDevice(db, c.cloud.id, c.north.id, {
        name: `Pole ${n}`,
        productBrandId: 13,
      });
      await sendHeartbeat(t, await adoptDevice(t, device), heartbeat(1, { fw: '7.2.0-3988' }));
    }
    const raised = await sweepStatuses(db, new Date(Date.now() + 600_000));
    expect(raised.filter((alert) => alert.cloudId === c.cloud.id)).toHaveLength(storm);
    const pusher = pipeline();
    pusher.push(raised);
    await pusher.idle();
    expect(recipients()).toEqual([c.owner.email, c.northUser.email].sort());
    const mail = smtp.received.find((candidate) => candidate.to.includes(c.owner.email));
    expect(mail?.subject).toBe(`${storm} new alerts in Harbour Wireless`);
    expect(mail?.text.match(/^Device unreachable$/gm)).toHaveLength(MAIL_ALERTS_LISTED);
    expect(mail?.text).toContain(
      `And 3 more. All alerts: https://console.example/cloud/${c.cloud.id}/activity#alert`,
    );
  });

  it('is not attempted without a mail server, and pushes still go out', async () => {
    const c = await mailCloud();
    await setEmail(c, null, 'DEV_UNREACHABLE', [c.guest.id]);
    const noMail = readConfig({ DEMO: '0', PUSH_SERVICE_HOSTS: '127.0.0.1' });
    await t.database.db
      .update(memberships)
      .set({ pushAlerts: true })
      .where(and(eq(memberships.userId, c.guest.id), eq(memberships.cloudId, c.cloud.id)));
    const browser = subscribeBrowser(pushService, `guest-${c.guest.id}`);
    await saveSubscription(t.database.db, c.guest.id, browser.subscription);
    const before = pushService.received.length;
    await notify([await raise(c, c.north.id)], noMail);
    expect(smtp.received).toEqual([]);
    expect(pushService.received.slice(before).map((push) => push.path)).toEqual([browser.path]);
    expect(logged).toEqual([]);
  });

  it('that the mail server refuses is logged, and the pushes and later alerts still go out', async () => {
    const c = await mailCloud();
    await setEmail(c, null, 'DEV_UNREACHABLE', [c.guest.id]);
    await t.database.db
      .update(memberships)
      .set({ pushAlerts: true })
      .where(and(eq(memberships.userId, c.owner.id), eq(memberships.cloudId, c.cloud.id)));
    const browser = subscribeBrowser(pushService, `owner-${c.owner.id}`);
    await saveSubscription(t.database.db, c.owner.id, browser.subscription);
    const refusing = await startSmtpStandIn();
    refusing.refuseAll();
    try {
      const pusher = pipeline(
        readConfig({ DEMO: '0', SMTP_URL: refusing.url, PUSH_SERVICE_HOSTS: '127.0.0.1' }),
      );
      const before = pushService.received.length;
      pusher.push([await raise(c, c.north.id)]);
      await pusher.idle();
      expect(logged).toEqual([{ level: 'warn', message: 'alert mail not sent' }]);
      pusher.push([await raise(c, c.south.id)]);
      await pusher.idle();
      expect(pushService.received.slice(before).map((push) => push.path)).toEqual([
        browser.path,
        browser.path,
      ]);
      expect(refusing.received).toEqual([]);
    } finally {
      await refusing.close();
    }
  });
});
