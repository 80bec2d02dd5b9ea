import { describe, expect, it } from 'vitest';
import {
  FREE_LICENSE_ALLOWANCE,
  freeLicensesTotal,
  isExpired,
  isSuspended,
  PLAN_EXPIRY_WARNING_DAYS,
  willExpireSoon,
} from './plan.ts';

const now = new Date('2025-06-01T12:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
const plan = (planExpiresAt: Date | null, suspendedAt: Date | null = null) => ({
  planExpiresAt,
  suspendedAt,
});

describe('plan rules', () => {
  it('calls a cloud suspended exactly when suspended_at is set', () => {
    expect(isSuspended(plan(inDays(100), inDays(-2)))).toBe(true);
    expect(isSuspended(plan(inDays(100)))).toBe(false);
  });

  it('calls a plan expired once its expiry has passed', () => {
    expect(isExpired(plan(inDays(-1)), now)).toBe(true);
    expect(isExpired(plan(now), now)).toBe(true);
    expect(isExpired(plan(inDays(1)), now)).toBe(false);
    expect(isExpired(plan(null), now)).toBe(false);
  });

  it('warns within 30 days of expiry, not after it has expired', () => {
    expect(PLAN_EXPIRY_WARNING_DAYS).toBe(30);
    expect(willExpireSoon(plan(inDays(20)), now)).toBe(true);
    expect(willExpireSoon(plan(inDays(30)), now)).toBe(true);
    expect(willExpireSoon(plan(inDays(31)), now)).toBe(false);
    expect(willExpireSoon(plan(inDays(-1)), now)).toBe(false);
    expect(willExpireSoon(plan(null), now)).toBe(false);
  });

  it('counts the plan allowance of free licenses, or the rows held when more', () => {
    expect(freeLicensesTotal('intro', 3)).toBe(FREE_LICENSE_ALLOWANCE.intro);
    expect(freeLicensesTotal('trial', 0)).toBe(FREE_LICENSE_ALLOWANCE.trial);
    expect(freeLicensesTotal('vpc', 40)).toBe(40);
  });
});
