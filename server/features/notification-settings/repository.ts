import { and, eq, isNull } from 'drizzle-orm';
import { ALERT_TITLE_KEYS } from '../../../core/alert-titles.ts';
import type {
  CloudNotificationSettings,
  CloudNotificationSettingsBody,
  NotificationMember,
  SiteNotificationSettings,
  SiteNotificationSettingsBody,
} from '../../../core/api/notification-settings.ts';
import { changedValues } from '../../../core/audit.ts';
import { ALERT_TYPES, type AlertType } from '../../../core/domain.ts';
import {
  type ChannelSetting,
  DEFAULT_NOTIFICATION_SETTING,
  maySeeSiteAlerts,
  NOTIFICATION_CHANNELS,
  type NotificationSetting,
  type NotificationSettingRow,
  normaliseChannel,
  resolveSetting,
  sameSetting,
} from '../../../core/notification-settings.ts';
// The change log names alert types as the web app's English titles do.
import en from '../../../locales/en.json' with { type: 'json' };
import { type AuditActor, type AuditEntry, auditEach } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { clouds } from '../../db/schema/clouds.ts';
import { sites } from '../../db/schema/inventory.ts';
import { notificationSettings } from '../../db/schema/notifications.ts';
import { errors, type ValidationIssue } from '../../errors.ts';
import { type CloudMember, loadCloudMembers } from './members.ts';

/** Every stored setting of the cloud: its own (site null) and its sites'. */
export async function loadSettingRows(db: Database, cloudId: number): Promise<NotificationSettingRow[]> {
  return db
    .select({
      siteId: notificationSettings.siteId,
      alertType: notificationSettings.alertType,
      pushEveryone: notificationSettings.pushEveryone,
      pushUserIds: notificationSettings.pushUserIds,
      emailEveryone: notificationSettings.emailEveryone,
      emailUserIds: notificationSettings.emailUserIds,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.cloudId, cloudId))
    .then((rows) =>
      rows.map((row) => ({
        siteId: row.siteId,
        alertType: row.alertType,
        push: { everyone: row.pushEveryone, user_ids: row.pushUserIds },
        email: { everyone: row.emailEveryone, user_ids: row.emailUserIds },
      })),
    );
}

/** A live site of the cloud and its name; undefined when there is none. */
async function findSite(db: Database, cloudId: number, siteId: number) {
  const [site] = await db
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(and(eq(sites.cloudId, cloudId), eq(sites.id, siteId), isNull(sites.deletedAt)));
  return site;
}

/** The members who may be chosen: for a site, those who may see its alerts. */
const choosable = (members: readonly CloudMember[], siteId: number | null) =>
  members.filter((member) => maySeeSiteAlerts(member, siteId));

const presentMembers = (members: readonly CloudMember[]): NotificationMember[] =>
  members.map((member) => ({ id: member.userId, name: member.name, email: member.email }));

/** A setting as the page shows it: only members who may still be chosen (one who left is dropped). */
function shown(setting: NotificationSetting, memberIds: ReadonlySet<number>) {
  const channel = (value: ChannelSetting): ChannelInput => {
    const normal = normaliseChannel(value);
    return { everyone: normal.everyone, user_ids: normal.user_ids.filter((id) => memberIds.has(id)) };
  };
  return { push: channel(setting.push), email: channel(setting.email) };
}

export async function readCloudSettings(db: Database, cloudId: number): Promise<CloudNotificationSettings> {
  const members = await loadCloudMembers(db, cloudId);
  const rows = await loadSettingRows(db, cloudId);
  const ids = new Set(members.map((member) => member.userId));
  return {
    types: ALERT_TYPES.map((alertType) => ({
      alert_type: alertType,
      ...shown(resolveSetting(rows, alertType, null).setting, ids),
    })),
    members: presentMembers(members),
  };
}

