// Adopting a device that called home unregistered into a site: the serial number on its label proves the
// device is at hand, as registering it would ask.
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PendingDevice } from '../../../../core/api/device-registration.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { useAdoptPendingDevice } from '../api/adopt-pending-device.ts';
import { RegistrationDialog } from './registration-dialog.tsx';

interface AdoptDeviceDialogProps {
  readonly cloudId: number;
  readonly device: PendingDevice;
  readonly onClose: () => void;
}

export function AdoptDeviceDialog({ cloudId, device, onClose }: AdoptDeviceDialogProps) {
  const { t } = useTranslation();
  const adopt = useAdoptPendingDevice(cloudId);
  return (
    <RegistrationDialog
      cloudId={cloudId}
      title={t('devices.adopt.title', { mac: device.mac })}
      submitLabel={t('devices.adopt.submit')}
      intro={
        <Typography>
          {t('devices.adopt.intro', {
            model: device.product_name ?? device.product_brand_id,
            mac: device.mac,
          })}
        </Typography>
      }
      serialHint={t('devices.adopt.serialHint')}
      busy={adopt.isPending}
      send={async ({ site, sn, name }) => {
        const added = await adopt.mutateAsync({
          pending_id: device.id,
          site_id: site.id,
          sn,
          ...(name === undefined ? {} : { name }),
        });
        showMessage({ content: t('devices.adopt.done', { name: added.name, site: site.name }) });
      }}
      onClose={onClose}
    />
  );
}
