// The Accounts page's forms (docs/guest-access.md#accounts-and-vouchers): a voucher batch, a person's
// account and a later end, checked as the server checks them, each wrong field with its message key.
import {
  type CreateGuestAccountBody,
  type CreateVoucherBatchBody,
  GUEST_NOTE_MAX,
  GUEST_PASSWORD_MAX,
  GUEST_PASSWORD_MIN,
  GUEST_USERNAME_MAX,
  VOUCHER_BATCH_NAME_MAX,
  VOUCHER_CODE_LENGTH_MAX,
  VOUCHER_CODE_LENGTH_MIN,
  VOUCHER_COUNT_MAX,
  VOUCHER_PREFIX_MAX,
} from '../../../../core/api/guest-accounts.ts';

export type FieldError = { readonly key: AccountErrorKey; readonly values?: Record<string, string | number> };
export type AccountErrorKey =
  | 'guestAccounts.error.planRequired'
  | 'guestAccounts.error.range'
  | 'guestAccounts.error.prefix'
  | 'guestAccounts.error.tooLong'
  | 'guestAccounts.error.futureDate'
  | 'guestAccounts.error.username'
  | 'guestAccounts.error.password'
  | 'guestAccounts.error.email';

export type Checked<B, F extends string> = { body: B } | { errors: Partial<Record<F, FieldError>> };

/** The end of a day picked in a date field (yyyy-mm-dd), in the browser's time zone; null when none. */
export function endOfDay(date: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const end = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59);
  return Number.isNaN(end.getTime()) ? null : end;
}

const whole = (text: string, min: number, max: number) => {
  const value = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  return value >= min && value <= max ? value : null;
};

export interface BatchForm {
  readonly planId: number | null;
  readonly name: string;
  readonly count: string;
  readonly codeLength: string;
  readonly prefix: string;
  readonly shared: boolean;
  /** A date (yyyy-mm-dd) or empty for none. */
  readonly expires: string;
}
export type BatchField = 'planId' | 'name' | 'count' | 'codeLength' | 'prefix' | 'expires';

export const emptyBatchForm = (): BatchForm => ({
  planId: null,
  name: '',
  count: '10',
  codeLength: '8',
  prefix: '',
  shared: false,
  expires: '',
});

export function batchBodyOf(form: BatchForm, now: Date): Checked<CreateVoucherBatchBody, BatchField> {
  const errors: Partial<Record<BatchField, FieldError>> = {};
  if (form.planId === null) errors.planId = { key: 'guestAccounts.error.planRequired' };
  if (form.name.trim().length > VOUCHER_BATCH_NAME_MAX)
    errors.name = { key: 'guestAccounts.error.tooLong', values: { max: VOUCHER_BATCH_NAME_MAX } };
  const count = whole(form.count, 1, VOUCHER_COUNT_MAX);
  if (count === null)
    errors.count = { key: 'guestAccounts.error.range', values: { min: 1, max: VOUCHER_COUNT_MAX } };
  const codeLength = whole(form.codeLength, VOUCHER_CODE_LENGTH_MIN, VOUCHER_CODE_LENGTH_MAX);
  if (codeLength === null)
    errors.codeLength = {
      key: 'guestAccounts.error.range',
      values: { min: VOUCHER_CODE_LENGTH_MIN, max: VOUCHER_CODE_LENGTH_MAX },
    };
  const prefix = form.prefix.trim().toUpperCase();
  if (!/^[A-Z0-9-]*$/.test(prefix) || prefix.length > VOUCHER_PREFIX_MAX)
    errors.prefix = { key: 'guestAccounts.error.prefix', values: { max: VOUCHER_PREFIX_MAX } };
  const expires = form.expires === '' ? null : endOfDay(form.expires);
  if (form.expires !== '' && (expires === null || expires.getTime() <= now.getTime()))
    errors.expires = { key: 'guestAccounts.error.futureDate' };
  if (Object.keys(errors).length > 0 || form.planId === null || count === null || codeLength === null)
    return { errors };
  return {
    body: {
      plan_id: form.planId,
      ...(form.name.trim() === '' ? {} : { name: form.name.trim() }),
      count,
      code_length: codeLength,
      prefix,
      shared: form.shared,
      expires_at: expires?.toISOString() ?? null,
    },
  };
}

export interface AccountForm {
  readonly planId: number | null;
  readonly mode: 'user' | 'email';
  readonly username: string;
  /** Empty: the console makes one up. */
  readonly password: string;
  readonly email: string;
  readonly note: string;
  readonly expires: string;
}
export type AccountField = 'planId' | 'username' | 'password' | 'email' | 'note' | 'expires';

export const emptyAccountForm = (): AccountForm => ({
  planId: null,
  mode: 'user',
  username: '',
  password: '',
  email: '',
  note: '',
  expires: '',
});

export function accountBodyOf(form: AccountForm, now: Date): Checked<CreateGuestAccountBody, AccountField> {
  const errors: Partial<Record<AccountField, FieldError>> = {};
  if (form.planId === null) errors.planId = { key: 'guestAccounts.error.planRequired' };
  const username = form.username.trim();
  const email = form.email.trim();
  if (form.mode === 'user') {
    if (!/^[A-Za-z0-9._@+-]{3,}$/.test(username) || username.length > GUEST_USERNAME_MAX)
      errors.username = { key: 'guestAccounts.error.username', values: { max: GUEST_USERNAME_MAX } };
    if (
      form.password !== '' &&
      (form.password.length < GUEST_PASSWORD_MIN || form.password.length > GUEST_PASSWORD_MAX)
    )
      errors.password = {
        key: 'guestAccounts.error.password',
        values: { min: GUEST_PASSWORD_MIN, max: GUEST_PASSWORD_MAX },
      };
  } else if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) {
    errors.email = { key: 'guestAccounts.error.email' };
  }
  if (form.note.trim().length > GUEST_NOTE_MAX)
    errors.note = { key: 'guestAccounts.error.tooLong', values: { max: GUEST_NOTE_MAX } };
  const expires = form.expires === '' ? null : endOfDay(form.expires);
  if (form.expires !== '' && (expires === null || expires.getTime() <= now.getTime()))
    errors.expires = { key: 'guestAccounts.error.futureDate' };
  if (Object.keys(errors).length > 0 || form.planId === null) return { errors };
  return {
    body: {
      plan_id: form.planId,
      ...(form.mode === 'user'
        ? { username, ...(form.password === '' ? {} : { password: form.password }) }
        : { email }),
      ...(form.note.trim() === '' ? {} : { note: form.note.trim() }),
      ...(expires === null ? {} : { expires_at: expires.toISOString() }),
    },
  };
}
