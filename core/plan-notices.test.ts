import { describe, expect, it } from 'vitest';
import {
  freeTrialPromptApplies,
  isDueAgain,
  type PlanCloud,
  type PlanStatus,
  planNotices,
  seesPromotions,
  seesQuickStart,
} from './plan-notices.ts';
import type { Access } from './policy.ts';

const now = new Date('2025-06-15T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(now.getTime() + days * DAY).toISOString();

const status = (overrides: Partial<PlanStatus> = {}): PlanStatus => ({
  suspended: false,
  expired: false,
  cloudWillExpire: false,
  planPurchasedAt: daysFromNow(-200),
  planExpiresAt: daysFromNow(50),
  cloudCreatedAt: '2019-11-14T09:30:00Z',
  licensesUsed: 0,
  ...overrides,
});

const cloud = (overrides: Partial<PlanCloud> = {}): PlanCloud => ({
  plan_type: 'intro',
  suspended_at: null,
  billing: { address: { country: 'US' } },
  ...overrides,
});

const owner: Access = { roleId: 'ROLE_OWNER', permissions: 0 };
const licenseAdmin: Access = { roleId: 'ROLE_ADMIN', permissions: 1 };
const sitesAdmin: Access = { roleId: 'ROLE_ADMIN', permissions: 8 };
const guest: Access = { roleId: 'ROLE_GUEST', permissions: 0 };

describe('free-trial prompt (docs/constants.md)', () => {
  it('applies to an old, unused, paid cloud that was bought long ago and expires soon', () => {
    expect(freeTrialPromptApplies('intro', status(), now)).toBe(true);
  });

  it.each([
    ['a license is used', 'intro', { licensesUsed: 1 }],
    ['the plan is a trial', 'trial', {}],
    ['it was purchased 3 months ago or less', 'intro', { planPurchasedAt: '2025-03-15T12:00:01Z' }],
    ['it expires in more than 3 months', 'intro', { planExpiresAt: '2025-09-15T12:00:01Z' }],
    ['it has already expired', 'intro', { planExpiresAt: daysFromNow(-1) }],
    ['the cloud was created on 2020-08-01', 'intro', { cloudCreatedAt: '2020-08-01T00:00:00Z' }],
    ['a date is missing', 'intro', { planPurchasedAt: null }],
  ] as const)('does not apply when %s', (_case, planType, overrides) => {
    expect(freeTrialPromptApplies(planType, status(overrides), now)).toBe(false);
  });

  it('counts the 3 months in calendar months on both sides', () => {
    expect(freeTrialPromptApplies('vpc', status({ planPurchasedAt: '2025-03-15T11:59:59Z' }), now)).toBe(
      true,
    );
    expect(freeTrialPromptApplies('vpc', status({ planExpiresAt: '2025-09-15T12:00:00Z' }), now)).toBe(true);
  });
});

describe('plan notices', () => {
  const paid = status({ licensesUsed: 4 });

  it('asks members with manage_licenses to pay for a suspended cloud and others to contact an administrator', () => {
    const suspended = cloud({ suspended_at: daysFromNow(-6) });
    const expiredToo = status({ suspended: true, expired: true, licensesUsed: 3 });
    expect(planNotices(owner, suspended, expiredToo, now)).toEqual(['suspendedPayment']);
    expect(planNotices(licenseAdmin, suspended, expiredToo, now)).toEqual(['suspendedPayment']);
    expect(planNotices(guest, suspended, expiredToo, now)).toEqual(['suspendedContactAdministrator']);
    expect(planNotices(guest, cloud(), status({ suspended: true }), now)).toEqual([
      'suspendedContactAdministrator',
    ]);
  });

  it('warns members with manage_licenses about an expired or expiring plan', () => {
    expect(planNotices(owner, cloud(), { ...paid, expired: true }, now)).toEqual(['expired']);
    expect(planNotices(licenseAdmin, cloud(), { ...paid, cloudWillExpire: true }, now)).toEqual(['expiring']);
    expect(planNotices(sitesAdmin, cloud(), { ...paid, expired: true }, now)).toEqual([]);
    expect(planNotices(guest, cloud(), { ...paid, cloudWillExpire: true }, now)).toEqual([]);
  });

  it('reminds owners and administrators of a missing billing country', () => {
    const noCountry = cloud({ billing: { address: { country: null } } });
    expect(planNotices(owner, noCountry, paid, now)).toEqual(['billingCountry']);
    expect(planNotices(sitesAdmin, noCountry, paid, now)).toEqual(['billingCountry']);
    expect(planNotices(guest, cloud({ billing: null }), paid, now)).toEqual([]);
    expect(planNotices(owner, cloud(), paid, now)).toEqual([]);
  });

  it('offers the free trial to members with manage_licenses only', () => {
    expect(planNotices(owner, cloud(), status(), now)).toEqual(['freeTrial']);
    expect(planNotices(sitesAdmin, cloud(), status(), now)).toEqual([]);
  });
});

describe('video dialogs', () => {
  it('shows the quick-start guide only to the owner of a trial cloud', () => {
    expect(seesQuickStart(owner, 'trial')).toBe(true);
    expect(seesQuickStart(owner, 'intro')).toBe(false);
    expect(seesQuickStart({ roleId: 'ROLE_ADMIN', permissions: 15 }, 'trial')).toBe(false);
  });

  it('shows promotions to members who manage licenses', () => {
    expect(seesPromotions(owner)).toBe(true);
    expect(seesPromotions(licenseAdmin)).toBe(true);
    expect(seesPromotions(guest)).toBe(false);
  });

  it('shows a dialog again 24 h after it was last shown (docs/constants.md)', () => {
    const t = now.getTime();
    expect(isDueAgain(null, t)).toBe(true);
    expect(isDueAgain(t - DAY + 1, t)).toBe(false);
    expect(isDueAgain(t - DAY, t)).toBe(true);
    expect(isDueAgain(t + 60_000, t)).toBe(true);
  });
});
