// Answers of the cloud calls for the notice tests (shapes of core/api/clouds.ts).
import type { Advertisement, Cloud, LicenseStatus } from '../../../core/api/clouds.ts';
import type { Me } from '../../features/auth/index.ts';
import { type FakeHandler, jsonResponse } from '../../test-utils/fake-fetch.ts';

const DAY = 24 * 60 * 60 * 1000;
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

export function cloudFixture(overrides: Partial<Cloud> = {}): Cloud {
  return {
    id: 3,
    name: 'Demo Networks',
    plan_type: 'intro',
    badge_of_courage: false,
    large_site_support_allowed: false,
    enable_credit_card: true,
    enable_advertisement: false,
    access_control_list: [],
    suspended_at: null,
    suspend_type: null,
    company: 'Demo Networks Ltd',
    authport_enabled: false,
    billing: { address: { country: 'US' } },
    role_id: 'ROLE_OWNER',
    permissions: 15,
    push_alerts: false,
    ...overrides,
  };
}

export function licenseStatusFixture(overrides: Partial<LicenseStatus> = {}): LicenseStatus {
  return {
    suspended: false,
    expired: false,
    cloudWillExpire: false,
    planPurchasedAt: daysFromNow(-300),
    planExpiresAt: daysFromNow(65),
    cloudCreatedAt: daysFromNow(-1000),
    licensesUsed: 12,
    freeLicensesUsed: 3,
    freeLicensesTotal: 10,
    ...overrides,
  };
}

export interface CloudAnswers {
  readonly me: Me;
  readonly cloud?: Cloud;
  readonly status?: LicenseStatus;
  readonly advertisement?: Advertisement;
}

/** A scripted server for the signed-in frame and the cloud calls of the notices. */
export function cloudServer({ me, cloud, status, advertisement }: CloudAnswers): FakeHandler {
  return ({ method, path }) => {
    if (method !== 'GET') return jsonResponse(404, { message: 'Not found.' });
    if (path === '/apiv2/auth/me') return jsonResponse(200, me);
    const match = /^\/apiv2\/cloud\/(\d+)(\/license-status|\/addons\/advertisement)?$/.exec(path);
    if (!match) return jsonResponse(404, { message: 'Not found.' });
    const id = Number(match[1]);
    if (match[2] === '/license-status') return jsonResponse(200, status ?? licenseStatusFixture());
    if (match[2] === '/addons/advertisement') return jsonResponse(200, advertisement ?? { videos: [] });
    return jsonResponse(200, { ...(cloud ?? cloudFixture()), id });
  };
}
