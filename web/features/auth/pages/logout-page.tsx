import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { routes } from '../../../../core/routes.ts';
import { useLogout } from '../api/logout.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { loginErrorMessage } from '../login-error.ts';

export function LogoutPage() {
  const { t } = useTranslation();
  const { mutate, isPending, isIdle, isError, error, data: providerUrl } = useLogout();
  const started = useRef(false);

  useEffect(() => {
    // Once only, also under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  // A single sign-on session signs out at its provider too: a whole page load, which comes back to the
  // login page (docs/single-sign-on.md#signing-out).
  useEffect(() => {
    if (providerUrl) window.location.assign(providerUrl);
  }, [providerUrl]);

  if (isIdle || isPending || providerUrl) {
    return (
      <AuthCard>
        <CircularProgress aria-label={t('auth.logout.pending')} sx={{ justifySelf: 'center' }} />
      </AuthCard>
    );
  }
  return (
    <AuthCard>
      {isError ? (
        <Alert severity="error">{loginErrorMessage(error, t)}</Alert>
      ) : (
        <Typography role="status" sx={{ textAlign: 'center' }}>
          {t('auth.logout.done')}
        </Typography>
      )}
      <Link component={RouterLink} to={routes.login.href()} sx={{ textAlign: 'center' }}>
        {t('auth.logout.loginAgain')}
      </Link>
    </AuthCard>
  );
}
