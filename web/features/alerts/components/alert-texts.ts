// The readable title and description of every alert type (core/alerts/alert-texts.ts, which the server's
// push and mail texts use too) in the app's language, and the health names.
import type { TFunction } from 'i18next';
import * as texts from '../../../../core/alerts/alert-texts.ts';
import type { Alert } from '../../../../core/api/alerts.ts';
import type { HealthId } from '../../../../core/domain.ts';
import { currentLocale } from '../../../platform/i18n.ts';

export const HEALTH_LABEL_KEYS = {
  HEALTH_UNKNOWN: 'alerts.health.unknown',
  HEALTH_NORMAL: 'alerts.health.normal',
  HEALTH_WARNING: 'alerts.health.warning',
  HEALTH_CRITICAL: 'alerts.health.critical',
} as const satisfies Record<HealthId, string>;

// The keys come from core's alert definitions, each of them in locales/en.json (core/alerts tests say so).
const translate =
  (t: TFunction): texts.Translate =>
  (key, values) =>
    t(key as never, values);

export function alertTitle(t: TFunction, alert: Pick<Alert, 'alert_type'>): string {
  return texts.alertTitle(translate(t), alert);
}

export function alertDescription(
  t: TFunction,
  alert: Pick<Alert, 'alert_type' | 'alert_data_1' | 'alert_data_2' | 'alert_data_3'>,
): string | null {
  return texts.alertDescription(translate(t), currentLocale(), alert);
}
