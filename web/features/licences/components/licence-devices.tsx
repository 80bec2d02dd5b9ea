// Which devices hold a licence and which hold none, a server page at a time, with assigning and releasing
// where the caller may (change_device_license, docs/roles.md).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LicenceDevice } from '../../../../core/api/cloud-management.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { ListPager } from '../../../platform/list-page/list-pager.tsx';
import { type ListColumn, ListTable } from '../../../platform/list-page/list-table.tsx';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { Loading } from '../../../platform/page-section.tsx';
import { DateTime } from '../../../shell/date-time.tsx';
import { useChangeLicence } from '../api/change-licence.ts';
import { useLicenceDevices } from '../api/get-licence-devices.ts';

const HEADING_ID = 'licence-devices-title';

export function LicenceDevices({ cloudId, siteId }: { readonly cloudId: number; readonly siteId?: number }) {
  const { t } = useTranslation();
  const [holding, setHolding] = useState<'yes' | 'no'>('yes');
  const [offset, setOffset] = useState(0);
  const page = useLicenceDevices(cloudId, { holding, offset, site_id: siteId });
  const change = useChangeLicence(cloudId);

  const act = async (device: LicenceDevice) => {
    const assign = device.licence === null;
    try {
      await change.mutateAsync({ deviceId: device.id, assign });
      showMessage({
        content: t(assign ? 'licences.devices.assigned' : 'licences.devices.released', { name: device.name }),
      });
    } catch (error) {
      const noneLeft = isApiError(error) && error.status === 409;
      showMessage({
        variant: 'error',
        content: t(noneLeft ? 'licences.devices.noneLeft' : 'licences.devices.failed'),
      });
    }
  };

  const columns: ListColumn<LicenceDevice>[] = [
    { id: 'name', header: t('licences.devices.name'), cell: (device) => device.name },
    { id: 'site', header: t('licences.devices.site'), from: 'sm', cell: (device) => device.site_name ?? '—' },
    {
      id: 'licence',
      header: t('licences.devices.licence'),
      nowrap: true,
      cell: (device) =>
        device.licence === null
          ? t('licences.devices.none')
          : t(device.licence === 'free' ? 'licences.devices.free' : 'licences.devices.paid'),
    },
    {
      id: 'expires',
      header: t('licences.devices.expires'),
      from: 'md',
      cell: (device) => (device.expires_at ? <DateTime iso={device.expires_at} /> : '—'),
    },
    {
      id: 'action',
      header: t('licences.devices.action'),
      headerHidden: true,
      cell: (device) =>
        device.can_change && (
          <Button
            size="small"
            disabled={change.isPending}
            aria-label={t(
              device.licence === null ? 'licences.devices.assignNamed' : 'licences.devices.releaseNamed',
              {
                name: device.name,
              },
            )}
            onClick={() => void act(device)}
          >
            {t(device.licence === null ? 'licences.devices.assign' : 'licences.devices.release')}
          </Button>
        ),
    },
  ];

  let body: ReactNode;
  if (page.isPending) body = <Loading label={t('licences.devices.loading')} />;
  else if (!page.data)
    body = <LoadFailed message={t('licences.devices.loadFailed')} onRetry={page.refetch} />;
  else if (page.data.items.length === 0)
    body = (
      <Typography>
        {t(holding === 'yes' ? 'licences.devices.emptyHolding' : 'licences.devices.emptyNone')}
      </Typography>
    );
  else
    body = (
      <>
        <ListTable
          labelledBy={HEADING_ID}
          columns={columns}
          rows={page.data.items}
          rowKey={(device) => device.id}
          busy={page.isPlaceholderData}
        />
        <ListPager
          offset={offset}
          count={page.data.items.length}
          total={page.data.total}
          totalCapped={page.data.total_capped}
          onOffset={setOffset}
        />
      </>
    );

  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography id={HEADING_ID} variant="h2">
        {t('licences.devices.title')}
      </Typography>
      <Tabs
        value={holding}
        onChange={(_event, value: 'yes' | 'no') => {
          setHolding(value);
          setOffset(0);
        }}
        aria-label={t('licences.devices.title')}
      >
        <Tab value="yes" label={t('licences.devices.holding')} />
        <Tab value="no" label={t('licences.devices.notHolding')} />
      </Tabs>
      {body}
    </Box>
  );
}
