// /welcome/reset-password?token=: the mailed link. The new password ends every session of the account;
// the person then logs in with it (two-factor sign-in, if on, still asks for its code).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { routes } from '../../../../core/routes.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { fieldIssue } from '../../../platform/form-errors.ts';
import { NewPasswordField, usePasswordProblem } from '../../../platform/new-password-field.tsx';
import { usePasswordResetLookup, useResetPassword } from '../api/password-reset.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { loginErrorMessage } from '../login-error.ts';

export function PasswordResetPage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token') ?? '';
  const lookup = usePasswordResetLookup(token);
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const problem = usePasswordProblem(password, { email: lookup.data?.email ?? '', names: [] });
  const gone = lookup.isError || token === '';
  const spent = isApiError(reset.error) && reset.error.status === 404;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!problem && !reset.isPending) reset.mutate({ token, password });
  };

  return (
    <AuthCard>
      <Typography variant="h2" sx={{ textAlign: 'center' }}>
        {t('routes.title.passwordReset')}
      </Typography>
      {reset.isSuccess ? (
        <>
          <Alert severity="success" role="status">
            {t('auth.passwordReset.done')}
          </Alert>
          <Button component={RouterLink} to={routes.login.href()} variant="contained">
            {t('auth.login.submit')}
          </Button>
        </>
      ) : gone || spent ? (
        <>
          <Alert severity="warning">{t('auth.passwordReset.gone')}</Alert>
          <Link component={RouterLink} to={routes.forgotPassword.href()} sx={{ justifySelf: 'center' }}>
            {t('auth.passwordReset.askAgain')}
          </Link>
        </>
      ) : lookup.data ? (
        <Box
          component="form"
          onSubmit={submit}
          noValidate
          aria-label={t('routes.title.passwordReset')}
          sx={{ display: 'grid', gap: 2 }}
        >
          <TextField
            label={t('auth.login.email')}
            value={lookup.data.email}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
          <NewPasswordField
            label={t('auth.passwordReset.newPassword')}
            name="password"
            value={password}
            onChange={setPassword}
            error={
              submitted || password !== ''
                ? (problem ?? fieldIssue(reset.error, '/password')?.message)
                : undefined
            }
          />
          {reset.isError && !fieldIssue(reset.error, '/password') && (
            <Alert severity="error">{loginErrorMessage(reset.error, t)}</Alert>
          )}
          <Button type="submit" variant="contained" size="large" disabled={reset.isPending}>
            {t('auth.passwordReset.submit')}
          </Button>
        </Box>
      ) : (
        <Box sx={{ display: 'grid', placeItems: 'center' }}>
          <CircularProgress aria-label={t('platform.listPage.loading')} />
        </Box>
      )}
    </AuthCard>
  );
}
