import type { TFunction } from 'i18next';
import { isApiError } from '../../platform/api-error.ts';

/** What the login form says about a failed attempt. */
export function loginErrorMessage(error: unknown, t: TFunction, secondFactor = false): string {
  if (!isApiError(error)) return t('platform.errors.server');
  if (error.kind === 'network' || error.kind === 'timeout') return t('platform.errors.network');
  if (error.status === 401)
    return secondFactor ? t('auth.login.wrongCode') : t('auth.login.wrongCredentials');
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
