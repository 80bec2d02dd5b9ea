// The dialog that makes a batch of vouchers (docs/guest-access.md#accounts-and-vouchers).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { VOUCHER_ALPHABET, type VoucherBatch } from '../../../../core/api/guest-accounts.ts';
import type { GuestPlan } from '../../../../core/api/guest-plans.ts';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';
import { useCreateBatch } from '../api/accounts.ts';
import { batchBodyOf, emptyBatchForm } from './account-forms.ts';
import { useCheckedForm } from './checked-form.ts';

interface BatchDialogProps {
  readonly cloudId: number;
  readonly plans: readonly GuestPlan[];
  readonly onClose: () => void;
  readonly onCreated: (batch: VoucherBatch) => void;
}

export function BatchDialog({ cloudId, plans, onClose, onCreated }: BatchDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const create = useCreateBatch(cloudId);
  const { form, errors, set, message, failed, submit } = useCheckedForm(
    () => ({ ...emptyBatchForm(), planId: plans[0]?.id ?? null }),
    batchBodyOf,
    create,
    onCreated,
  );
  return (
    <ModalShell
      open
      title={t('guestAccounts.batchDialog.title')}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('platform.dialogs.cancel')}</Button>
          <Button type="submit" form={formId} variant="contained" disabled={create.isPending}>
            {create.isPending ? t('guestAccounts.batchDialog.making') : t('guestAccounts.batchDialog.create')}
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
              {plan.price_label === '' ? plan.name : `${plan.name} · ${plan.price_label}`}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('guestAccounts.field.batchName')}
          value={form.name}
          onChange={(event) => set('name', event.target.value)}
          error={errors.name !== undefined}
          helperText={message('name', t('guestAccounts.hint.batchName'))}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
          <TextField
            required
            label={t('guestAccounts.field.count')}
            value={form.count}
            onChange={(event) => set('count', event.target.value)}
            error={errors.count !== undefined}
            helperText={message('count')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            required
            label={t('guestAccounts.field.codeLength')}
            value={form.codeLength}
            onChange={(event) => set('codeLength', event.target.value)}
            error={errors.codeLength !== undefined}
            helperText={message('codeLength')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            label={t('guestAccounts.field.prefix')}
            value={form.prefix}
            onChange={(event) => set('prefix', event.target.value.toUpperCase())}
            error={errors.prefix !== undefined}
            helperText={message('prefix')}
          />
        </Box>
        <Alert severity="info">
          {t('guestAccounts.batchDialog.alphabet', { alphabet: VOUCHER_ALPHABET })}
        </Alert>
        <TextField
          type="date"
          label={t('guestAccounts.field.expires')}
          value={form.expires}
          onChange={(event) => set('expires', event.target.value)}
          error={errors.expires !== undefined}
          helperText={message('expires', t('guestAccounts.hint.expires'))}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormControlLabel
          control={<Switch checked={form.shared} onChange={(event) => set('shared', event.target.checked)} />}
          label={t('guestAccounts.field.shared')}
        />
      </Stack>
    </ModalShell>
  );
}
