// The service plan dialog's units (docs/guest-access.md#service-plans): what people type becomes the API's
// minutes, kbit/s and bytes, a plan shown again reads in the largest whole unit, and each wrong field says why.
import { describe, expect, it } from 'vitest';
import type { GuestPlan } from '../../../../core/api/guest-plans.ts';
import { emptyPlanForm, planBodyOf, planFormOf } from './plan-form.ts';

describe('the plan form', () => {
  it('turns days, hours, Mbit/s and GB into minutes, kbit/s and bytes; empty limits are none', () => {
    const result = planBodyOf({
      ...emptyPlanForm(),
      name: '  Day pass ',
      validity: '2',
      validityUnit: 'days',
      session: '90',
      sessionUnit: 'minutes',
      downMbps: '2,5',
      upMbps: '',
      periodQuota: '1.5',
      periodQuotaUnit: 'GB',
      quotaPeriod: 'month',
      ssids: 'Guest, Lobby, Guest',
    });
    expect(result).toEqual({
      body: {
        name: 'Day pass',
        price_label: '',
        valid_from: 'first_use',
        validity_minutes: 2880,
        session_minutes: 90,
        idle_minutes: null,
        down_kbps: 2500,
        up_kbps: null,
        session_quota_bytes: null,
        period_quota_bytes: 1_500_000_000,
        quota_period: 'month',
        devices_per_account: 1,
        site_ids: [],
        ssids: ['Guest', 'Lobby'],
      },
    });
  });

  it('says which fields are wrong and why', () => {
    const result = planBodyOf({
      ...emptyPlanForm(),
      name: ' ',
      validity: '1.5',
      downMbps: '0.01',
      sessionQuota: 'lots',
      devices: '0',
      idleMinutes: '1441',
    });
    expect(result).toEqual({
      errors: {
        name: { key: 'guestPlans.error.nameRequired' },
        validity: { key: 'guestPlans.error.wholeNumber' },
        downMbps: { key: 'guestPlans.error.range', values: { min: 1, max: 10_000 } },
        sessionQuota: { key: 'guestPlans.error.number' },
        devices: { key: 'guestPlans.error.range', values: { min: 1, max: 100 } },
        idleMinutes: { key: 'guestPlans.error.range', values: { min: 1, max: 1440 } },
      },
    });
  });

  it('shows a plan again in the largest whole unit, and saving it unchanged gives the same values', () => {
    const plan: GuestPlan = {
      id: 1,
      name: 'Week',
      price_label: '€20',
      valid_from: 'creation',
      validity_minutes: 10_080,
      session_minutes: 150,
      idle_minutes: 10,
      down_kbps: 20_000,
      up_kbps: 5_000,
      session_quota_bytes: 500_000_000,
      period_quota_bytes: 3_000_000_000,
      quota_period: 'day',
      devices_per_account: 3,
      site_ids: [4],
      ssids: ['Guest'],
      sites: [{ id: 4, name: 'Hotel' }],
      accounts: 0,
      created_at: '',
      updated_at: '',
    };
    const form = planFormOf(plan);
    expect(form).toMatchObject({
      validity: '7',
      validityUnit: 'days',
      session: '150',
      sessionUnit: 'minutes',
      downMbps: '20',
      sessionQuota: '500',
      sessionQuotaUnit: 'MB',
      periodQuota: '3',
      periodQuotaUnit: 'GB',
    });
    const { id, sites, accounts, created_at, updated_at, ...fields } = plan;
    expect(planBodyOf(form)).toEqual({ body: fields });
  });
});
