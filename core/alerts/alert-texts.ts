// The readable title and description of an alert in a language, from its type's definition
// (core/alerts/alert-params.ts): the web app, push notifications and alert mail all call these.
import { ALERT_TITLE_KEYS } from '../alert-titles.ts';
import type { AlertType } from '../domain.ts';
import { type Locale, localeToLanguageTag } from '../locales.ts';
import { TASK_TYPE_TITLE_KEYS } from '../task-type-titles.ts';
import { ALERT_PARAMS, type AlertDefinition, type ParamKind, type REBOOT_REASONS } from './alert-params.ts';

/** A message catalogue's lookup: i18next's t in the browser, the mail texts on the server. */
export type Translate = (key: string, values: Readonly<Record<string, string>>) => string;

export type AlertFacts = {
  alert_type: AlertType;
  alert_data_1: string | null;
  alert_data_2: string | null;
  alert_data_3: string | null;
};

export const REBOOT_REASON_KEYS = {
  power: 'alerts.rebootReason.power',
  watchdog: 'alerts.rebootReason.watchdog',
  user: 'alerts.rebootReason.user',
  firmware: 'alerts.rebootReason.firmware',
  crash: 'alerts.rebootReason.crash',
  unexpected: 'alerts.rebootReason.unexpected',
} as const satisfies Record<(typeof REBOOT_REASONS)[number], string>;

const hasKey = <T extends object>(map: T, key: string): key is Extract<keyof T, string> => key in map;
const number = (stored: string) => (/^-?\d+(\.\d+)?$/.test(stored) ? Number(stored) : null);

/** A duration in seconds in its largest fitting unit, rounded: 45 s, 42 min, 7 h, 12 days. */
function duration(seconds: number, tag: string): string {
  const [unit, size] =
    seconds < 60
      ? (['second', 1] as const)
      : seconds < 2 * 3600
        ? (['minute', 60] as const)
        : seconds < 2 * 86_400
          ? (['hour', 3600] as const)
          : (['day', 86_400] as const);
  return new Intl.NumberFormat(tag, { style: 'unit', unit, unitDisplay: 'long' }).format(
    Math.round(seconds / size),
  );
}

/** A stored value as a person reads it, or null when it is missing or not of its kind. */
function shown(kind: ParamKind, stored: string, t: Translate, tag: string): string | null {
  const decimal = (value: number) => new Intl.NumberFormat(tag, { maximumFractionDigits: 1 }).format(value);
  switch (kind) {
    case 'text':
    case 'version':
    case 'mac':
      return stored;
    case 'duration': {
      const seconds = number(stored);
      return seconds === null ? null : duration(Math.abs(seconds), tag);
    }
    case 'watts': {
      const watts = number(stored);
      return watts === null ? null : `${decimal(watts)} W`;
    }
    case 'band': {
      const ghz = number(stored);
      return ghz === null ? null : `${decimal(ghz)} GHz`;
    }
    case 'channel':
      return number(stored) === null ? null : t('alerts.param.channel', { number: stored });
    case 'share': {
      const [failed, total] = stored.split('/');
      if (!failed || !total || number(failed) === null || number(total) === null) return null;
      return t('alerts.param.share', { failed: decimal(Number(failed)), total: decimal(Number(total)) });
    }
    case 'rebootReason':
      // Words a device or an older console stored are shown as they are.
      return hasKey(REBOOT_REASON_KEYS, stored) ? t(REBOOT_REASON_KEYS[stored], {}) : stored;
    case 'taskType':
      return hasKey(TASK_TYPE_TITLE_KEYS, stored) ? t(TASK_TYPE_TITLE_KEYS[stored], {}) : null;
    case 'taskId':
      return null;
  }
}

/** The alert's values as a person reads them, by name; a missing or unreadable one is left out. */
export function alertValues(t: Translate, locale: Locale, alert: AlertFacts): Record<string, string> {
  const definition: AlertDefinition = ALERT_PARAMS[alert.alert_type];
  const tag = localeToLanguageTag(locale);
  const stored = [alert.alert_data_1, alert.alert_data_2, alert.alert_data_3];
  const values: Record<string, string> = {};
  definition.params.forEach((spec, index) => {
    const value = stored[index];
    const text = spec && value ? shown(spec.kind, value, t, tag) : null;
    if (spec && text !== null) values[spec.name] = text;
  });
  return values;
}

export function alertTitle(t: Translate, alert: Pick<AlertFacts, 'alert_type'>): string {
  return t(ALERT_TITLE_KEYS[alert.alert_type], {});
}

/**
 * The description of an alert in the language of `t` and `locale`: the first of its type's texts whose
 * values are all there; null when the device left out what every text needs, so nothing half-filled shows.
 */
export function alertDescription(t: Translate, locale: Locale, alert: AlertFacts): string | null {
  const values = alertValues(t, locale, alert);
  for (const [key, ...names] of (ALERT_PARAMS[alert.alert_type] as AlertDefinition).texts) {
    if (names.every((name) => name in values)) return t(key, values);
  }
  return null;
}
