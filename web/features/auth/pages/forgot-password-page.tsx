// /welcome/forgot-password: asks for a reset link by email. The answer is the same whether or not an
// account uses the address; a console without a mail server says so.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { routes } from '../../../../core/routes.ts';
import { useRequestPasswordReset } from '../api/password-reset.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { loginErrorMessage } from '../login-error.ts';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!request.isPending) request.mutate({ email: email.trim() });
  };
  return (
    <AuthCard>
      <Typography variant="h2" sx={{ textAlign: 'center' }}>
        {t('routes.title.forgotPassword')}
      </Typography>
      {request.data ? (
        <Alert severity={request.data.mail === 'sent' ? 'success' : 'warning'} role="status">
          {request.data.mail === 'sent'
            ? t('auth.passwordReset.mailSent', { email: email.trim() })
            : t('auth.passwordReset.noMail')}
        </Alert>
      ) : (
        <Box
          component="form"
          onSubmit={submit}
          aria-label={t('routes.title.forgotPassword')}
          sx={{ display: 'grid', gap: 2 }}
        >
          <Typography>{t('auth.passwordReset.intro')}</Typography>
          {request.isError && <Alert severity="error">{loginErrorMessage(request.error, t)}</Alert>}
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
          <Button type="submit" variant="contained" size="large" disabled={request.isPending}>
            {t('auth.passwordReset.send')}
          </Button>
        </Box>
      )}
      <Link component={RouterLink} to={routes.login.href()} sx={{ justifySelf: 'center' }}>
        {t('auth.passwordReset.backToLogin')}
      </Link>
    </AuthCard>
  );
}
