// The Notifications pages of a cloud (manage_sites) and of a site (edit_site): which alert types notify which
// members by Web Push and by email. A PUT replaces the whole page: a type it leaves out goes back to the
// default (for the cloud) or follows the cloud (for a site).
import { type Static, Type } from 'typebox';
import { ALERT_TYPES } from '../domain.ts';
import { closed } from './closed.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** Members one channel of one type may list; more than any cloud's membership. */
export const NOTIFICATION_MEMBERS_MAX = 10_000;

export const ChannelSetting = Type.Object(
  {
    /** Everyone who may see the alert; the members listed are then not needed. */
    everyone: Type.Boolean(),
    /** Without everyone, only these members (none: nobody). */
    user_ids: Type.Array(Id, { maxItems: NOTIFICATION_MEMBERS_MAX, uniqueItems: true }),
  },
  closed,
);
export type ChannelSetting = Static<typeof ChannelSetting>;

const AlertTypeSetting = Type.Object(
  {
    alert_type: Type.Enum(ALERT_TYPES),
    push: ChannelSetting,
    email: ChannelSetting,
  },
  closed,
);

/** A member who may be chosen: for a site, only members who may see its alerts. */
export const NotificationMember = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
});
export type NotificationMember = Static<typeof NotificationMember>;

/** GET and PUT /apiv2/cloud/:cloudId/notification-settings: every alert type, in the order of ALERT_TYPES. */
export const CloudNotificationSettings = Type.Object({
  types: Type.Array(AlertTypeSetting),
  members: Type.Array(NotificationMember),
});
export type CloudNotificationSettings = Static<typeof CloudNotificationSettings>;

export const CloudNotificationSettingsBody = Type.Object(
  {
    types: Type.Array(AlertTypeSetting, { maxItems: ALERT_TYPES.length }),
  },
  closed,
);
export type CloudNotificationSettingsBody = Static<typeof CloudNotificationSettingsBody>;

/** GET and PUT /apiv2/cloud/:cloudId/site/:siteId/notification-settings. */
export const SiteNotificationSettings = Type.Object({
  site_name: Type.String(),
  types: Type.Array(
    Type.Object({
      alert_type: Type.Enum(ALERT_TYPES),
      /** The site has no setting of its own for the type: push and email are the cloud's. */
      follows_cloud: Type.Boolean(),
      push: ChannelSetting,
      email: ChannelSetting,
      /** What the cloud does for the type, to show beside "Same as the cloud". */
      cloud: Type.Object({ push: ChannelSetting, email: ChannelSetting }),
    }),
  ),
  members: Type.Array(NotificationMember),
});
export type SiteNotificationSettings = Static<typeof SiteNotificationSettings>;

export const SiteNotificationSettingsBody = Type.Object(
  {
    types: Type.Array(
      Type.Object(
        {
          alert_type: Type.Enum(ALERT_TYPES),
          follows_cloud: Type.Boolean(),
          /** Needed unless the type follows the cloud. */
          push: Type.Optional(ChannelSetting),
          email: Type.Optional(ChannelSetting),
        },
        closed,
      ),
      { maxItems: ALERT_TYPES.length },
    ),
  },
  closed,
);
export type SiteNotificationSettingsBody = Static<typeof SiteNotificationSettingsBody>;
