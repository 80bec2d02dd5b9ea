// Account Security: change the password. The current one is asked, the new one is checked as it is typed
// (the server checks it again), and the other sessions are signed out.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { NewPasswordField, usePasswordProblem } from '../../../platform/new-password-field.tsx';
import type { MeUser } from '../../auth/index.ts';
import { accountFieldError } from '../account-errors.ts';
import { useChangePassword } from '../api/change-password.ts';

export function PasswordSection({ user }: { readonly user: MeUser }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [form, setForm] = useState({ currentPassword: '', newPassword: '', repeat: '' });
  const [submitted, setSubmitted] = useState(false);
  const problem = usePasswordProblem(form.newPassword, {
    email: user.email,
    names: [user.firstname, user.lastname],
  });
  const mismatch = form.repeat !== form.newPassword;
  const serverError = (path: string) => accountFieldError(change.error, path, t);
  const newPasswordError =
    (submitted || form.newPassword !== '') && problem ? problem : serverError('/new_password');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problem || mismatch) return;
    change.mutate(
      { current_password: form.currentPassword, new_password: form.newPassword },
      {
        onSuccess: () => {
          setForm({ currentPassword: '', newPassword: '', repeat: '' });
          setSubmitted(false);
          showMessage({ content: t('account.password.changed') });
        },
      },
    );
  };

  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      aria-labelledby="password-title"
      sx={{ display: 'grid', gap: 2 }}
    >
      <Typography id="password-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('account.password.title')}
      </Typography>
      <Typography color="text.secondary">{t('account.password.intro')}</Typography>
      <TextField
        label={t('account.password.current')}
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        required
        value={form.currentPassword}
        onChange={(event) => setForm({ ...form, currentPassword: event.target.value })}
        error={serverError('/current_password') !== undefined}
        helperText={serverError('/current_password')}
      />
      <NewPasswordField
        label={t('account.password.new')}
        name="newPassword"
        value={form.newPassword}
        onChange={(newPassword) => setForm({ ...form, newPassword })}
        error={newPasswordError}
      />
      <TextField
        label={t('account.password.repeat')}
        type="password"
        name="repeatPassword"
        autoComplete="new-password"
        required
        value={form.repeat}
        onChange={(event) => setForm({ ...form, repeat: event.target.value })}
        error={submitted && mismatch}
        helperText={submitted && mismatch ? t('account.password.mismatch') : undefined}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={change.isPending}>
          {t('account.password.submit')}
        </Button>
      </Box>
    </Box>
  );
}
