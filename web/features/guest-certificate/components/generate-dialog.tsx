// docs/guest-access.md#certificate-and-nas: a self-signed certificate made for a name, a validity in days
// and a key type (RSA 2048 or EC P-256), in place of the cloud's certificate.
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CERTIFICATE_DAYS_DEFAULT,
  CERTIFICATE_DAYS_MAX,
  CERTIFICATE_DAYS_MIN,
  CERTIFICATE_KEY_TYPES,
  type CertificateKeyType,
} from '../../../../core/api/guest-certificate.ts';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';
import { fieldIssue } from '../../../platform/form-errors.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { useChangeCertificate } from '../api/certificate.ts';

const KEY_LABELS = {
  rsa2048: 'guestCertificate.generate.rsa2048',
  ec_p256: 'guestCertificate.generate.ecP256',
} as const satisfies Record<CertificateKeyType, string>;

const NAME_PATTERN = /^(\*\.)?[A-Za-z0-9][A-Za-z0-9 ._-]*$/;

export function GenerateDialog({
  cloudId,
  open,
  onClose,
}: {
  readonly cloudId: number;
  readonly open: boolean;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const change = useChangeCertificate(cloudId);
  const [name, setName] = useState('');
  const [days, setDays] = useState(String(CERTIFICATE_DAYS_DEFAULT));
  const [keyType, setKeyType] = useState<CertificateKeyType>('ec_p256');
  const [checked, setChecked] = useState(false);
  const daysNumber = Number(days);
  const nameError = name.trim() === '' || name.length > 64 || !NAME_PATTERN.test(name.trim());
  const daysError =
    !Number.isInteger(daysNumber) || daysNumber < CERTIFICATE_DAYS_MIN || daysNumber > CERTIFICATE_DAYS_MAX;

  const close = () => {
    setChecked(false);
    change.reset();
    onClose();
  };
  const submit = () => {
    setChecked(true);
    if (nameError || daysError) return;
    change.mutate(
      { kind: 'generate', body: { common_name: name.trim(), days: daysNumber, key_type: keyType } },
      {
        onSuccess: () => {
          showMessage({ content: t('guestCertificate.generate.done'), variant: 'success' });
          close();
        },
      },
    );
  };
  const serverName = fieldIssue(change.error, '/common_name');
  return (
    <ModalShell
      open={open}
      title={t('guestCertificate.generate.title')}
      onClose={close}
      actions={
        <>
          <Button onClick={close}>{t('platform.dialogs.cancel')}</Button>
          <Button variant="contained" onClick={submit} disabled={change.isPending}>
            {t('guestCertificate.generate.submit')}
          </Button>
        </>
      }
    >
      <Stack
        component="form"
        noValidate
        spacing={2}
        sx={{ pt: 1 }}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label={t('guestCertificate.generate.commonName')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          autoFocus
          error={(checked && nameError) || serverName !== undefined}
          helperText={
            (checked && nameError) || serverName
              ? t('guestCertificate.generate.commonNameInvalid')
              : t('guestCertificate.generate.commonNameHelp')
          }
          slotProps={{ htmlInput: { maxLength: 64 } }}
        />
        <TextField
          label={t('guestCertificate.generate.days')}
          type="number"
          value={days}
          onChange={(event) => setDays(event.target.value)}
          required
          error={checked && daysError}
          helperText={t('guestCertificate.generate.daysHelp', {
            min: CERTIFICATE_DAYS_MIN,
            max: CERTIFICATE_DAYS_MAX,
          })}
          slotProps={{ htmlInput: { min: CERTIFICATE_DAYS_MIN, max: CERTIFICATE_DAYS_MAX } }}
        />
        <TextField
          select
          label={t('guestCertificate.generate.keyType')}
          value={keyType}
          onChange={(event) => setKeyType(event.target.value as CertificateKeyType)}
        >
          {CERTIFICATE_KEY_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(KEY_LABELS[type])}
            </MenuItem>
          ))}
        </TextField>
        <button type="submit" hidden />
      </Stack>
    </ModalShell>
  );
}
