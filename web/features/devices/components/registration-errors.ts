// What the registration dialogs say when the server refuses: beside the field it names, or for the form.
import type { TFunction } from 'i18next';
import { isApiError } from '../../../platform/api-error.ts';

export type FieldErrors = Partial<Record<'site_id' | 'sn' | 'mac' | 'product_brand_id' | 'name', string>>;

const FIELD_TEXTS = {
  '/mac:duplicate': 'devices.register.macTaken',
  '/sn:duplicate': 'devices.register.serialTaken',
  '/sn:serial_mismatch': 'devices.adopt.serialMismatch',
  '/product_brand_id:unknown_product': 'devices.register.modelRequired',
  '/product_brand_id:not_a_site_device': 'devices.register.notSiteDevice',
} as const;

const GENERIC_FIELD_TEXTS = {
  site_id: 'devices.register.siteRequired',
  sn: 'devices.register.serialInvalid',
  mac: 'devices.register.macInvalid',
  product_brand_id: 'devices.register.modelRequired',
  name: 'devices.register.nameInvalid',
} as const;

/** The server's refusal as texts beside the fields, or one text for the whole form. */
export function registrationErrors(t: TFunction, error: unknown): { fields: FieldErrors; form?: string } {
  if (!isApiError(error)) return { fields: {}, form: t('devices.register.failed') };
  if (error.status === 403) return { fields: {}, form: t('devices.register.forbidden') };
  if (error.status === 404) return { fields: {}, form: t('devices.register.gone') };
  if (error.kind !== 'validation') return { fields: {}, form: t('devices.register.failed') };
  const fields: FieldErrors = {};
  for (const issue of error.errors) {
    const field = issue.path.slice(1) as keyof typeof GENERIC_FIELD_TEXTS;
    if (!Object.hasOwn(GENERIC_FIELD_TEXTS, field)) continue;
    const key = `${issue.path}:${issue.errorCode}`;
    fields[field] = Object.hasOwn(FIELD_TEXTS, key)
      ? t(FIELD_TEXTS[key as keyof typeof FIELD_TEXTS])
      : t(GENERIC_FIELD_TEXTS[field]);
  }
  return Object.keys(fields).length > 0 ? { fields } : { fields, form: t('devices.register.failed') };
}

/** docs/entities.md serial numbers as the agent protocol takes them. */
export const SERIAL_PATTERN = /^[A-Za-z0-9-]{4,40}$/;
