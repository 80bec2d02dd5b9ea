import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { SSO_OUTCOMES, type SsoOutcome } from '../../../../core/api/single-sign-on.ts';
import { routes } from '../../../../core/routes.ts';
import { pathAfterLogin } from '../../../../core/safe-next.ts';
import { ssoStartHref, useSsoAvailable } from '../../single-sign-on/index.ts';
import { useLogin } from '../api/login.ts';
import { useRequestSignInLink } from '../api/sign-in-link.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { isAccountPaced, loginErrorMessage } from '../login-error.ts';
import { useProductName } from '../use-product-name.ts';

const SSO_OUTCOME_KEYS = {
  unavailable: 'sso.login.unavailable',
  expired: 'sso.login.expired',
  failed: 'sso.login.failed',
  refused: 'sso.login.refused',
  email_unverified: 'sso.login.emailUnverified',
} as const satisfies Record<SsoOutcome, string>;

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const productName = useProductName();
  const loginMutation = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Once the password is right, an account with two-factor sign-in asks for a code or a recovery code.
  const [secondFactor, setSecondFactor] = useState<'totp' | 'recoveryCode' | null>(null);
  const [code, setCode] = useState('');
  // Too many failed logins on the account from new places: the password alone waits, but the password
  // with a code, or a mailed sign-in link, passes (docs/security.md "Login limits").
  const [paced, setPaced] = useState(false);
  const linkRequest = useRequestSignInLink();
  // docs/single-sign-on.md#the-sign-in: offered once the typed email's domain signs in with it.
  const ssoAvailable = useSsoAvailable(email);
  const ssoParam = searchParams.get('sso');
  const ssoOutcome = SSO_OUTCOMES.find((outcome): outcome is SsoOutcome => outcome === ssoParam) ?? null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loginMutation.isPending) return;
    const factor =
      secondFactor === 'totp'
        ? { totp: code.replace(/\s/g, '') }
        : secondFactor === 'recoveryCode'
          ? { recovery_code: code.trim() }
          : {};
    loginMutation.mutate(
      { email: email.trim(), password, ...factor },
      {
        onSuccess: (me) => {
          if (me === 'twoFactorRequired') {
            setSecondFactor('totp');
            return;
          }
          const target = pathAfterLogin(
            searchParams.get('next'),
            window.location.origin,
            me.default_cloud_id,
          );
          navigate(target, { replace: true });
        },
        onError: (error) => {
          if (paced || !isAccountPaced(error)) return;
          // The page explains the pace and asks for the second factor instead of showing an error.
          setPaced(true);
          setSecondFactor('totp');
          loginMutation.reset();
        },
      },
    );
  };
  const startOver = () => {
    setPaced(false);
    setSecondFactor(null);
    setCode('');
    loginMutation.reset();
    linkRequest.reset();
  };
  const askLink = () => {
    if (!linkRequest.isPending) linkRequest.mutate({ email: email.trim(), password });
  };

  return (
    <AuthCard>
      <Typography variant="h2" sx={{ textAlign: 'center' }}>
        {t('auth.login.heading')}
      </Typography>
      <Box
        component="form"
        aria-label={t('auth.login.formLabel', { productName })}
        onSubmit={submit}
        sx={{ display: 'grid', gap: 2 }}
      >
        {ssoOutcome && <Alert severity="error">{t(SSO_OUTCOME_KEYS[ssoOutcome])}</Alert>}
        {paced && (
          <Alert severity="info" role="status">
            {t('auth.login.paced')}
          </Alert>
        )}
        {loginMutation.isError && (
          <Alert severity="error">{loginErrorMessage(loginMutation.error, t, secondFactor !== null)}</Alert>
        )}
        {linkRequest.isSuccess && (
          <Alert severity={linkRequest.data.mail === 'sent' ? 'success' : 'warning'} role="status">
            {linkRequest.data.mail === 'sent'
              ? t('auth.login.linkSent', { email: email.trim() })
              : t('auth.login.linkNoMail')}
          </Alert>
        )}
        {linkRequest.isError && <Alert severity="error">{loginErrorMessage(linkRequest.error, t)}</Alert>}
        {secondFactor === null ? (
          <>
            <TextField
              label={t('auth.login.email')}
              name="email"
              type="email"
              autoComplete="username"
              required
              autoFocus
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <TextField
              label={t('auth.login.password')}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <Link component={RouterLink} to={routes.forgotPassword.href()} sx={{ justifySelf: 'end' }}>
              {t('auth.login.forgotPassword')}
            </Link>
          </>
        ) : (
          <>
            <Typography>
              {secondFactor === 'totp' ? t('auth.login.codeIntro') : t('auth.login.recoveryIntro')}
            </Typography>
            <TextField
              key={secondFactor}
              label={secondFactor === 'totp' ? t('auth.login.code') : t('auth.login.recoveryCode')}
              name={secondFactor}
              autoComplete="one-time-code"
              required
              autoFocus
              slotProps={{ htmlInput: secondFactor === 'totp' ? { inputMode: 'numeric', maxLength: 7 } : {} }}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
            <Link
              component="button"
              type="button"
              onClick={() => {
                setCode('');
                loginMutation.reset();
                setSecondFactor(secondFactor === 'totp' ? 'recoveryCode' : 'totp');
              }}
            >
              {secondFactor === 'totp' ? t('auth.login.useRecoveryCode') : t('auth.login.useCode')}
            </Link>
            {paced && (
              // During the pace the password was not checked alone, so it may be the part to correct.
              <Link component="button" type="button" onClick={startOver}>
                {t('auth.login.startOver')}
              </Link>
            )}
          </>
        )}
        <Button type="submit" variant="contained" size="large" disabled={loginMutation.isPending}>
          {t('auth.login.submit')}
        </Button>
        {secondFactor === null && ssoAvailable && (
          <Button variant="outlined" size="large" href={ssoStartHref(email, searchParams.get('next'))}>
            {t('sso.login.button')}
          </Button>
        )}
        {paced && (
          <Button variant="outlined" disabled={linkRequest.isPending} onClick={askLink}>
            {t('auth.login.mailLink')}
          </Button>
        )}
      </Box>
    </AuthCard>
  );
}
