// docs/errors.md texts of each notice, through the locale files (keys are written out, never built).
import type { TFunction } from 'i18next';
import type { ErrorNotice } from '../../../core/errors.ts';

export function errorNoticeText(notice: ErrorNotice, t: TFunction): string {
  switch (notice.type) {
    case 'offline':
      return t('platform.errors.offline');
    case 'network':
      return t('platform.errors.network');
    case 'sessionExpired':
      return t('platform.errors.sessionExpired');
    case 'forbidden':
      return notice.serverMessage ?? t('platform.errors.forbidden');
    case 'tooManyRequests':
      return t('platform.errors.tooManyRequests');
    case 'server':
      return notice.incidentId
        ? `${t('platform.errors.server')} ${t('platform.errors.incident', { incidentId: notice.incidentId })}`
        : t('platform.errors.server');
    case 'badGateway':
      return t('platform.errors.badGateway');
    case 'unavailable':
      return t('platform.errors.unavailable');
    case 'generic':
      return t('platform.errors.generic');
  }
}
