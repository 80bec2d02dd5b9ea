// A service plan as people read it (docs/guest-access.md#service-plans): "1 day from first use",
// "↓ 10 Mb/s ↑ 2 Mb/s · 5 GB a day", "All sites · Guest".
import { useTranslation } from 'react-i18next';
import type { GuestPlan } from '../../../../core/api/guest-plans.ts';
import { formatDuration } from '../../../platform/duration.ts';
import { formatBitRate, formatBytes, type UnitContext } from '../../../platform/units.ts';

type PlanLimits = Pick<
  GuestPlan,
  | 'valid_from'
  | 'validity_minutes'
  | 'session_minutes'
  | 'idle_minutes'
  | 'down_kbps'
  | 'up_kbps'
  | 'session_quota_bytes'
  | 'period_quota_bytes'
  | 'quota_period'
  | 'devices_per_account'
>;

/** Minutes as people say them: in whole days, hours or minutes when they are ("2 days"), else "1 hr 30 min". */
export function planDuration(minutes: number, units: UnitContext): string {
  const whole = (
    [
      [1440, 'day'],
      [60, 'hour'],
      [1, 'minute'],
    ] as const
  ).find(([size]) => minutes % size === 0);
  if (!whole || (whole[1] === 'minute' && minutes > 60)) return formatDuration(minutes * 60, units);
  const options = { style: 'unit', unit: whole[1], unitDisplay: 'long' } as const;
  try {
    return new Intl.NumberFormat(units.locale, options).format(minutes / whole[0]);
  } catch {
    return new Intl.NumberFormat('en', options).format(minutes / whole[0]);
  }
}

export function usePlanTexts(units: UnitContext) {
  const { t } = useTranslation();
  const duration = (minutes: number) => planDuration(minutes, units);
  return {
    validity: (plan: PlanLimits) =>
      t(plan.valid_from === 'first_use' ? 'guestPlans.text.fromFirstUse' : 'guestPlans.text.fromCreation', {
        duration: duration(plan.validity_minutes),
      }),
    limits: (plan: PlanLimits) => {
      const parts: string[] = [];
      if (plan.session_minutes !== null)
        parts.push(t('guestPlans.text.session', { duration: duration(plan.session_minutes) }));
      if (plan.down_kbps !== null || plan.up_kbps !== null)
        parts.push(
          [
            plan.down_kbps === null ? null : `↓ ${formatBitRate(plan.down_kbps * 1000, units)}`,
            plan.up_kbps === null ? null : `↑ ${formatBitRate(plan.up_kbps * 1000, units)}`,
          ]
            .filter((part) => part !== null)
            .join(' '),
        );
      if (plan.session_quota_bytes !== null)
        parts.push(
          t('guestPlans.text.sessionQuota', { amount: formatBytes(plan.session_quota_bytes, units) }),
        );
      if (plan.period_quota_bytes !== null)
        parts.push(
          t(plan.quota_period === 'month' ? 'guestPlans.text.perMonth' : 'guestPlans.text.perDay', {
            amount: formatBytes(plan.period_quota_bytes, units),
          }),
        );
      parts.push(t('guestPlans.text.devices', { count: plan.devices_per_account }));
      return parts.join(' · ');
    },
    where: (plan: Pick<GuestPlan, 'sites' | 'site_ids' | 'ssids'>) =>
      [
        plan.site_ids.length === 0
          ? t('guestPlans.text.allSites')
          : plan.sites.map((site) => site.name).join(', '),
        plan.ssids.length === 0 ? t('guestPlans.text.allSsids') : plan.ssids.join(', '),
      ].join(' · '),
  };
}
