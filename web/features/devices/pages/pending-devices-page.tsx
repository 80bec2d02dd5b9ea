// Devices that called home but are not registered, for those who may register devices (SPEC §6 register):
// the most recent callers first, each adoptable into a site.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingDevice } from '../../../../core/api/device-registration.ts';
import { formatDateTime } from '../../../platform/date-time.ts';
import { ListResults } from '../../../platform/list-page/list-page-frame.tsx';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { PAGE_TITLE_ID, PageSection } from '../../../platform/page-section.tsx';
import { useRouteParams } from '../../../shell/use-route-match.ts';
import { useCachedMe } from '../../auth/api/get-me.ts';
import { usePendingDevices } from '../api/get-pending-devices.ts';
import { AdoptDeviceDialog } from '../components/adopt-device-dialog.tsx';
import { RegistrationGate } from '../components/registration-gate.tsx';

export function PendingDevicesPage() {
  const { cloudId } = useRouteParams('devicesPending');
  return (
    <PageSection routeKey="devicesPending">
      <RegistrationGate cloudId={cloudId}>
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
  const seen = (iso: string) => (
    <time dateTime={iso}>
      {formatDateTime(new Date(iso), {
        locale: i18n.language,
        timeZone: user?.timezone,
        dateFormat: user?.dateFormat,
        timeFormat: user?.timeFormat,
      })}
    </time>
  );
  const columns: ListColumn<PendingDevice>[] = [
    { id: 'mac', nowrap: true, header: t('devices.column.mac'), cell: (device) => device.mac },
    {
      id: 'model',
      header: t('devices.pending.model'),
      from: 'sm',
      cell: (device) => device.product_name ?? String(device.product_brand_id),
    },
    {
      id: 'fw',
      nowrap: true,
      header: t('devices.pending.firmware'),
      from: 'md',
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
      cell: (device) => (
        <Button
          size="small"
          variant="outlined"
          onClick={() => setAdopting(device)}
          aria-label={t('devices.adopt.label', { mac: device.mac })}
        >
          {t('devices.adopt.action')}
        </Button>
      ),
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
