// Which plan and license notices a member sees for a cloud (docs/roles.md, docs/errors.md, docs/constants.md). Pure: the web shell draws them.

import { VIDEO_DIALOG_RESHOW_MS } from './constants.ts';
import type { PlanType } from './domain.ts';
import { type Access, can, isOwnerOrAdmin } from './policy.ts';

/** docs/constants.md: the free-trial prompt is for clouds created before this date. */
export const FREE_TRIAL_CREATED_BEFORE = new Date('2020-08-01T00:00:00Z');
/** docs/constants.md: purchased over 3 months ago, and expiring within 3 months. */
export const FREE_TRIAL_WINDOW_MONTHS = 3;

/** The license-status fields the rules read (docs/entities.md License status; ISO 8601 dates). */
export type PlanStatus = {
  readonly suspended: boolean;
  readonly expired: boolean;
  readonly cloudWillExpire: boolean;
  readonly planPurchasedAt: string | null;
  readonly planExpiresAt: string | null;
  readonly cloudCreatedAt: string | null;
  readonly licensesUsed: number;
};

/** The cloud fields the rules read (docs/entities.md Cloud). */
export type PlanCloud = {
  readonly plan_type: PlanType;
  readonly suspended_at: string | null;
  readonly billing: { readonly address: { readonly country: string | null } } | null;
};

export type PlanNotice =
  | 'suspendedPayment'
  | 'suspendedContactAdministrator'
  | 'expired'
  | 'expiring'
  | 'billingCountry'
  | 'freeTrial';

function addMonths(date: Date, months: number): Date {
  const shifted = new Date(date.getTime());
  shifted.setUTCMonth(shifted.getUTCMonth() + months);
  return shifted;
}

const time = (iso: string | null): number | null => {
  if (iso === null) return null;
  const parsed = Date.parse(iso);
  return Number.isNaN(parsed) ? null : parsed;
};

/**
 * docs/constants.md: zero licenses used, a plan other than trial, purchased over 3 months ago, expiring within
 * 3 months (and not yet expired), and the cloud created before 2020-08-01.
 */
export function freeTrialPromptApplies(planType: PlanType, status: PlanStatus, now: Date): boolean {
  const purchased = time(status.planPurchasedAt);
  const expires = time(status.planExpiresAt);
  const created = time(status.cloudCreatedAt);
  if (purchased === null || expires === null || created === null) return false;
  return (
    status.licensesUsed === 0 &&
    planType !== 'trial' &&
    purchased < addMonths(now, -FREE_TRIAL_WINDOW_MONTHS).getTime() &&
    expires > now.getTime() &&
    expires <= addMonths(now, FREE_TRIAL_WINDOW_MONTHS).getTime() &&
    created < FREE_TRIAL_CREATED_BEFORE.getTime()
  );
}

/**
 * The notices for one member of one cloud, most urgent first. A suspended cloud gets the payment prompt
 * (manage_licenses) or the contact-your-administrator message, and no expiry warnings besides;
 * billing warnings and the free-trial prompt need manage_licenses; the billing country reminder goes to
 * owners and administrators when the country is missing.
 */
export function planNotices(
  access: Access,
  cloud: PlanCloud,
  status: PlanStatus | null,
  now: Date,
): PlanNotice[] {
  const notices: PlanNotice[] = [];
  const licenses = can(access, 'manage_licenses');
  const suspended = cloud.suspended_at !== null || status?.suspended === true;
  if (suspended) notices.push(licenses ? 'suspendedPayment' : 'suspendedContactAdministrator');
  if (licenses && status && !suspended) {
    if (status.expired) notices.push('expired');
    else if (status.cloudWillExpire) notices.push('expiring');
  }
  if (isOwnerOrAdmin(access) && cloud.billing !== null && !cloud.billing.address.country?.trim()) {
    notices.push('billingCountry');
  }
  if (licenses && status && !suspended && freeTrialPromptApplies(cloud.plan_type, status, now)) {
    notices.push('freeTrial');
  }
  return notices;
}

/** docs/roles.md: only ROLE_OWNER on a trial plan sees the quick-start guide. */
export const seesQuickStart = (access: Access, planType: PlanType) =>
  access.roleId === 'ROLE_OWNER' && planType === 'trial';

/** The promotional videos are about add-ons, which members with manage_licenses buy. */
export const seesPromotions = (access: Access) => can(access, 'manage_licenses');

/** docs/constants.md: a video dialog shows when it was never shown, or last shown 24 h ago or more. */
export function isDueAgain(lastShownAt: number | null, now: number): boolean {
  return lastShownAt === null || now - lastShownAt >= VIDEO_DIALOG_RESHOW_MS || lastShownAt > now;
}
