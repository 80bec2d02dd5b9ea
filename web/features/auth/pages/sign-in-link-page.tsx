// /welcome/sign-in-link?token=: the link mailed while the account's login pace held. Opening the page does
// nothing by itself (mail scanners open links); the button signs this browser in, once.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { routes } from '../../../../core/routes.ts';
import { pathAfterLogin } from '../../../../core/safe-next.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { useCompleteSignInLink } from '../api/sign-in-link.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { loginErrorMessage } from '../login-error.ts';
import { useProductName } from '../use-product-name.ts';

export function SignInLinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const productName = useProductName();
  const token = useSearchParams()[0].get('token') ?? '';
  const complete = useCompleteSignInLink();
  const gone = token === '' || (isApiError(complete.error) && complete.error.status === 404);

  const signIn = () =>
    complete.mutate(
      { token },
      {
        onSuccess: (me) =>
          navigate(pathAfterLogin(null, window.location.origin, me.default_cloud_id), { replace: true }),
      },
    );

  return (
    <AuthCard>
      <Typography variant="h2" sx={{ textAlign: 'center' }}>
        {t('routes.title.signInLink')}
      </Typography>
      {gone ? (
        <>
          <Alert severity="warning">{t('auth.signInLink.gone')}</Alert>
          <Link component={RouterLink} to={routes.login.href()} sx={{ justifySelf: 'center' }}>
            {t('auth.passwordReset.backToLogin')}
          </Link>
        </>
      ) : (
        <>
          <Typography>{t('auth.signInLink.intro', { productName })}</Typography>
          {complete.isError && <Alert severity="error">{loginErrorMessage(complete.error, t)}</Alert>}
          <Button variant="contained" size="large" disabled={complete.isPending} onClick={signIn}>
            {t('auth.signInLink.submit')}
          </Button>
        </>
      )}
    </AuthCard>
  );
}