/** undefined when the cloud has no such live site. */
export async function readSiteSettings(
  db: Database,
  cloudId: number,
  siteId: number,
): Promise<SiteNotificationSettings | undefined> {
  const site = await findSite(db, cloudId, siteId);
  if (!site) return undefined;
  const members = choosable(await loadCloudMembers(db, cloudId), siteId);
  const rows = await loadSettingRows(db, cloudId);
  const ids = new Set(members.map((member) => member.userId));
  return {
    site_name: site.name,
    types: ALERT_TYPES.map((alertType) => {
      const { setting, source } = resolveSetting(rows, alertType, siteId);
      const cloud = resolveSetting(rows, alertType, null).setting;
      return {
        alert_type: alertType,
        follows_cloud: source !== 'site',
        ...shown(setting, ids),
        cloud: shown(cloud, ids),
      };
    }),
    members: presentMembers(members),
  };
}

type ChannelInput = { everyone: boolean; user_ids: number[] };
type SettingInput = { alert_type: AlertType; push?: ChannelInput; email?: ChannelInput };

const issue = (path: string, errorCode: string, message: string): ValidationIssue => ({
  errorCode,
  location: 'body',
  path,
  message,
});

/** Refuses a type given twice and members who may not be chosen; every problem at once. */
function checkInput(
  types: readonly SettingInput[],
  members: readonly CloudMember[],
  siteId: number | null,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const member = new Set(members.map((m) => m.userId));
  const seeing = new Set(choosable(members, siteId).map((m) => m.userId));
  const seen = new Set<AlertType>();
  types.forEach((type, index) => {
    if (seen.has(type.alert_type))
      issues.push(issue(`/types/${index}/alert_type`, 'duplicate', 'is given more than once'));
    seen.add(type.alert_type);
    for (const channel of NOTIFICATION_CHANNELS) {
      type[channel]?.user_ids.forEach((userId, at) => {
        const path = `/types/${index}/${channel}/user_ids/${at}`;
        if (!member.has(userId)) issues.push(issue(path, 'not_member', 'is not a member of the cloud'));
        else if (!seeing.has(userId)) issues.push(issue(path, 'cannot_see_site', 'may not see this site'));
      });
    }
  });
  return issues;
}

/** How the change log shows a channel: everyone, nobody, or the emails of the members chosen. */
function channelValue(channel: ChannelSetting, members: readonly CloudMember[]): string | string[] {
  const normal = normaliseChannel(channel);
  if (normal.everyone) return 'everyone';
  if (normal.user_ids.length === 0) return 'nobody';
  return normal.user_ids.map((id) => members.find((m) => m.userId === id)?.email ?? `#${id}`);
}

const settingValues = (setting: NotificationSetting, members: readonly CloudMember[]) => ({
  push: channelValue(setting.push, members),
  email: channelValue(setting.email, members),
});

const objectName = (alertType: AlertType, siteName?: string) =>
  [en[ALERT_TITLE_KEYS[alertType]], siteName].filter(Boolean).join(' · ');

/** Keeps the cloud's settings from changing under another save of the same cloud. */
async function lockCloud(tx: Database, cloudId: number) {
  await tx.select({ id: clouds.id }).from(clouds).where(eq(clouds.id, cloudId)).for('update');
}

async function storeRow(
  tx: Database,
  cloudId: number,
  siteId: number | null,
  alertType: AlertType,
  setting: NotificationSetting | null,
) {
  const scope = and(
    eq(notificationSettings.cloudId, cloudId),
    siteId === null ? isNull(notificationSettings.siteId) : eq(notificationSettings.siteId, siteId),
    eq(notificationSettings.alertType, alertType),
  );
  if (!setting) {
    await tx.delete(notificationSettings).where(scope);
    return;
  }
  const push = normaliseChannel(setting.push);
  const email = normaliseChannel(setting.email);
  const values = {
    pushEveryone: push.everyone,
    pushUserIds: [...push.user_ids],
    emailEveryone: email.everyone,
    emailUserIds: [...email.user_ids],
    updatedAt: new Date(),
  };
  await tx
    .insert(notificationSettings)
    .values({ cloudId, siteId, alertType, ...values })
    .onConflictDoUpdate({
      target: [notificationSettings.cloudId, notificationSettings.siteId, notificationSettings.alertType],
      set: values,
    });
}

