// The dialog that gives a guest account or voucher a later end (docs/guest-access.md#accounts-and-vouchers):
// its validity ends that day, and its own last day (a batch's expiry) moves there too when it has one.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExtendGuestAccountBody, GuestAccount } from '../../../../core/api/guest-accounts.ts';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';
import { endOfDay } from './account-forms.ts';

/** The body of a later end on the day picked, or null when the day is not after now. */
export function extendBodyOf(account: GuestAccount, date: string, now: Date): ExtendGuestAccountBody | null {
  const end = endOfDay(date);
  if (end === null || end.getTime() <= now.getTime()) return null;
  const at = end.toISOString();
  return account.expires_at === null ? { valid_until: at } : { valid_until: at, expires_at: at };
}

interface ExtendDialogProps {
  readonly account: GuestAccount;
  readonly pending: boolean;
  readonly onClose: () => void;
  readonly onExtend: (body: ExtendGuestAccountBody) => void;
}

export function ExtendDialog({ account, pending, onClose, onExtend }: ExtendDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [date, setDate] = useState('');
  const [attempted, setAttempted] = useState(false);
  const body = extendBodyOf(account, date, new Date());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (body) onExtend(body);
  };
  return (
    <ModalShell
      open
      title={t('guestAccounts.extendDialog.title', { name: account.username })}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('platform.dialogs.cancel')}</Button>
          <Button type="submit" form={formId} variant="contained" disabled={pending}>
            {t('guestAccounts.action.extend')}
          </Button>
        </>
      }
    >
      <Stack component="form" id={formId} noValidate onSubmit={submit} spacing={2} sx={{ pt: 1 }}>
        <TextField
          type="date"
          required
          label={t('guestAccounts.field.newEnd')}
          value={date}
          onChange={(event) => setDate(event.target.value)}
          error={attempted && body === null}
          helperText={
            attempted && body === null ? t('guestAccounts.error.futureDate') : t('guestAccounts.hint.newEnd')
          }
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
    </ModalShell>
  );
}
