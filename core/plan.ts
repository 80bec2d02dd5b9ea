// Plan rules shared by the license status call and the plan notices (docs/entities.md License status, docs/errors.md, docs/constants.md).
import type { PlanType } from './domain.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A plan expiring within this many days raises 'Your cloud plan will expire soon.' (docs/errors.md). */
export const PLAN_EXPIRY_WARNING_DAYS = 30;

/**
 * Free device licenses a cloud gets with its plan. A cloud that holds more free license rows (granted
 * by support) counts those instead: the total is never below what the cloud holds.
 */
export const FREE_LICENSE_ALLOWANCE: Readonly<Record<PlanType, number>> = {
  trial: 25,
  intro: 10,
  vpc: 10,
};

export type PlanDates = { suspendedAt: Date | null; planExpiresAt: Date | null };

/** docs/states.md: a cloud is suspended when suspended_at is set. */
export const isSuspended = (plan: PlanDates) => plan.suspendedAt !== null;

/** The plan has expired: its expiry is not in the future. A cloud without an expiry never expires. */
export function isExpired(plan: PlanDates, now: Date): boolean {
  return plan.planExpiresAt !== null && plan.planExpiresAt.getTime() <= now.getTime();
}

/** The plan has not expired yet but will within PLAN_EXPIRY_WARNING_DAYS. */
export function willExpireSoon(plan: PlanDates, now: Date): boolean {
  if (plan.planExpiresAt === null || isExpired(plan, now)) return false;
  return plan.planExpiresAt.getTime() - now.getTime() <= PLAN_EXPIRY_WARNING_DAYS * DAY_MS;
}

/** The free licenses shown as the cloud's total: the plan's allowance, or the rows held when more. */
export function freeLicensesTotal(planType: PlanType, freeLicensesHeld: number): number {
  return Math.max(FREE_LICENSE_ALLOWANCE[planType], freeLicensesHeld);
}

/** A new cloud starts on a trial plan of this many days, as the demo's trial clouds do. */
export const TRIAL_DAYS = 30;

/** The plan dates of a cloud created now: a trial, bought nothing yet. */
export function trialPlan(now: Date) {
  return {
    planType: 'trial' as const,
    planPurchasedAt: null,
    planExpiresAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
  };
}
