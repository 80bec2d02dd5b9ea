import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { classifyFailure, type Failure } from '../../../core/errors.ts';
import { isApiError } from '../api-error.ts';
import { reportErrorDialog } from '../dialogs/dialog-store.ts';
import { errorNoticeText } from './error-notice-text.ts';

function failureOf(error: unknown): Failure {
  return isApiError(error)
    ? {
        kind: error.kind,
        status: error.status,
        incidentId: error.incidentId,
        serverMessage: error.serverMessage,
      }
    : { kind: 'script', status: null };
}

export interface CriticalErrorPageProps {
  readonly error: unknown;
  /** Where "a way back" leads: the default cloud's dashboard, or null when unknown. */
  readonly homeHref: string | null;
  readonly userEmail: string;
}

/** docs/errors.md: a page that failed to render says what went wrong and offers reload, report and a way back. */
export function CriticalErrorPage({ error, homeHref, userEmail }: CriticalErrorPageProps) {
  const { t } = useTranslation();
  const notice = classifyFailure(failureOf(error), typeof navigator === 'undefined' || navigator.onLine);
  return (
    <Box
      component="section"
      role="alert"
      aria-labelledby="critical-error-title"
      sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2, justifyItems: 'start', maxWidth: 720 }}
    >
      <Typography id="critical-error-title" variant="h1" sx={{ color: 'error.main' }}>
        {t('platform.critical.title')}
      </Typography>
      <Typography>{errorNoticeText(notice, t)}</Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('platform.errors.reloadPage')}
        </Button>
        {notice.type === 'generic' && (
          <Button variant="outlined" onClick={() => void reportErrorDialog({ error, user: userEmail })}>
            {t('platform.errors.reportError')}
          </Button>
        )}
      </Box>
      {homeHref && <Link href={homeHref}>{t('platform.critical.home')}</Link>}
    </Box>
  );
}
