// docs/guest-access.md#certificate-and-nas: adding a NAS to a site — one of its access points or gateways (at
// the device's address) or a test NAS by address — or changing one's name, address and CoA port.
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
import { COA_PORT_DEFAULT, NAS_NAME_MAX, type Nas } from '../../../../core/api/guest-certificate.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { SiteSelect } from '../../sites/index.ts';
import { useChangeNas, useNasCandidates } from '../api/nas.ts';

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3})$/;
const IPV6 = /^[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*$/;
const isAddress = (value: string) => IPV4.test(value) || (value.length >= 2 && IPV6.test(value));
const isPort = (value: string) => /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535;

/** The NAS edited, or null to add one. */
export function NasDialog({
  cloudId,
  nas,
  open,
  onClose,
}: {
  readonly cloudId: number;
  readonly nas: Nas | null;
  readonly open: boolean;
  readonly onClose: () => void;
}) {
  return open ? <NasForm key={nas?.id ?? 'new'} cloudId={cloudId} nas={nas} onClose={onClose} /> : null;
}

function NasForm({
  cloudId,
  nas,
  onClose,
}: {
  readonly cloudId: number;
  readonly nas: Nas | null;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const kindId = useId();
  const change = useChangeNas(cloudId);
  const [siteId, setSiteId] = useState<number | null>(nas?.site.id ?? null);
  const [kind, setKind] = useState<'device' | 'address'>(nas && !nas.device ? 'address' : 'device');
  const [deviceId, setDeviceId] = useState<number | ''>('');
  const [name, setName] = useState(nas?.name ?? '');
  const [address, setAddress] = useState(nas?.address ?? '');
  const [port, setPort] = useState(String(nas?.coa_port ?? COA_PORT_DEFAULT));
  const [checked, setChecked] = useState(false);
  const candidates = useNasCandidates(cloudId, nas ? null : siteId);

  const adding = nas === null;
  const usesAddress = !adding || kind === 'address';
  const problems = {
    site: adding && siteId === null,
    device: adding && kind === 'device' && deviceId === '',
    address: usesAddress && !isAddress(address.trim()),
    port: !isPort(port),
    name: name.length > NAS_NAME_MAX || (!adding && name.trim() === ''),
  };
  const conflict = isApiError(change.error) && change.error.status === 409;

  const submit = () => {
    setChecked(true);
    if (Object.values(problems).some(Boolean)) return;
    const trimmedName = name.trim();
    const done = () => {
      showMessage({
        content: t(adding ? 'guestCertificate.nas.added' : 'guestCertificate.nas.saved'),
        variant: 'success',
      });
      onClose();
    };
    if (adding) {
      change.mutate(
        {
          kind: 'create',
          body: {
            site_id: siteId ?? 0,
            ...(kind === 'device' ? { device_id: Number(deviceId) } : { address: address.trim() }),
            ...(trimmedName === '' ? {} : { name: trimmedName }),
            coa_port: Number(port),
          },
        },
        { onSuccess: done },
      );
    } else {
      change.mutate(
        {
          kind: 'update',
          nasId: nas.id,
          body: { name: trimmedName, address: address.trim(), coa_port: Number(port) },
        },
        { onSuccess: done },
      );
    }
  };

  return (
    <ModalShell
      open
      title={t(adding ? 'guestCertificate.nas.addTitle' : 'guestCertificate.nas.editTitle')}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('platform.dialogs.cancel')}</Button>
          <Button variant="contained" onClick={submit} disabled={change.isPending}>
            {t(adding ? 'guestCertificate.nas.add' : 'guestCertificate.nas.save')}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {adding ? (
          <>
            <SiteSelect
              cloudId={cloudId}
              label={t('guestCertificate.nas.site')}
              value={siteId}
              onChange={(id) => {
                setSiteId(id);
                setDeviceId('');
              }}
            />
            {checked && problems.site && (
              <Typography variant="body2" color="error">
                {t('guestCertificate.nas.siteRequired')}
              </Typography>
            )}
            <RadioGroup
              aria-labelledby={kindId}
              value={kind}
              onChange={(event) => setKind(event.target.value as 'device' | 'address')}
            >
              <Typography id={kindId} variant="body2" color="text.secondary">
                {t('guestCertificate.nas.kind')}
              </Typography>
              <FormControlLabel
                value="device"
                control={<Radio />}
                label={t('guestCertificate.nas.kindDevice')}
              />
              <FormControlLabel
                value="address"
                control={<Radio />}
                label={t('guestCertificate.nas.kindAddress')}
              />
            </RadioGroup>
            {kind === 'device' && (
              <TextField
                select
                label={t('guestCertificate.nas.device')}
                value={deviceId}
                onChange={(event) => setDeviceId(Number(event.target.value))}
                disabled={siteId === null}
                error={checked && problems.device}
                helperText={
                  siteId !== null && candidates.data?.items.length === 0
                    ? t('guestCertificate.nas.noDevices')
                    : t('guestCertificate.nas.deviceHelp')
                }
              >
                {(candidates.data?.items ?? []).map((device) => (
                  <MenuItem key={device.id} value={device.id}>
                    {`${device.name} · ${device.ip}`}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {nas.device
              ? t('guestCertificate.nas.ofDevice', { site: nas.site.name, device: nas.device.name })
              : t('guestCertificate.nas.ofSite', { site: nas.site.name })}
          </Typography>
        )}
        {usesAddress && (
          <TextField
            label={t('guestCertificate.nas.address')}
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            required
            error={(checked && problems.address) || conflict}
            helperText={
              conflict
                ? t('guestCertificate.nas.addressTaken')
                : checked && problems.address
                  ? t('guestCertificate.nas.addressInvalid')
                  : ' '
            }
            slotProps={{ htmlInput: { maxLength: 45, spellCheck: false } }}
          />
        )}
        {conflict && !usesAddress && (
          <Typography variant="body2" color="error">
            {t('guestCertificate.nas.addressTaken')}
          </Typography>
        )}
        {change.isError && !conflict && (
          <Typography variant="body2" color="error" role="alert">
            {t('guestCertificate.nas.saveFailed')}
          </Typography>
        )}
        <TextField
          label={t('guestCertificate.nas.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required={!adding}
          error={checked && problems.name}
          helperText={adding ? t('guestCertificate.nas.nameHelp') : ' '}
          slotProps={{ htmlInput: { maxLength: NAS_NAME_MAX } }}
        />
        <TextField
          label={t('guestCertificate.nas.coaPort')}
          type="number"
          value={port}
          onChange={(event) => setPort(event.target.value)}
          required
          error={checked && problems.port}
          helperText={t('guestCertificate.nas.coaPortHelp', { port: COA_PORT_DEFAULT })}
          slotProps={{ htmlInput: { min: 1, max: 65535 } }}
        />
      </Stack>
    </ModalShell>
  );
}
