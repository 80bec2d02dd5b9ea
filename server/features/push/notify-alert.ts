import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type NotificationChannel,
  notificationRecipients,
  resolveSetting,
} from '../../../core/notification-settings.ts';
import type { Database } from '../../db/connect.ts';
import { intArray } from '../../db/rows.ts';
import { alerts as alertRows } from '../../db/schema/activity.ts';
import { clouds } from '../../db/schema/clouds.ts';
import { devices, sites, smartNvrs } from '../../db/schema/inventory.ts';
import type { NewAlert } from '../../fleet/new-alert.ts';
import type { SendMail } from '../../mail/send-mail.ts';
import { alertMail, type MailedAlert } from '../notification-settings/alert-mail.ts';
import { type CloudMember, loadCloudMembers } from '../notification-settings/members.ts';
import { loadSettingRows } from '../notification-settings/repository.ts';
import { alertPushMessage } from './alert-message.ts';
import { type PushContext, type PushOutcome, sendPush } from './send-push.ts';

/** What notifying needs from the app: the database, the configuration and the mail server. */
export type NotifyContext = PushContext & { readonly sendMail: SendMail };
type Log = Pick<FastifyBaseLogger, 'error' | 'warn'>;

type Recipients = Record<NotificationChannel, number[]>;

/** Each alert's recipients by channel under its cloud's and site's notification settings. */
async function recipientsOf(db: Database, alerts: readonly NewAlert[]) {
  const members = new Map<number, CloudMember>();
  const recipients = new Map<NewAlert, Recipients>();
  for (const cloudId of new Set(alerts.map((alert) => alert.cloudId))) {
    const cloudMembers = await loadCloudMembers(db, cloudId);
    const rows = await loadSettingRows(db, cloudId);
    for (const member of cloudMembers) members.set(member.userId, member);
    for (const alert of alerts.filter((candidate) => candidate.cloudId === cloudId)) {
      const { setting } = resolveSetting(rows, alert.alertType, alert.siteId);
      recipients.set(alert, notificationRecipients(setting, cloudMembers, alert));
    }
  }
  return { members, recipients };
}

/**
 * Who a new alert reaches: by push, members with push alerts on; by email, members the settings choose.
 * Either way only members who may see it (core/policy.ts visibleSiteIds) and did not hide its type.
 */
export async function alertRecipients(db: Database, alert: NewAlert): Promise<Recipients> {
  return (await recipientsOf(db, [alert])).recipients.get(alert) ?? { push: [], email: [] };
}

const ids = <T>(values: readonly (T | null)[]) => [...new Set(values.filter((v): v is T => v !== null))];

/** The alerts with their data and the names of their cloud, site, device or recorder, in five queries whatever their number. */
async function withNames(db: Database, alerts: readonly NewAlert[]): Promise<MailedAlert[]> {
  const names = async (
    table: typeof clouds | typeof sites | typeof devices | typeof smartNvrs,
    of: number[],
  ) =>
    new Map(
      of.length === 0
        ? []
        : // One array parameter: a mass outage names more devices than a statement takes parameters.
          (
            await db
              .select({ id: table.id, name: table.name })
              .from(table)
              .where(sql`${table.id} = ANY(${intArray(of)})`)
          ).map((row) => [row.id, row.name] as const),
    );
  const cloudNames = await names(clouds, ids(alerts.map((a) => a.cloudId)));
  const siteNames = await names(sites, ids(alerts.map((a) => a.siteId)));
  const deviceNames = await names(devices, ids(alerts.map((a) => a.deviceId)));
  const nvrNames = await names(smartNvrs, ids(alerts.map((a) => a.smartNvrId)));
  const data = new Map(
    (
      await db
        .select({
          id: alertRows.id,
          d1: alertRows.alertData1,
          d2: alertRows.alertData2,
          d3: alertRows.alertData3,
        })
        .from(alertRows)
        .where(sql`${alertRows.id} = ANY(${intArray(alerts.map((a) => a.id))})`)
    ).map((row) => [row.id, [row.d1, row.d2, row.d3] as const] as const),
  );
  const name = (map: Map<number, string>, id: number | null) => (id === null ? null : (map.get(id) ?? null));
  return alerts.map((alert) => ({
    ...alert,
    data: data.get(alert.id) ?? [null, null, null],
    cloudName: cloudNames.get(alert.cloudId) ?? '',
    siteName: name(siteNames, alert.siteId),
    deviceName: name(deviceNames, alert.deviceId),
    smartNvrName: name(nvrNames, alert.smartNvrId),
  }));
}

export type NotifyOutcome = { push: PushOutcome; mails: { sent: number; failed: number } };

/**
 * Called by the alert pipeline with the new alerts of one pass: a push per alert to each member it reaches
 * by push, and one mail per member it reaches by email listing all of them. A push or mail that fails is
 * logged, and the others still go out.
 */
export async function notifyAlerts(
  ctx: NotifyContext,
  log: Log,
  alerts: readonly NewAlert[],
): Promise<NotifyOutcome> {
  const outcome: NotifyOutcome = { push: { sent: 0, failed: 0, removed: 0 }, mails: { sent: 0, failed: 0 } };
  const { members, recipients } = await recipientsOf(ctx.db, alerts);
  // Without a mail server no mail is written.
  const mailing = ctx.config.smtpUrl !== null;
  const reaching = alerts.filter((alert) => {
    const to = recipients.get(alert);
    return to && (to.push.length > 0 || (mailing && to.email.length > 0));
  });
  if (reaching.length === 0) return outcome;
  const named = await withNames(ctx.db, reaching);
  const inbox = new Map<number, MailedAlert[]>();
  for (const [index, alert] of reaching.entries()) {
    const to = recipients.get(alert) ?? { push: [], email: [] };
    const facts = named[index];
    if (!facts) continue;
    if (mailing)
      for (const userId of to.email) {
        const mailed = inbox.get(userId);
        if (mailed) mailed.push(facts);
        else inbox.set(userId, [facts]);
      }
    if (to.push.length === 0) continue;
    try {
      const pushed = await sendPush(
        ctx,
        to.push,
        alertPushMessage({ ...facts, objectName: facts.deviceName ?? facts.smartNvrName }),
      );
      outcome.push.sent += pushed.sent;
      outcome.push.failed += pushed.failed;
      outcome.push.removed += pushed.removed;
    } catch (error) {
      log.error({ err: error, alertId: alert.id }, 'push notification of an alert failed');
    }
  }
  for (const [userId, mailed] of inbox) {
    const member = members.get(userId);
    if (!member) continue;
    try {
      const mail = alertMail({
        to: member.email,
        language: member.language,
        publicUrl: ctx.config.publicUrl,
        alerts: mailed,
      });
      if (await ctx.sendMail(mail)) outcome.mails.sent += 1;
    } catch (error) {
      outcome.mails.failed += 1;
      log.warn({ err: error, userId, alerts: mailed.length }, 'alert mail not sent');
    }
  }
  return outcome;
}
