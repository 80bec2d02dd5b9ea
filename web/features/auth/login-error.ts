import type { TFunction } from 'i18next';
import { ACCOUNT_PACED_MESSAGE } from '../../../core/api/account.ts';
import { isApiError } from '../../platform/api-error.ts';

/**
 * Whether a login was refused by the account's pace for new addresses, which a second factor passes
 * (docs/security.md "Login limits"), rather than by this address's own limit.
 */
export const isAccountPaced = (error: unknown): boolean =>
  isApiError(error) && error.status === 429 && error.serverMessage === ACCOUNT_PACED_MESSAGE;

/** What the login form says about a failed attempt. */
export function loginErrorMessage(error: unknown, t: TFunction, secondFactor = false): string {
  if (!isApiError(error)) return t('platform.errors.server');
  if (error.kind === 'network' || error.kind === 'timeout') return t('platform.errors.network');
  if (error.status === 401)
    return secondFactor ? t('auth.login.wrongCode') : t('auth.login.wrongCredentials');
  // docs/single-sign-on.md#password-sign-in: the cloud signs its people in with single sign-on only.
  if (error.status === 403) return t('sso.login.passwordRefused');
  if (isAccountPaced(error)) return t('auth.login.pacedRefused');
  if (error.status === 429) {
    return error.retryAfterSeconds === null
      ? t('auth.login.throttledLater')
      : t('auth.login.throttled', { seconds: error.retryAfterSeconds });
  }
  if (error.status !== null && error.status >= 500) {
    const incident = error.incidentId
      ? ` ${t('platform.errors.incident', { incidentId: error.incidentId })}`
      : '';
    return `${t('platform.errors.server')}${incident}`;
  }
  return error.message;
}
