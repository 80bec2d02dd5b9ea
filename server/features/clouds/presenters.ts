import type { Cloud, LicenseStatus } from '../../../core/api/clouds.ts';
import { freeLicensesTotal, isExpired, isSuspended, willExpireSoon } from '../../../core/plan.ts';
import { can, isOwnerOrAdmin, permissionBits } from '../../../core/policy.ts';
import type { Membership } from '../../auth/cloud-scope.ts';
import type { CloudRow } from './repository.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** docs/roles.md: billing warnings need manage_licenses; the billing country reminder goes to owners and admins. */
const seesBilling = (membership: Membership) =>
  can(membership, 'manage_licenses') || isOwnerOrAdmin(membership);

export function presentCloud(cloud: CloudRow, membership: Membership): Cloud {
  return {
    id: cloud.id,
    name: cloud.name,
    plan_type: cloud.planType,
    badge_of_courage: cloud.badgeOfCourage,
    large_site_support_allowed: cloud.largeSiteSupportAllowed,
    enable_credit_card: cloud.enableCreditCard,
    enable_advertisement: cloud.enableAdvertisement,
    access_control_list: cloud.accessControlList,
    suspended_at: iso(cloud.suspendedAt),
    suspend_type: cloud.suspendType,
    company: cloud.company,
    authport_enabled: cloud.authportEnabled,
    billing: seesBilling(membership) ? { address: { country: cloud.billingAddress.country ?? null } } : null,
    role_id: membership.roleId,
    permissions: permissionBits(membership),
    push_alerts: membership.pushAlerts,
  };
}

export function presentLicenseStatus(
  cloud: CloudRow,
  licenses: { paidUsed: number; freeUsed: number; freeHeld: number },
  now: Date,
): LicenseStatus {
  return {
    suspended: isSuspended(cloud),
    expired: isExpired(cloud, now),
    cloudWillExpire: willExpireSoon(cloud, now),
    planPurchasedAt: iso(cloud.planPurchasedAt),
    planExpiresAt: iso(cloud.planExpiresAt),
    cloudCreatedAt: iso(cloud.createdAt),
    licensesUsed: licenses.paidUsed,
    freeLicensesUsed: licenses.freeUsed,
    freeLicensesTotal: freeLicensesTotal(cloud.planType, licenses.freeHeld),
  };
}
