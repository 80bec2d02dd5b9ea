// docs/navigation.md#navigation-drawer Wireless Clients (/site/{siteId}/clients) and the device menu's Clients page: the wireless
// clients of the site or the device, searched by MAC, IP or host name and sorted, paged on the server.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { ClientListItem } from '../../../../core/api/clients.ts';
import { LIST_SEARCH_MIN_LENGTH } from '../../../../core/api/list-query.ts';
import { matchRoute, readPathIds, routes } from '../../../../core/routes.ts';
import { ListResults } from '../../../platform/list-page/list-page-frame.tsx';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { SearchField } from '../../../platform/search-field/search-field.tsx';
import { DateTime } from '../../account/index.ts';
import { usePageObjects } from '../../navigation/index.ts';
import { type ClientListParams, type ClientScope, useClients } from '../api/get-clients.ts';
import { ClientSortSelect } from '../components/client-sort.tsx';
import { clientName, deviceHref, useClientLabels } from '../components/client-values.tsx';

const TITLE_ID = 'page-title';

export function ClientsListPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const ids = readPathIds(pathname);
  const match = matchRoute(pathname);
  // Site and device addresses carry no cloud id: the shell has already read their cloud.
  const { cloudId } = usePageObjects(pathname);
  const [params, setParams] = useState<ClientListParams>({
    search: '',
    offset: 0,
    sort: 'lastSeen',
    order: 'desc',
  });
  const scope: ClientScope = ids.deviceId ? { deviceId: ids.deviceId } : { siteId: ids.siteId ?? 0 };
  const result = useClients(cloudId, scope, params);
  const labels = useClientLabels();
  if (!match || ids.siteId === undefined) return null;
  const pageSiteId = ids.siteId;
  const onDevice = 'deviceId' in scope;

  const columns: ListColumn<ClientListItem>[] = [
    {
      id: 'client',
      header: t('clients.column.client'),
      cell: (client) => (
        <Link
          component={RouterLink}
          to={routes.siteClient.href({ siteId: client.site?.id ?? pageSiteId, clientId: client.id })}
        >
          {clientName(client)}
        </Link>
      ),
    },
    {
      id: 'connection',
      nowrap: true,
      header: t('clients.column.connection'),
      cell: (client) => labels.connection(client.connected),
    },
    ...(onDevice
      ? []
      : [
          {
            id: 'device',
            header: t('clients.column.device'),
            from: 'sm',
            cell: (client) =>
              client.device ? (
                <Link component={RouterLink} to={deviceHref(client.device, client.site)}>
                  {client.device.name}
                </Link>
              ) : (
                t('clients.value.none')
              ),
          } satisfies ListColumn<ClientListItem>,
        ]),
    { id: 'ssid', header: t('clients.column.ssid'), from: 'md', cell: (client) => client.ssid },
    {
      id: 'band',
      nowrap: true,
      header: t('clients.column.band'),
      from: 'md',
      cell: (client) => labels.band(client.band),
    },
    {
      id: 'rssi',
      nowrap: true,
      numeric: true,
      header: t('clients.column.rssi'),
      from: 'sm',
      cell: (client) => labels.rssi(client.rssi),
    },
    {
      id: 'traffic',
      nowrap: true,
      header: t('clients.column.traffic'),
      from: 'lg',
      cell: (client) => labels.traffic(client),
    },
    { id: 'ip', nowrap: true, header: t('clients.column.ip'), from: 'lg', cell: (client) => client.ip },
    { id: 'mac', nowrap: true, header: t('clients.column.mac'), from: 'lg', cell: (client) => client.mac },
    {
      id: 'lastSeen',
      nowrap: true,
      header: t('clients.column.lastSeen'),
      from: 'md',
      cell: (client) => <DateTime iso={client.last_seen_at} />,
    },
  ];

  return (
    <Box component="section" aria-labelledby={TITLE_ID} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography id={TITLE_ID} variant="h1">
        {t(routes[match.key].titleKey)}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ flex: { xs: '1 1 100%', sm: '0 1 420px' } }}>
          <SearchField
            label={t('clients.list.search')}
            placeholder={t('clients.list.placeholder')}
            minLength={LIST_SEARCH_MIN_LENGTH}
            onSearch={(search) => setParams((current) => ({ ...current, search, offset: 0 }))}
          />
        </Box>
        <ClientSortSelect
          value={params}
          onChange={(choice) => setParams((current) => ({ ...current, ...choice, offset: 0 }))}
        />
      </Box>
      <Paper variant="outlined" sx={{ minWidth: 0, p: { xs: 1, sm: 2 }, display: 'grid', gap: 1 }}>
        <ListResults
          // Nothing is asked before the cloud is known: the page is loading until then.
          result={{ ...result, isPending: result.isPending || cloudId === null }}
          offset={params.offset}
          onOffset={(offset) => setParams((current) => ({ ...current, offset }))}
          emptyText={
            params.search !== ''
              ? undefined
              : onDevice
                ? t('clients.list.emptyDevice')
                : t('clients.list.emptySite')
          }
          columns={columns}
          rowKey={(client) => client.id}
          labelledBy={TITLE_ID}
        />
      </Paper>
    </Box>
  );
}
