// The dialog that makes a person's guest account (docs/guest-access.md#accounts-and-vouchers): a username
// with a password (made up when left empty, shown once), or an email address.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreatedGuestAccount } from '../../../../core/api/guest-accounts.ts';
import type { GuestPlan } from '../../../../core/api/guest-plans.ts';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';
import { useCreateAccount } from '../api/accounts.ts';
import { type AccountForm, accountBodyOf, emptyAccountForm } from './account-forms.ts';
import { useCheckedForm } from './checked-form.ts';

interface AccountDialogProps {
  readonly cloudId: number;
  readonly plans: readonly GuestPlan[];
  readonly onClose: () => void;
}

export function AccountDialog({ cloudId, plans, onClose }: AccountDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [created, setCreated] = useState<CreatedGuestAccount | null>(null);
  const create = useCreateAccount(cloudId);
  const { form, errors, set, message, failed, submit } = useCheckedForm(
    () => ({ ...emptyAccountForm(), planId: plans[0]?.id ?? null }),
    accountBodyOf,
    create,
    setCreated,
  );

  if (created)
    return (
      <ModalShell
        open
        title={t('guestAccounts.accountDialog.createdTitle')}
        onClose={onClose}
        actions={
          <Button variant="contained" onClick={onClose}>
            {t('guestAccounts.accountDialog.done')}
          </Button>
        }
      >
        <Stack spacing={1}>
          <Typography>
            {t('guestAccounts.accountDialog.username', { username: created.account.username })}
          </Typography>
          {created.password !== null && (
            <>
              <Typography sx={{ fontFamily: 'monospace', fontSize: '1.25rem' }}>
                {t('guestAccounts.accountDialog.password', { password: created.password })}
              </Typography>
              <Alert severity="warning">{t('guestAccounts.accountDialog.passwordOnce')}</Alert>
            </>
          )}
        </Stack>
      </ModalShell>
    );

  return (
    <ModalShell
      open
      title={t('guestAccounts.accountDialog.title')}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('platform.dialogs.cancel')}</Button>
          <Button type="submit" form={formId} variant="contained" disabled={create.isPending}>
            {t('guestAccounts.accountDialog.create')}
          </Button>
        </>
      }
    >
      <Stack component="form" id={formId} noValidate onSubmit={submit} spacing={2} sx={{ pt: 1 }}>
        {failed && <Alert severity="error">{failed}</Alert>}
        <TextField
          select
          required
          label={t('guestAccounts.field.plan')}
          value={form.planId ?? ''}
          onChange={(event) => set('planId', Number(event.target.value))}
          error={errors.planId !== undefined}
          helperText={message('planId')}
        >
          {plans.map((plan) => (
            <MenuItem key={plan.id} value={plan.id}>
              {plan.name}
            </MenuItem>
          ))}
        </TextField>
        <RadioGroup
          row
          aria-label={t('guestAccounts.field.signsInWith')}
          value={form.mode}
          onChange={(event) => set('mode', event.target.value as AccountForm['mode'])}
        >
          <FormControlLabel value="user" control={<Radio />} label={t('guestAccounts.mode.user')} />
          <FormControlLabel value="email" control={<Radio />} label={t('guestAccounts.mode.email')} />
        </RadioGroup>
        {form.mode === 'user' ? (
          <>
            <TextField
              required
              label={t('guestAccounts.field.username')}
              value={form.username}
              onChange={(event) => set('username', event.target.value)}
              error={errors.username !== undefined}
              helperText={message('username')}
              autoComplete="off"
            />
            <TextField
              label={t('guestAccounts.field.password')}
              value={form.password}
              onChange={(event) => set('password', event.target.value)}
              error={errors.password !== undefined}
              helperText={message('password', t('guestAccounts.hint.password'))}
              autoComplete="new-password"
            />
          </>
        ) : (
          <TextField
            required
            type="email"
            label={t('guestAccounts.field.email')}
            value={form.email}
            onChange={(event) => set('email', event.target.value)}
            error={errors.email !== undefined}
            helperText={message('email')}
          />
        )}
        <TextField
          label={t('guestAccounts.field.note')}
          value={form.note}
          onChange={(event) => set('note', event.target.value)}
          error={errors.note !== undefined}
          helperText={message('note')}
        />
        <TextField
          type="date"
          label={t('guestAccounts.field.expires')}
          value={form.expires}
          onChange={(event) => set('expires', event.target.value)}
          error={errors.expires !== undefined}
          helperText={message('expires', t('guestAccounts.hint.expires'))}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
    </ModalShell>
  );
}
