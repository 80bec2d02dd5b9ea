// Which devices hold a license and which hold none, a server page at a time, with assigning and releasing
// where the caller may (change_device_license, docs/roles.md).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LicenseDevice } from '../../../../core/api/cloud-management.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { ListPager } from '../../../platform/list-page/list-pager.tsx';
import { type ListColumn, ListTable } from '../../../platform/list-page/list-table.tsx';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { Loading } from '../../../platform/page-section.tsx';
import { DateTime } from '../../account/index.ts';
import { useChangeLicense } from '../api/change-license.ts';
import { useLicenseDevices } from '../api/get-license-devices.ts';

const HEADING_ID = 'license-devices-title';

export function LicenseDevices({ cloudId, siteId }: { readonly cloudId: number; readonly siteId?: number }) {
  const { t } = useTranslation();
  const [holding, setHolding] = useState<'yes' | 'no'>('yes');
  const [offset, setOffset] = useState(0);
  const page = useLicenseDevices(cloudId, { holding, offset, site_id: siteId });
  const change = useChangeLicense(cloudId);

  const act = async (device: LicenseDevice) => {
    const assign = device.license === null;
    try {
      await change.mutateAsync({ deviceId: device.id, assign });
      showMessage({
        content: t(assign ? 'licenses.devices.assigned' : 'licenses.devices.released', { name: device.name }),
      });
    } catch (error) {
      const noneLeft = isApiError(error) && error.status === 409;
      showMessage({
        variant: 'error',
        content: t(noneLeft ? 'licenses.devices.noneLeft' : 'licenses.devices.failed'),
      });
    }
  };

  const columns: ListColumn<LicenseDevice>[] = [
    { id: 'name', header: t('licenses.devices.name'), cell: (device) => device.name },
    { id: 'site', header: t('licenses.devices.site'), from: 'sm', cell: (device) => device.site_name ?? '—' },
    {
      id: 'license',
      header: t('licenses.devices.license'),
      nowrap: true,
      cell: (device) =>
        device.license === null
          ? t('licenses.devices.none')
          : t(device.license === 'free' ? 'licenses.devices.free' : 'licenses.devices.paid'),
    },
    {
      id: 'expires',
      header: t('licenses.devices.expires'),
      from: 'md',
      cell: (device) => (device.expires_at ? <DateTime iso={device.expires_at} /> : '—'),
    },
    {
      id: 'action',
      header: t('licenses.devices.action'),
      headerHidden: true,
      cell: (device) =>
        device.can_change && (
          <Button
            size="small"
            disabled={change.isPending}
            aria-label={t(
              device.license === null ? 'licenses.devices.assignNamed' : 'licenses.devices.releaseNamed',
              {
                name: device.name,
              },
            )}
            onClick={() => void act(device)}
          >
            {t(device.license === null ? 'licenses.devices.assign' : 'licenses.devices.release')}
          </Button>
        ),
    },
  ];

  let body: ReactNode;
  if (page.isPending) body = <Loading label={t('licenses.devices.loading')} />;
  else if (!page.data)
    body = <LoadFailed message={t('licenses.devices.loadFailed')} onRetry={page.refetch} />;
  else if (page.data.items.length === 0)
    body = (
      <Typography>
        {t(holding === 'yes' ? 'licenses.devices.emptyHolding' : 'licenses.devices.emptyNone')}
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
        {t('licenses.devices.title')}
      </Typography>
      <Tabs
        value={holding}
        onChange={(_event, value: 'yes' | 'no') => {
          setHolding(value);
          setOffset(0);
        }}
        aria-label={t('licenses.devices.title')}
      >
        <Tab value="yes" label={t('licenses.devices.holding')} />
        <Tab value="no" label={t('licenses.devices.notHolding')} />
      </Tabs>
      {body}
    </Box>
  );
}