/**
 * Replaces the cloud's settings: a type left out, or set as the default, has no row. Each type whose setting
 * changed is recorded in the change log, in the same transaction.
 */
export async function saveCloudSettings(
  db: Database,
  cloudId: number,
  body: CloudNotificationSettingsBody,
  actor: AuditActor,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCloud(tx, cloudId);
    const members = await loadCloudMembers(tx, cloudId);
    const issues = checkInput(body.types, members, null);
    if (issues.length > 0) throw errors.validation(issues);
    const rows = await loadSettingRows(tx, cloudId);
    const entries: AuditEntry[] = [];
    for (const alertType of ALERT_TYPES) {
      const before = resolveSetting(rows, alertType, null);
      const given = body.types.find((type) => type.alert_type === alertType);
      const after = given ?? DEFAULT_NOTIFICATION_SETTING;
      const stored = sameSetting(after, DEFAULT_NOTIFICATION_SETTING) ? null : after;
      if (sameSetting(before.setting, after)) {
        // The same setting, perhaps stored as a row of the default: only the row is tidied.
        if (stored === null && before.source === 'cloud') await storeRow(tx, cloudId, null, alertType, null);
        continue;
      }
      await storeRow(tx, cloudId, null, alertType, stored);
      entries.push({
        cloudId,
        action: 'changed',
        objectType: 'notification_setting',
        objectId: alertType,
        objectName: objectName(alertType),
        ...changedValues(settingValues(before.setting, members), settingValues(after, members)),
      });
    }
    await auditEach(tx, actor, entries);
  });
}

/**
 * Replaces the site's own settings: a type left out, or marked as following the cloud, has no row. false
 * when the cloud has no such live site.
 */
export async function saveSiteSettings(
  db: Database,
  cloudId: number,
  siteId: number,
  body: SiteNotificationSettingsBody,
  actor: AuditActor,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockCloud(tx, cloudId);
    const site = await findSite(tx, cloudId, siteId);
    if (!site) return false;
    const members = await loadCloudMembers(tx, cloudId);
    const issues = checkInput(body.types, members, siteId);
    body.types.forEach((type, index) => {
      if (type.follows_cloud) return;
      for (const channel of NOTIFICATION_CHANNELS)
        if (!type[channel])
          issues.push(
            issue(`/types/${index}/${channel}`, 'required', 'is needed unless the type follows the cloud'),
          );
    });
    if (issues.length > 0) throw errors.validation(issues);
    const rows = await loadSettingRows(tx, cloudId);
    const entries: AuditEntry[] = [];
    for (const alertType of ALERT_TYPES) {
      const before = resolveSetting(rows, alertType, siteId);
      const cloud = resolveSetting(rows, alertType, null).setting;
      const given = body.types.find((type) => type.alert_type === alertType);
      const own: NotificationSetting | null =
        given && !given.follows_cloud && given.push && given.email
          ? { push: given.push, email: given.email }
          : null;
      const wasOwn = before.source === 'site';
      if (!own && !wasOwn) continue;
      if (own && wasOwn && sameSetting(before.setting, own)) continue;
      await storeRow(tx, cloudId, siteId, alertType, own);
      entries.push({
        cloudId,
        action: own ? 'changed' : 'follows_cloud',
        objectType: 'notification_setting',
        objectId: `${siteId}/${alertType}`,
        objectName: objectName(alertType, site.name),
        ...changedValues(
          { follows_cloud: !wasOwn, ...settingValues(before.setting, members) },
          { follows_cloud: !own, ...settingValues(own ?? cloud, members) },
        ),
      });
    }
    await auditEach(tx, actor, entries);
    return true;
  });
}
