// Account Security: change the password. The current one is asked, the new one is checked as it is typed
// (the server checks it again), and the other sessions are signed out.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordProblem } from '../../../../core/passwords.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import type { MeUser } from '../../auth/api/get-me.ts';
import { accountFieldError } from '../account-errors.ts';
import { useChangePassword } from '../api/change-password.ts';

const PROBLEM_KEYS = {
  short: 'account.password.short',
  long: 'account.password.long',
  guessable: 'account.password.guessable',
  personal: 'account.password.personal',
} as const;

export function PasswordSection({ user }: { readonly user: MeUser }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [form, setForm] = useState({ currentPassword: '', newPassword: '', repeat: '' });
  const [submitted, setSubmitted] = useState(false);
  const problem = passwordProblem(form.newPassword, {
    email: user.email,
    names: [user.firstname, user.lastname],
  });
  const mismatch = form.repeat !== form.newPassword;
  const serverError = (path: string) => accountFieldError(change.error, path, t);
  const newPasswordError =
    (submitted || form.newPassword !== '') && problem
      ? t(PROBLEM_KEYS[problem])
      : serverError('/newPassword');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problem || mismatch) return;
    change.mutate(
      { currentPassword: form.currentPassword, newPassword: form.newPassword },
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
        error={serverError('/currentPassword') !== undefined}
        helperText={serverError('/currentPassword')}
      />
      <TextField
        label={t('account.password.new')}
        type="password"
        name="newPassword"
        autoComplete="new-password"
        required
        value={form.newPassword}
        onChange={(event) => setForm({ ...form, newPassword: event.target.value })}
        error={newPasswordError !== undefined}
        helperText={newPasswordError ?? t('account.password.rule')}
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
