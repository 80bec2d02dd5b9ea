// Schemas of the cloud calls (docs/entities.md Cloud, User-cloud, License status, Invitation; docs/api.md#the-calls), shared by
// server and web app. Field names are those of docs/entities.md.
import { type Static, Type } from 'typebox';
import { INVITATION_STATES, PLAN_TYPES, ROLES } from '../domain.ts';
import { closed } from './closed.ts';

const NullableString = Type.Union([Type.String(), Type.Null()]);

/** Only for callers who get billing warnings (manage_licenses) or the country reminder (owner, admin). */
export const BillingSchema = Type.Object({
  address: Type.Object({ country: NullableString }),
});

/** GET /apiv2/cloud/:cloudId: the cloud with the caller's membership of it. */
export const CloudResponse = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  plan_type: Type.Enum(PLAN_TYPES),
  badge_of_courage: Type.Boolean(),
  large_site_support_allowed: Type.Boolean(),
  enable_credit_card: Type.Boolean(),
  enable_advertisement: Type.Boolean(),
  access_control_list: Type.Array(Type.String()),
  /** ISO 8601 date-time; set when the cloud is suspended (docs/states.md). */
  suspended_at: NullableString,
  suspend_type: NullableString,
  company: Type.String(),
  authport_enabled: Type.Boolean(),
  billing: Type.Union([BillingSchema, Type.Null()]),
  role_id: Type.Enum(ROLES),
  /** The caller's effective cloud permission bits (an owner has them all). */
  permissions: Type.Integer(),
  push_alerts: Type.Boolean(),
});
export type Cloud = Static<typeof CloudResponse>;

export const PushAlertsBody = Type.Object(
  { user: Type.Object({ push_alerts: Type.Boolean() }, closed) },
  closed,
);
export const PushAlertsResponse = Type.Object({ user: Type.Object({ push_alerts: Type.Boolean() }) });
export type PushAlerts = Static<typeof PushAlertsResponse>;

/** docs/entities.md License status; dates are ISO 8601 date-times. */
export const LicenseStatusResponse = Type.Object({
  suspended: Type.Boolean(),
  expired: Type.Boolean(),
  /** Not expired yet, but expires within PLAN_EXPIRY_WARNING_DAYS (core/plan.ts). */
  cloudWillExpire: Type.Boolean(),
  planPurchasedAt: NullableString,
  planExpiresAt: NullableString,
  cloudCreatedAt: NullableString,
  /** Paid device licenses assigned to a device of the cloud. */
  licensesUsed: Type.Integer({ minimum: 0 }),
  /** Free device licenses assigned to a device of the cloud. */
  freeLicensesUsed: Type.Integer({ minimum: 0 }),
  /** The plan's free allowance, or the free licenses held when more (core/plan.ts). */
  freeLicensesTotal: Type.Integer({ minimum: 0 }),
});
export type LicenseStatus = Static<typeof LicenseStatusResponse>;

export const AdvertisementResponse = Type.Object({
  videos: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), video_url: Type.String() })),
});
export type Advertisement = Static<typeof AdvertisementResponse>;

/** One of the caller's clouds in the cloud menu. */
export const CloudSummarySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  company: Type.String(),
  plan_type: Type.Enum(PLAN_TYPES),
  role_id: Type.Enum(ROLES),
  suspended: Type.Boolean(),
});
export type CloudSummary = Static<typeof CloudSummarySchema>;

/** docs/entities.md Invitation: a pending invitation of the caller. */
export const InvitationSchema = Type.Object({
  id: Type.Integer(),
  cloud_id: Type.Integer(),
  cloud_name: Type.String(),
  company: Type.String(),
  /** The inviter's full name, else their email; null when the inviter's account is gone. */
  invited_by: NullableString,
  state: Type.Enum(INVITATION_STATES),
});
export type Invitation = Static<typeof InvitationSchema>;

/** GET /apiv2/clouds: the caller's clouds sorted by name, and their pending invitations, newest first. */
export const CloudListResponse = Type.Object({
  clouds: Type.Array(CloudSummarySchema),
  invitations: Type.Array(InvitationSchema),
});
export type CloudList = Static<typeof CloudListResponse>;

export const UnreadInvitationsResponse = Type.Object({ unreadInvitationCount: Type.Integer({ minimum: 0 }) });
export type UnreadInvitations = Static<typeof UnreadInvitationsResponse>;

/** POST /apiv2/user/membership/join and /decline. */
export const MembershipAnswerBody = Type.Object(
  { cloudId: Type.Integer({ minimum: 1, maximum: 2147483647 }) },
  closed,
);
