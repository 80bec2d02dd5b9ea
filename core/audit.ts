// The change log's vocabulary, shared by the server that writes records and the page that reads them.

/** What a record is about. */
export const AUDIT_OBJECT_TYPES = [
  'user',
  'session',
  'cloud',
  'site',
  'site_filter',
  'device',
  'membership',
  'invitation',
  'task',
  'alert',
  'maintenance_window',
  'license',
  'notification_setting',
  'news_post',
  'video',
  'smart_nvr',
  'tunnel',
  // The Certificate page and History (docs/guest-access.md#certificate-and-nas, docs/guest-access.md#history).
  'guest_certificate',
  'guest_nas',
  'guest_site_secret',
  'guest_session',
  // Guest access (docs/guest-access.md): service plans, guest accounts and vouchers, voucher batches.
  'guest_plan',
  'guest_account',
  'voucher_batch',
  // A captive portal (docs/guest-access.md#captive-portals).
  'guest_portal',
  // A saved LinqPath plan (docs/linqpath.md#saved-plans).
  'linqpath_plan',
  // A webhook (docs/webhooks.md).
  'webhook',
  // A cloud's single sign-on provider (docs/single-sign-on.md#a-clouds-provider).
  'single_sign_on',
  // An API token, personal or a cloud's (docs/api-tokens.md).
  'api_token',
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

/**
 * Platform content (Latest News posts, promotional videos) belongs to no cloud: its records have no cloud
 * and stay out of every cloud's change log, even those of the administrator who changed it.
 */
export const PLATFORM_OBJECT_TYPES = ['news_post', 'video'] as const satisfies readonly AuditObjectType[];

/** What happened. A new action is added here, and to the change log page's labels. */
export const AUDIT_ACTIONS = [
  'sign_in',
  'sign_in_failed',
  'password_changed',
  'password_reset_requested',
  'password_reset',
  'two_factor_enabled',
  'two_factor_disabled',
  'recovery_codes_renewed',
  'recovery_code_used',
  'session_signed_out',
  'profile_changed',
  // A new email waits for its mailed link; a change made (by that link or a platform administrator).
  'email_change_requested',
  'email_changed',
  'sign_in_link_requested',
  'created',
  'changed',
  'deleted',
  // A site's notification setting for an alert type given up: the type follows the cloud again.
  'follows_cloud',
  'suspended',
  'unsuspended',
  'published',
  'unpublished',
  // A cloud's onboarding key replaced by a new one (docs/security.md, Adoption).
  'onboarding_key_rotated',
  // A device's credential revoked, so it can be adopted again.
  'credential_reset',
  // A registered device that called without the onboarding key let in from the address it calls from.
  'adoption_approved',
  // Configuration (docs/configuration.md): a draft saved, a revision applied or rolled back to, a drift settled.
  'config_saved',
  'config_applied',
  'config_rolled_back',
  'config_synced',
  // A tunnel to a device (docs/remote-access.md): opened, first used through its host, closed.
  'tunnel_opened',
  'tunnel_used',
  'tunnel_closed',
  // A guest's session ended by an operator from History (docs/guest-access.md#history).
  'disconnected',
  // A guest account or voucher revoked, or given a later end (docs/guest-access.md#accounts-and-vouchers).
  'revoked',
  'extended',
  // An API token given a new secret, the old one valid for a grace period (docs/api-tokens.md#rotating).
  'rotated',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Values as the change log keeps them: only the fields that differ between before and after. */
export function changedValues<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Partial<T>; after: Partial<T> } {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (after[key] === undefined || JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key];
    now[key] = after[key];
  }
  return { before: was, after: now };
}
