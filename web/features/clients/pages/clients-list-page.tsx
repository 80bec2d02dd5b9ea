// docs/clients.md: the cloud's Clients (/v2/cloud/{cloudId}/clients, narrowed to a site by its filter), a site's
// Wireless Clients (/site/{siteId}/clients) and the device menu's Clients page: the wireless clients the
// caller sees, searched by MAC, IP or host name and sorted, paged on the server, and exported as CSV.
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import type { ClientListItem } from '../../../../core/api/clients.ts';
import { LIST_SEARCH_MIN_LENGTH } from '../../../../core/api/list-query.ts';
import { parseId } from '../../../../core/route-definition.ts';
import { matchRoute, readPathIds, routes } from '../../../../core/routes.ts';
import { useChangeQuery } from '../../../platform/address-query.ts';
import { ListResults } from '../../../platform/list-page/list-page-frame.tsx';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { SearchField } from '../../../platform/search-field/search-field.tsx';
import { DateTime } from '../../account/index.ts';
import { usePageObjects } from '../../navigation/index.ts';
import { SiteSelect } from '../../sites/index.ts';
import {
  type ClientListParams,
  type ClientScope,
  clientsExportHref,
  useClients,
} from '../api/get-clients.ts';
import { ClientSortSelect } from '../components/client-sort.tsx';
import { clientName, deviceHref, siteHref, useClientLabels } from '../components/client-values.tsx';

const TITLE_ID = 'page-title';

export function ClientsListPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [query] = useSearchParams();
  const changeQuery = useChangeQuery();
  const ids = readPathIds(pathname);
  const match = matchRoute(pathname);
  const onCloud = match?.key === 'cloudClients';
  // Site and device addresses carry no cloud id: the shell has already read their cloud.
  const objects = usePageObjects(pathname);
  const cloudId = onCloud ? (ids.cloudId ?? null) : objects.cloudId;
  // The cloud's list keeps its search and site in the address, so a view can be bookmarked; a search
  // too short to run (typed into the address) lists everything.
  const typed = onCloud ? (query.get('search')?.trim() ?? '') : '';
  const addressSearch = typed.length >= LIST_SEARCH_MIN_LENGTH ? typed : '';
  const [state, setParams] = useState<ClientListParams>({
    search: '',
    offset: 0,
    sort: 'lastSeen',
    order: 'desc',
  });
  const params = onCloud ? { ...state, search: addressSearch } : state;
  const chosenSite = (onCloud ? parseId(query.get('site') ?? '') : undefined) ?? undefined;
  const scope: ClientScope = onCloud
    ? { siteId: chosenSite }
    : ids.deviceId
      ? { deviceId: ids.deviceId }
      : { siteId: ids.siteId ?? 0 };
  const result = useClients(cloudId, scope, params);
  const labels = useClientLabels();
  if (!match || (!onCloud && ids.siteId === undefined)) return null;
  const onDevice = scope.deviceId !== undefined;
  const siteColumn: ListColumn<ClientListItem>[] = onCloud
    ? [
        {
          id: 'site',
          header: t('clients.column.site'),
          cell: (client) =>
            client.site ? (
              <Link component={RouterLink} to={siteHref(client.site)}>
                {client.site.name}
              </Link>
            ) : (
              t('clients.value.none')
            ),
        },
      ]
    : [];

  const columns: ListColumn<ClientListItem>[] = [
    {
      id: 'client',
      header: t('clients.column.client'),
      cell: (client) =>
        client.site || ids.siteId ? (
          <Link
            component={RouterLink}
            to={routes.siteClient.href({
              siteId: client.site?.id ?? ids.siteId ?? 0,
              clientId: client.id,
            })}
          >
            {clientName(client)}
          </Link>
        ) : (
          // A client whose device is on no site has no page of its own.
          clientName(client)
        ),
    },
    ...siteColumn,
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
            value={onCloud ? addressSearch : undefined}
            onSearch={(search) => {
              setParams((current) => ({ ...current, search, offset: 0 }));
              if (onCloud) changeQuery({ search });
            }}
          />
        </Box>
        {onCloud && cloudId !== null && (
          <SiteSelect
            cloudId={cloudId}
            size="small"
            label={t('clients.column.site')}
            value={chosenSite ?? null}
            onChange={(siteId) => {
              setParams((current) => ({ ...current, offset: 0 }));
              changeQuery({ site: siteId === null ? null : String(siteId) });
            }}
          />
        )}
        <ClientSortSelect
          value={params}
          onChange={(choice) => setParams((current) => ({ ...current, ...choice, offset: 0 }))}
        />
        {cloudId !== null && result.data?.can_export && (
          <Button
            href={clientsExportHref(cloudId, scope, params)}
            download
            startIcon={<DownloadIcon />}
            sx={{ alignSelf: 'center' }}
          >
            {t('clients.export.csv')}
          </Button>
        )}
      </Box>
      <Paper variant="outlined" sx={{ minWidth: 0, p: { xs: 1, sm: 2 }, display: 'grid', gap: 1 }}>
        <ListResults
          // Nothing is asked before the cloud is known: the page is loading until then.
          result={{ ...result, isPending: result.isPending || cloudId === null }}
          offset={params.offset}
          onOffset={(offset) => setParams((current) => ({ ...current, offset }))}
          emptyText={
            params.search !== '' || chosenSite !== undefined
              ? undefined
              : onCloud
                ? t('clients.list.emptyCloud')
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
