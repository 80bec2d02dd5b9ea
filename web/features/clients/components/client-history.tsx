// docs/clients.md#connection-history: where a wireless client has been, its stays on access points and
// sites (band, SSID, from, to and how long), paged on the server, newest first, and the addresses it used
// before, over the period the address's range names (the whole history without one).
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ClientDetail, ClientStay } from '../../../../core/api/clients.ts';
import { TIME_RANGES, type TimeRange } from '../../../../core/time-range.ts';
import { formatDuration } from '../../../platform/duration.ts';
import { type ListResult, ListResults } from '../../../platform/list-page/list-page-frame.tsx';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { DateTime, useFormatDateTime, useUnitContext } from '../../account/index.ts';
import { ClientSection } from './client-summary.tsx';
import { deviceHref, siteHref, useClientLabels } from './client-values.tsx';

const RANGE_KEYS = {
  all: 'clients.range.all',
  '24h': 'clients.range.day',
  '7d': 'clients.range.week',
  '30d': 'clients.range.month',
} as const satisfies Record<TimeRange | 'all', string>;

function SiteLink({ site, none }: { readonly site: ClientStay['site']; readonly none: string }) {
  return site ? (
    <Link component={RouterLink} to={siteHref(site)}>
      {site.name}
    </Link>
  ) : (
    none
  );
}

interface ClientHistoryProps {
  readonly client: ClientDetail;
  readonly range: TimeRange | undefined;
  readonly onRange: (range: TimeRange | undefined) => void;
  /** The page of stays on screen (GET .../clients/:clientId/stays), and moving to another. */
  readonly stays: ListResult<ClientStay>;
  readonly offset: number;
  readonly onOffset: (offset: number) => void;
}

/** Seconds from a stay's start to its end, or to now for the stay that goes on. */
const staySeconds = (stay: ClientStay, ongoing: boolean, now: number) =>
  Math.max(0, ((ongoing ? now : Date.parse(stay.last_seen_at)) - Date.parse(stay.first_seen_at)) / 1000);

export function ClientHistory({ client, range, onRange, stays, offset, onOffset }: ClientHistoryProps) {
  const { t } = useTranslation();
  const labels = useClientLabels();
  const units = useUnitContext();
  const formatTime = useFormatDateTime();
  const ongoing = (stay: ClientStay) => stay.current && client.connected;
  const now = Date.now();
  const columns: ListColumn<ClientStay>[] = [
    {
      id: 'device',
      header: t('clients.column.device'),
      cell: (stay) =>
        stay.device ? (
          <Link component={RouterLink} to={deviceHref(stay.device, stay.site)}>
            {stay.device.name}
          </Link>
        ) : (
          t('clients.history.unknownDevice')
        ),
    },
    {
      id: 'site',
      header: t('clients.column.site'),
      from: 'sm',
      cell: (stay) => <SiteLink site={stay.site} none={t('clients.value.none')} />,
    },
    {
      id: 'ssid',
      header: t('clients.column.ssid'),
      from: 'md',
      cell: (stay) => stay.ssid ?? t('clients.value.none'),
    },
    {
      id: 'band',
      nowrap: true,
      header: t('clients.column.band'),
      from: 'md',
      cell: (stay) => labels.band(stay.band),
    },
    {
      id: 'from',
      nowrap: true,
      header: t('clients.history.from'),
      from: 'sm',
      cell: (stay) => <DateTime iso={stay.first_seen_at} />,
    },
    {
      id: 'until',
      nowrap: true,
      header: t('clients.history.until'),
      cell: (stay) => (ongoing(stay) ? t('clients.history.now') : <DateTime iso={stay.last_seen_at} />),
    },
    {
      id: 'duration',
      nowrap: true,
      header: t('clients.history.duration'),
      from: 'sm',
      cell: (stay) => formatDuration(staySeconds(stay, ongoing(stay), now), units),
    },
  ];
  return (
    <ClientSection id="client-history" title={t('clients.history.title')}>
      <Box sx={{ display: 'flex' }}>
        <TextField
          select
          size="small"
          label={t('clients.range.label')}
          value={range ?? 'all'}
          onChange={(event) => {
            const next = event.target.value;
            onRange((TIME_RANGES as readonly string[]).includes(next) ? (next as TimeRange) : undefined);
          }}
          slotProps={{ select: { native: true } }}
          sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
        >
          {(['all', ...TIME_RANGES] as const).map((value) => (
            <option key={value} value={value}>
              {t(RANGE_KEYS[value])}
            </option>
          ))}
        </TextField>
      </Box>
      <ListResults
        result={stays}
        offset={offset}
        onOffset={onOffset}
        emptyText={t('clients.history.empty')}
        columns={columns}
        rowKey={(stay) => `${stay.first_seen_at} ${stay.device?.id ?? stay.site?.id ?? ''}`}
        labelledBy="client-history"
      />
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('clients.history.addresses')}
      </Typography>
      {client.addresses.length === 0 ? (
        <Typography>{t('clients.history.noAddresses')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {client.addresses.map((address) => (
            <li key={`${address.ip} ${address.until}`}>
              {t('clients.history.address', { ip: address.ip, time: formatTime(address.until) })}
            </li>
          ))}
        </Box>
      )}
    </ClientSection>
  );
}
