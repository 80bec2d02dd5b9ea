// Registering one device into a site by serial number and MAC address (site permission register); it gets
// its credential when it calls home.
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceMac } from '../../../../core/api/device-registration.ts';
import { DEVICE_NAME_MAX_LENGTH } from '../../../../core/limits.ts';
import { PRODUCT_CATALOGUE, type ProductBrand } from '../../../../core/product-catalogue.ts';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { useRegisterDevice } from '../api/register-device.ts';
import { type FieldErrors, registrationErrors, SERIAL_PATTERN } from './registration-errors.ts';
import { RegistrationSiteField, type SiteChoice } from './registration-site-field.tsx';

// A smart NVR belongs to the cloud, not to a site.
const SITE_MODELS = PRODUCT_CATALOGUE.filter((brand) => brand.productType !== 'smartnvr');

interface RegisterDeviceDialogProps {
  readonly cloudId: number;
  /** The site chosen when the dialog opens. */
  readonly initialSite?: SiteChoice | null;
  readonly onClose: () => void;
}

export function RegisterDeviceDialog({ cloudId, initialSite = null, onClose }: RegisterDeviceDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [site, setSite] = useState<SiteChoice | null>(initialSite);
  const [sn, setSn] = useState('');
  const [mac, setMac] = useState('');
  const [model, setModel] = useState<ProductBrand | null>(null);
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<{ fields: FieldErrors; form?: string }>({ fields: {} });
  const register = useRegisterDevice(cloudId);

  // After a first submit, the fields are checked on every change (as docs/validation.md prompts are).
  const local: FieldErrors = submitted
    ? {
        site_id: site ? undefined : t('devices.register.siteRequired'),
        sn: SERIAL_PATTERN.test(sn.trim()) ? undefined : t('devices.register.serialInvalid'),
        mac: deviceMac(mac) ? undefined : t('devices.register.macInvalid'),
        product_brand_id: model ? undefined : t('devices.register.modelRequired'),
      }
    : {};
  const errorOf = (field: keyof FieldErrors) => local[field] ?? server.fields[field];
  const invalid = Object.values(local).some((text) => text !== undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServer({ fields: {} });
    if (!site || !model || !SERIAL_PATTERN.test(sn.trim()) || !deviceMac(mac)) return;
    try {
      const device = await register.mutateAsync({
        site_id: site.id,
        sn: sn.trim(),
        mac: mac.trim(),
        product_brand_id: model.productBrandId,
        ...(name.trim() === '' ? {} : { name: name.trim() }),
      });
      showMessage({ content: t('devices.register.done', { name: device.name, site: site.name }) });
      onClose();
    } catch (error) {
      setServer(registrationErrors(t, error));
    }
  };

  return (
    <ModalShell
      open
      title={t('devices.register.title')}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('platform.dialogs.cancel')}</Button>
          <Button type="submit" form={formId} variant="contained" disabled={register.isPending || invalid}>
            {t('devices.register.submit')}
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
        {server.form && <Alert severity="error">{server.form}</Alert>}
        <RegistrationSiteField cloudId={cloudId} value={site} onChange={setSite} error={errorOf('site_id')} />
        <TextField
          required
          label={t('devices.register.serial')}
          value={sn}
          onChange={(event) => setSn(event.target.value)}
          error={errorOf('sn') !== undefined}
          helperText={errorOf('sn') ?? t('devices.register.serialHint')}
          slotProps={{ htmlInput: { maxLength: 40, autoCapitalize: 'characters', spellCheck: false } }}
        />
        <TextField
          required
          label={t('devices.register.mac')}
          value={mac}
          onChange={(event) => setMac(event.target.value)}
          error={errorOf('mac') !== undefined}
          helperText={errorOf('mac') ?? t('devices.register.macHint')}
          slotProps={{ htmlInput: { maxLength: 17, spellCheck: false } }}
        />
        <Autocomplete
          options={SITE_MODELS}
          value={model}
          onChange={(_event, brand) => setModel(brand)}
          getOptionLabel={(brand) => `${brand.name} (${brand.productBrandSku})`}
          isOptionEqualToValue={(option, chosen) => option.productBrandId === chosen.productBrandId}
          noOptionsText={t('devices.register.noModels')}
          renderInput={(params) => (
            <TextField
              {...params}
              required
              label={t('devices.register.model')}
              error={errorOf('product_brand_id') !== undefined}
              helperText={errorOf('product_brand_id')}
            />
          )}
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
