import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useProductName } from '../../../shell/use-product-name.ts';
import { useLogin } from '../api/login.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { loginErrorMessage } from '../login-error.ts';
import { pathAfterLogin } from '../safe-next.ts';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const productName = useProductName();
  const loginMutation = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loginMutation.isPending) return;
    loginMutation.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (me) => {
          const target = pathAfterLogin(searchParams.get('next'), window.location.origin, me.defaultCloudId);
          navigate(target, { replace: true });
        },
      },
    );
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
        {loginMutation.isError && <Alert severity="error">{loginErrorMessage(loginMutation.error, t)}</Alert>}
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
        <Button type="submit" variant="contained" size="large" disabled={loginMutation.isPending}>
          {t('auth.login.submit')}
        </Button>
      </Box>
    </AuthCard>
  );
}
