// A password field and a button: sensitive changes to the account are confirmed with its password.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function PasswordConfirm(props: {
  readonly submitLabel: string;
  readonly onSubmit: (password: string) => void;
  readonly onCancel: () => void;
  readonly pending: boolean;
  readonly error: string | undefined;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit(password);
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 1.5, maxWidth: 400 }}>
      <TextField
        label={t('account.security.confirmPassword')}
        type="password"
        autoComplete="current-password"
        required
        autoFocus
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={props.error !== undefined}
        helperText={props.error}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={props.pending || password === ''}>
          {props.submitLabel}
        </Button>
        <Button onClick={props.onCancel}>{t('account.security.cancel')}</Button>
      </Box>
    </Box>
  );
}
