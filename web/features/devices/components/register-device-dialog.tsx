// Registering one device into a site by serial number and MAC address (site permission register); it gets
// its credential when it calls home.
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceMac } from '../../../../core/api/device-registration.ts';
import { PRODUCT_CATALOGUE, type ProductBrand } from '../../../../core/product-catalogue.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { useRegisterDevice } from '../api/register-device.ts';
import { RegistrationDialog } from './registration-dialog.tsx';
import type { SiteChoice } from './registration-site-field.tsx';

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
  const [mac, setMac] = useState('');
  const [model, setModel] = useState<ProductBrand | null>(null);
  const register = useRegisterDevice(cloudId);
  return (
    <RegistrationDialog
      cloudId={cloudId}
      title={t('devices.register.title')}
      submitLabel={t('devices.register.submit')}
      serialHint={t('devices.register.serialHint')}
      capitalizeSerial
      initialSite={initialSite}
      busy={register.isPending}
      check={() => ({
        mac: deviceMac(mac) ? undefined : t('devices.register.macInvalid'),
        product_brand_id: model ? undefined : t('devices.register.modelRequired'),
      })}
      fields={(errorOf) => (
        <>
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
        </>
      )}
      send={async ({ site, sn, name }) => {
        // The dialog sends only once the model is chosen (checked above).
        if (!model) return;
        const device = await register.mutateAsync({
          site_id: site.id,
          sn,
          mac: mac.trim(),
          product_brand_id: model.productBrandId,
          ...(name === undefined ? {} : { name }),
        });
        showMessage({ content: t('devices.register.done', { name: device.name, site: site.name }) });
      }}
      onClose={onClose}
    />
  );
}
