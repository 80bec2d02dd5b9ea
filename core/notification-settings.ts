// Who a new alert notifies, by Web Push and by email: the setting of the alert's type at its site (the site's
// own, else its cloud's, else the default) and the members it reaches, whose own choices still win.
import type { AlertType } from './domain.ts';
import { type Access, visibleSiteIds } from './policy.ts';

export const NOTIFICATION_CHANNELS = ['push', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Everyone who may see the alert, or only the members listed (none listed: nobody). */
export type ChannelSetting = { readonly everyone: boolean; readonly user_ids: readonly number[] };
export type NotificationSetting = Readonly<Record<NotificationChannel, ChannelSetting>>;

/** A stored setting: the cloud's (siteId null) or one site's, for one alert type. */
export type NotificationSettingRow = NotificationSetting & {
  readonly siteId: number | null;
  readonly alertType: AlertType;
};

/** Where the setting that applies comes from. */
export type SettingSource = 'site' | 'cloud' | 'default';

export const EVERYONE: ChannelSetting = { everyone: true, user_ids: [] };
export const NOBODY: ChannelSetting = { everyone: false, user_ids: [] };

/** A cloud without a row for a type: push to everyone who may see the alert, email to nobody. */
export const DEFAULT_NOTIFICATION_SETTING: NotificationSetting = { push: EVERYONE, email: NOBODY };

/** The setting for alerts of the type at the site (null: an alert outside any site): site, cloud, default. */
export function resolveSetting(
  rows: readonly NotificationSettingRow[],
  alertType: AlertType,
  siteId: number | null,
): { setting: NotificationSetting; source: SettingSource } {
  const own =
    siteId === null ? undefined : rows.find((r) => r.siteId === siteId && r.alertType === alertType);
  if (own) return { setting: own, source: 'site' };
  const cloud = rows.find((r) => r.siteId === null && r.alertType === alertType);
  if (cloud) return { setting: cloud, source: 'cloud' };
  return { setting: DEFAULT_NOTIFICATION_SETTING, source: 'default' };
}

/** A channel as stored: everyone lists nobody, and the members listed are in order, each once. */
export function normaliseChannel(channel: ChannelSetting): ChannelSetting {
  if (channel.everyone) return EVERYONE;
  return { everyone: false, user_ids: [...new Set(channel.user_ids)].sort((a, b) => a - b) };
}

export function sameChannel(a: ChannelSetting, b: ChannelSetting): boolean {
  const x = normaliseChannel(a);
  const y = normaliseChannel(b);
  return x.everyone === y.everyone && x.user_ids.join(',') === y.user_ids.join(',');
}

export const sameSetting = (a: NotificationSetting, b: NotificationSetting) =>
  NOTIFICATION_CHANNELS.every((channel) => sameChannel(a[channel], b[channel]));

/** A member of the alert's cloud, with their own choices about alerts. */
export type AlertMember = Access & {
  readonly userId: number;
  /** Their push alerts toggle for this cloud (memberships.push_alerts). */
  readonly pushAlerts: boolean;
  /** Alert types they hid (user_alert_preferences.display_alert false). */
  readonly hiddenTypes: readonly AlertType[];
};

/** The recent-alerts rule: a Site User sees the alerts of their sites only, so none outside a site. */
export function maySeeAlert(access: Access, siteId: number | null): boolean {
  const siteIds = visibleSiteIds(access);
  return siteIds === null || (siteId !== null && siteIds.includes(siteId));
}

/** Members who may be chosen for a site's alerts (or, with null, for every alert of the cloud). */
export function maySeeSiteAlerts(access: Access, siteId: number | null): boolean {
  return siteId === null || maySeeAlert(access, siteId);
}

const chosen = (channel: ChannelSetting, userId: number) =>
  channel.everyone || channel.user_ids.includes(userId);

/**
 * Who an alert reaches by each channel under a setting. Only members who may see it and have not hidden
 * its type; by push, only those who also turned push alerts on.
 */
export function notificationRecipients(
  setting: NotificationSetting,
  members: readonly AlertMember[],
  alert: { readonly alertType: AlertType; readonly siteId: number | null },
): Record<NotificationChannel, number[]> {
  const wanting = members.filter(
    (member) => maySeeAlert(member, alert.siteId) && !member.hiddenTypes.includes(alert.alertType),
  );
  return {
    push: wanting
      .filter((member) => member.pushAlerts && chosen(setting.push, member.userId))
      .map((m) => m.userId),
    email: wanting.filter((member) => chosen(setting.email, member.userId)).map((m) => m.userId),
  };
}
