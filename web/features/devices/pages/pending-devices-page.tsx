// Devices waiting in the cloud, for those who may register devices (docs/roles.md register), under the cloud's
// onboarding key: those that called with the key, each adoptable into a site, and devices registered here
// that called without it, each approved for the address it calls from (docs/security.md, Adoption).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingDevice } from '../../../../core/api/device-registration.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { formatDateTime } from '../../../platform/date-time.ts';
import { confirmDialog } from '../../../platform/dialogs/dialog-store.ts';
import { ListResults } from '../../../platform/list-page/list-page-frame.tsx';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { PAGE_TITLE_ID, PageSection } from '../../../platform/page-section.tsx';
import { useRouteParams } from '../../../platform/use-route-match.ts';
import { useCachedMe } from '../../auth/index.ts';
import { useApprovePendingDevice } from '../api/approve-pending-device.ts';
import { usePendingDevices } from '../api/get-pending-devices.ts';
import { AdoptDeviceDialog } from '../components/adopt-device-dialog.tsx';
import { OnboardingKeyPanel } from '../components/onboarding-key-panel.tsx';
import { RegistrationGate } from '../components/registration-gate.tsx';

export function PendingDevicesPage() {
  const { cloudId } = useRouteParams('devicesPending');
  return (
    <PageSection routeKey="devicesPending">
      <RegistrationGate cloudId={cloudId}>
        <OnboardingKeyPanel cloudId={cloudId} />
        <PendingList cloudId={cloudId} />
      </RegistrationGate>
    </PageSection>
  );
}

function PendingList({ cloudId }: { readonly cloudId: number }) {
  const { t, i18n } = useTranslation();
  const user = useCachedMe()?.user;
  const [offset, setOffset] = useState(0);
  const [adopting, setAdopting] = useState<PendingDevice | null>(null);
  const result = usePendingDevices(cloudId, offset);
  const approve = useApprovePendingDevice(cloudId);
  const seen = (iso: string) => (
    <time dateTime={iso}>
      {formatDateTime(new Date(iso), {
        locale: i18n.language,
        timeZone: user?.timezone,
        dateFormat: user?.date_format,
        timeFormat: user?.time_format,
      })}
    </time>
  );
  const confirmApproval = async (device: PendingDevice) => {
    const name = device.registration?.name ?? device.mac;
    const address = device.remote_address ?? '';
    const confirmed = await confirmDialog({
      title: t('devices.approve.title', { name }),
      content: t('devices.approve.content', { mac: device.mac, address }),
      confirmLabel: t('devices.approve.confirm'),
    });
    if (!confirmed) return;
    approve.mutate(
      { pending_id: device.id, remote_address: address },
      {
        onSuccess: () => showMessage({ content: t('devices.approve.done', { name, address }) }),
        onError: (error) =>
          showMessage({
            variant: 'error',
            content:
              isApiError(error) && error.status === 409
                ? t('devices.approve.moved')
                : t('devices.approve.failed', { name }),
          }),
      },
    );
  };
  const stateOf = (device: PendingDevice) => {
    const name = device.registration?.name ?? '';
    if (device.state === 'awaiting_approval') return t('devices.pending.stateAwaitingApproval', { name });
    if (device.state === 'approved') return t('devices.pending.stateApproved', { name });
    return t('devices.pending.stateUnregistered');
  };
  const columns: ListColumn<PendingDevice>[] = [
    { id: 'mac', nowrap: true, header: t('devices.column.mac'), cell: (device) => device.mac },
    {
      id: 'model',
      header: t('devices.pending.model'),
      from: 'sm',
      cell: (device) => device.product_name ?? String(device.product_brand_id),
    },
    { id: 'state', header: t('devices.pending.state'), cell: stateOf },
    {
      id: 'address',
      nowrap: true,
      header: t('devices.pending.address'),
      from: 'sm',
      cell: (device) => device.remote_address ?? '',
    },
    {
      id: 'fw',
      nowrap: true,
      header: t('devices.pending.firmware'),
      from: 'lg',
      cell: (device) => device.fw,
    },
    {
      id: 'lastSeen',
      header: t('devices.pending.lastSeen'),
      from: 'md',
      cell: (device) => seen(device.last_seen_at),
    },
    {
      id: 'calls',
      numeric: true,
      header: t('devices.pending.calls'),
      from: 'lg',
      cell: (device) => device.calls,
    },
    {
      id: 'actions',
      nowrap: true,
      headerHidden: true,
      header: t('devices.column.actions'),
      cell: (device) => {
        if (device.state === 'unregistered') {
          return (
            <Button
              size="small"
              variant="outlined"
              onClick={() => setAdopting(device)}
              aria-label={t('devices.adopt.label', { mac: device.mac })}
            >
              {t('devices.adopt.action')}
            </Button>
          );
        }
        if (device.state === 'awaiting_approval' && device.remote_address) {
          return (
            <Button
              size="small"
              variant="outlined"
              disabled={approve.isPending}
              onClick={() => void confirmApproval(device)}
              aria-label={t('devices.approve.label', { mac: device.mac })}
            >
              {t('devices.approve.action')}
            </Button>
          );
        }
        return null;
      },
    },
  ];
  return (
    <>
      <Typography>{t('devices.pending.intro')}</Typography>
      <Paper variant="outlined" sx={{ minWidth: 0 }}>
        <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 1 }}>
          <ListResults
            result={result}
            offset={offset}
            onOffset={setOffset}
            emptyText={t('devices.pending.empty')}
            columns={columns}
            rowKey={(device) => device.id}
            labelledBy={PAGE_TITLE_ID}
          />
        </Box>
      </Paper>
      {adopting && (
        <AdoptDeviceDialog cloudId={cloudId} device={adopting} onClose={() => setAdopting(null)} />
      )}
    </>
  );
}
