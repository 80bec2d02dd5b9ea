// docs/guest-access.md#certificate-and-nas: a certificate (with its chain) and its private key uploaded as PEM
// text, pasted or read from files; the server checks both, that they belong together and that the
// certificate has not expired, and says which is at fault.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CERTIFICATE_PEM_MAX,
  type CertificateError,
  KEY_PEM_MAX,
} from '../../../../core/api/guest-certificate.ts';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';
import { fieldIssue } from '../../../platform/form-errors.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { useChangeCertificate } from '../api/certificate.ts';

const ERROR_KEYS = {
  not_a_certificate: 'guestCertificate.upload.notACertificate',
  not_a_key: 'guestCertificate.upload.notAKey',
  key_mismatch: 'guestCertificate.upload.keyMismatch',
  expired: 'guestCertificate.upload.expired',
} as const satisfies Record<CertificateError, string>;

const isKnown = (code: string): code is CertificateError => Object.hasOwn(ERROR_KEYS, code);

function PemField({
  label,
  value,
  onChange,
  max,
  error,
  fileLabel,
}: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly max: number;
  readonly error: string | null;
  readonly fileLabel: string;
}) {
  const readFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void file.text().then((text) => onChange(text.slice(0, max)));
  };
  return (
    <Stack spacing={1}>
      <TextField
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        multiline
        minRows={4}
        maxRows={10}
        required
        error={error !== null}
        helperText={error ?? ' '}
        slotProps={{ htmlInput: { maxLength: max, spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />
      <Button component="label" variant="text" size="small" sx={{ alignSelf: 'start' }}>
        {fileLabel}
        <input type="file" hidden accept=".pem,.crt,.cer,.key,text/plain" onChange={readFile} />
      </Button>
    </Stack>
  );
}

export function UploadDialog({
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
  const [certificate, setCertificate] = useState('');
  const [key, setKey] = useState('');
  const [checked, setChecked] = useState(false);

  const close = () => {
    setCertificate('');
    setKey('');
    setChecked(false);
    change.reset();
    onClose();
  };
  const serverError = (path: string) => {
    const issue = fieldIssue(change.error, path);
    if (!issue) return null;
    return isKnown(issue.errorCode) ? t(ERROR_KEYS[issue.errorCode]) : t('guestCertificate.upload.invalid');
  };
  const submit = () => {
    setChecked(true);
    if (certificate.trim() === '' || key.trim() === '') return;
    change.mutate(
      { kind: 'upload', body: { certificate_pem: certificate, key_pem: key } },
      {
        onSuccess: () => {
          showMessage({ content: t('guestCertificate.upload.done'), variant: 'success' });
          close();
        },
      },
    );
  };
  const blank = (value: string) =>
    checked && value.trim() === '' ? t('guestCertificate.upload.required') : null;
  return (
    <ModalShell
      open={open}
      title={t('guestCertificate.upload.title')}
      onClose={close}
      maxWidth="md"
      actions={
        <>
          <Button onClick={close}>{t('platform.dialogs.cancel')}</Button>
          <Button variant="contained" onClick={submit} disabled={change.isPending}>
            {t('guestCertificate.upload.submit')}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('guestCertificate.upload.intro')}
        </Typography>
        <PemField
          label={t('guestCertificate.upload.certificate')}
          value={certificate}
          onChange={setCertificate}
          max={CERTIFICATE_PEM_MAX}
          error={blank(certificate) ?? serverError('/certificate_pem')}
          fileLabel={t('guestCertificate.upload.certificateFile')}
        />
        <PemField
          label={t('guestCertificate.upload.key')}
          value={key}
          onChange={setKey}
          max={KEY_PEM_MAX}
          error={blank(key) ?? serverError('/key_pem')}
          fileLabel={t('guestCertificate.upload.keyFile')}
        />
      </Stack>
    </ModalShell>
  );
}
