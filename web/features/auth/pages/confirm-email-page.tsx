// /welcome/confirm-email?token=: the link mailed to a new email (or to an address being verified). The
// button makes the address the account's own and verified; the mail proved it, so no session is needed.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { routes } from '../../../../core/routes.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { useConfirmEmailChange, useEmailChangeLookup } from '../api/email-change.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { loginErrorMessage } from '../login-error.ts';

export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token') ?? '';
  const lookup = useEmailChangeLookup(token);
  const confirm = useConfirmEmailChange();
  const status = isApiError(confirm.error) ? confirm.error.status : null;
  const gone = token === '' || lookup.isError || status === 404;

  return (
    <AuthCard>
      <Typography variant="h2" sx={{ textAlign: 'center' }}>
        {t('routes.title.confirmEmail')}
      </Typography>
      {confirm.isSuccess ? (
        <>
          <Alert severity="success" role="status">
            {t('auth.confirmEmail.done', { email: confirm.data.email })}
          </Alert>
          <Button component={RouterLink} to={routes.home.href()} variant="contained">
            {t('auth.confirmEmail.continue')}
          </Button>
        </>
      ) : gone ? (
        <Alert severity="warning">{t('auth.confirmEmail.gone')}</Alert>
      ) : lookup.data ? (
        <>
          <Typography>{t('auth.confirmEmail.intro', { email: lookup.data.email })}</Typography>
          {confirm.isError && (
            <Alert severity="error">
              {status === 409 ? t('auth.confirmEmail.taken') : loginErrorMessage(confirm.error, t)}
            </Alert>
          )}
          <Button
            variant="contained"
            size="large"
            disabled={confirm.isPending || status === 409}
            onClick={() => confirm.mutate({ token })}
          >
            {t('auth.confirmEmail.submit')}
          </Button>
        </>
      ) : (
        <Box sx={{ display: 'grid', placeItems: 'center' }}>
          <CircularProgress aria-label={t('platform.listPage.loading')} />
        </Box>
      )}
    </AuthCard>
  );
}
