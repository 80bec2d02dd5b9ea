// Adopting a device that called home unregistered into a site: the serial number on its label proves the
// device is at hand, as registering it would ask.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingDevice } from '../../../../core/api/device-registration.ts';
import { DEVICE_NAME_MAX_LENGTH } from '../../../../core/limits.ts';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { useAdoptPendingDevice } from '../api/adopt-pending-device.ts';
import { type FieldErrors, registrationErrors, SERIAL_PATTERN } from './registration-errors.ts';
import { RegistrationSiteField, type SiteChoice } from './registration-site-field.tsx';

interface AdoptDeviceDialogProps {
  readonly cloudId: number;
  readonly device: PendingDevice;
  readonly onClose: () => void;
}

export function AdoptDeviceDialog({ cloudId, device, onClose }: AdoptDeviceDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [site, setSite] = useState<SiteChoice | null>(null);
  const [sn, setSn] = useState('');
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<{ fields: FieldErrors; form?: string }>({ fields: {} });
  const adopt = useAdoptPendingDevice(cloudId);
  const local: FieldErrors = submitted
    ? {
        site_id: site ? undefined : t('devices.register.siteRequired'),
        sn: SERIAL_PATTERN.test(sn.trim()) ? undefined : t('devices.register.serialInvalid'),
      }
    : {};
  const errorOf = (field: keyof FieldErrors) => local[field] ?? server.fields[field];
  const invalid = Object.values(local).some((text) => text !== undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServer({ fields: {} });
    if (!site || !SERIAL_PATTERN.test(sn.trim())) return;
    try {
      const added = await adopt.mutateAsync({
        pending_id: device.id,
        site_id: site.id,
        sn: sn.trim(),
        ...(name.trim() === '' ? {} : { name: name.trim() }),
      });
      showMessage({ content: t('devices.adopt.done', { name: added.name, site: site.name }) });
      onClose();
    } catch (error) {
      setServer(registrationErrors(t, error));
    }
  };

  return (
    <ModalShell
      open
      title={t('devices.adopt.title', { mac: device.mac })}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('platform.dialogs.cancel')}</Button>
          <Button type="submit" form={formId} variant="contained" disabled={adopt.isPending || invalid}>
            {t('devices.adopt.submit')}
          </Button>
        </>
      }
    >
      <Box
        component="form"
        id={formId}
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'grid', gap: 2, pt: 1 }}
      >
        <Typography>
          {t('devices.adopt.intro', {
            model: device.product_name ?? device.product_brand_id,
            mac: device.mac,
          })}
        </Typography>
        {server.form && <Alert severity="error">{server.form}</Alert>}
        <RegistrationSiteField cloudId={cloudId} value={site} onChange={setSite} error={errorOf('site_id')} />
        <TextField
          required
          label={t('devices.register.serial')}
          value={sn}
          onChange={(event) => setSn(event.target.value)}
          error={errorOf('sn') !== undefined}
          helperText={errorOf('sn') ?? t('devices.adopt.serialHint')}
          slotProps={{ htmlInput: { maxLength: 40, spellCheck: false } }}
        />
        <TextField
          label={t('devices.register.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errorOf('name') !== undefined}
          helperText={errorOf('name') ?? t('devices.register.nameHint')}
          slotProps={{ htmlInput: { maxLength: DEVICE_NAME_MAX_LENGTH } }}
        />
      </Box>
    </ModalShell>
  );
}
