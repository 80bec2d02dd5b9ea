// /v2/cloud/{cloudId}/authport/history (docs/guest-access.md#history): the guests' sessions, newest first and
// paged on the server — who, MAC, access point, SSID, start, end, duration, bytes each way, why it ended —
// filtered and exported as CSV; the current sessions with Disconnect, and what the access point answered.
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  type DisconnectAnswer,
  type GuestSession,
  SESSION_END_REASONS,
  type SessionEndReason,
  type SessionExportQuery,
} from '../../../../core/api/guest-sessions.ts';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import { can } from '../../../../core/policy.ts';
import { parseId } from '../../../../core/route-definition.ts';
import { routes } from '../../../../core/routes.ts';
import { confirmDialog } from '../../../platform/dialogs/dialog-store.ts';
import { formatDuration } from '../../../platform/duration.ts';
import { ListPager } from '../../../platform/list-page/list-pager.tsx';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { PageLoader } from '../../../platform/page-loader.tsx';
import { formatBytes } from '../../../platform/units.ts';
import { visuallyHidden } from '../../../platform/visually-hidden.ts';
import { useFormatDateTime, useUnitContext } from '../../account/index.ts';
import { accessOf, useCachedMe } from '../../auth/index.ts';
import { SiteSelect } from '../../sites/index.ts';
import { sessionsExportHref, useDisconnect, useSessions } from '../api/sessions.ts';

const TITLE_ID = 'page-title';
const TABLE_ID = 'guest-sessions';

const END_REASON_KEYS = {
  session_timeout: 'guestHistory.endReason.sessionTimeout',
  idle_timeout: 'guestHistory.endReason.idleTimeout',
  quota: 'guestHistory.endReason.quota',
  user: 'guestHistory.endReason.user',
  operator: 'guestHistory.endReason.operator',
  revoked: 'guestHistory.endReason.revoked',
  plan_changed: 'guestHistory.endReason.planChanged',
  lost: 'guestHistory.endReason.lost',
  nas_reboot: 'guestHistory.endReason.nasReboot',
  other: 'guestHistory.endReason.other',
} as const satisfies Record<SessionEndReason, string>;

type View = 'all' | 'current';
type Filters = {
  siteId: number | null;
  state: '' | 'active' | 'ended';
  search: string;
  from: string;
  to: string;
  endReason: '' | SessionEndReason;
};
const NO_FILTERS: Filters = { siteId: null, state: '', search: '', from: '', to: '', endReason: '' };

/** A datetime-local value (the browser's local time) as an instant, or undefined when empty or unreadable. */
function instant(local: string): string | undefined {
  if (local === '') return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function exportQuery(view: View, filters: Filters): SessionExportQuery {
  const search = filters.search.trim();
  return {
    site_id: filters.siteId ?? undefined,
    state: view === 'current' ? 'active' : filters.state || undefined,
    search: search === '' ? undefined : search,
    from: instant(filters.from),
    to: instant(filters.to),
    end_reason: view === 'current' ? undefined : filters.endReason || undefined,
  };
}

export function HistoryPage() {
  const { t } = useTranslation();
  const cloudId = parseId(useParams().cloudId ?? '') ?? 0;
  const membership = useCachedMe()?.memberships.find((candidate) => candidate.cloud_id === cloudId);
  const allowed = membership !== undefined && can(accessOf(membership), 'manage_sites');
  return (
    <Box component="section" aria-labelledby={TITLE_ID} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography id={TITLE_ID} variant="h1">
        {t(routes.authportHistory.titleKey)}
      </Typography>
      {allowed ? <Sessions cloudId={cloudId} /> : <Typography>{t('platform.errors.forbidden')}</Typography>}
    </Box>
  );
}

function Sessions({ cloudId }: { readonly cloudId: number }) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('all');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  // The cursors of the pages before the one shown (keyset paging): Previous goes back one.
  const [cursors, setCursors] = useState<readonly string[]>([]);
  const [outcome, setOutcome] = useState<{ name: string; answer: DisconnectAnswer } | null>(null);
  const query = exportQuery(view, filters);
  const cursor = cursors.at(-1);
  const result = useSessions(cloudId, { ...query, limit: LIST_PAGE_SIZE, ...(cursor ? { cursor } : {}) });
  const disconnect = useDisconnect(cloudId);

  const change = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setCursors([]);
  };
  const ask = async (session: GuestSession) => {
    const name = session.account.username;
    const confirmed = await confirmDialog({
      title: t('guestHistory.disconnect.title'),
      content: t('guestHistory.disconnect.text', { name, mac: session.mac }),
      confirmLabel: t('guestHistory.disconnect.confirm'),
    });
    if (!confirmed) return;
    disconnect.mutate(
      { session_id: session.id },
      {
        onSuccess: (answer) => {
          setOutcome({ name, answer });
          showMessage({
            content: t(outcomeKey(answer), { name }),
            variant: answer.acked > 0 ? 'success' : 'warning',
          });
        },
      },
    );
  };

  const endReasonChoices = [
    { value: '', label: t('guestHistory.filter.anyReason') },
    ...SESSION_END_REASONS.map((reason) => ({ value: reason, label: t(END_REASON_KEYS[reason]) })),
  ];

  return (
    <>
      <Tabs
        value={view}
        onChange={(_event, value: View) => {
          setView(value);
          setCursors([]);
        }}
        aria-label={t('guestHistory.view.label')}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        <Tab value="all" label={t('guestHistory.view.all')} />
        <Tab value="current" label={t('guestHistory.view.current')} />
      </Tabs>
      <Box
        role="search"
        aria-label={t('guestHistory.filter.label')}
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
          },
          alignItems: 'start',
        }}
      >
        <SiteSelect
          cloudId={cloudId}
          label={t('guestHistory.filter.site')}
          value={filters.siteId}
          size="small"
          onChange={(siteId) => change({ siteId })}
        />
        <TextField
          size="small"
          type="search"
          label={t('guestHistory.filter.search')}
          value={filters.search}
          onChange={(event) => change({ search: event.target.value })}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        {view === 'all' && (
          <TextField
            select
            size="small"
            label={t('guestHistory.filter.state')}
            value={filters.state}
            onChange={(event) => change({ state: event.target.value as Filters['state'] })}
          >
            <MenuItem value="">{t('guestHistory.filter.anyState')}</MenuItem>
            <MenuItem value="active">{t('guestHistory.state.active')}</MenuItem>
            <MenuItem value="ended">{t('guestHistory.state.ended')}</MenuItem>
          </TextField>
        )}
        <TextField
          size="small"
          type="datetime-local"
          label={t('guestHistory.filter.from')}
          value={filters.from}
          onChange={(event) => change({ from: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="datetime-local"
          label={t('guestHistory.filter.to')}
          value={filters.to}
          onChange={(event) => change({ to: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {view === 'all' && (
          <TextField
            select
            size="small"
            label={t('guestHistory.filter.endReason')}
            value={filters.endReason}
            onChange={(event) => change({ endReason: event.target.value as Filters['endReason'] })}
          >
            {endReasonChoices.map((choice) => (
              <MenuItem key={choice.value} value={choice.value}>
                {choice.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button href={sessionsExportHref(cloudId, query)} download startIcon={<DownloadIcon />}>
          {t('guestHistory.export.csv')}
        </Button>
      </Box>
      {outcome && (
        <Alert
          role="status"
          severity={outcome.answer.acked > 0 ? 'success' : 'warning'}
          onClose={() => setOutcome(null)}
          slotProps={{ closeButton: { 'aria-label': t('platform.dialogs.close') } }}
        >
          {t(outcomeKey(outcome.answer), { name: outcome.name })}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ minWidth: 0, p: { xs: 1, sm: 2 }, display: 'grid', gap: 1 }}>
        {result.isError ? (
          <LoadFailed message={t('guestHistory.list.loadFailed')} onRetry={() => void result.refetch()} />
        ) : !result.data ? (
          <PageLoader />
        ) : result.data.items.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 1 }}>
            {t(view === 'current' ? 'guestHistory.list.noneCurrent' : 'guestHistory.list.empty')}
          </Typography>
        ) : (
          <>
            <SessionTable
              items={result.data.items}
              busy={disconnect.isPending}
              onDisconnect={(s) => void ask(s)}
            />
            <ListPager
              offset={cursors.length * LIST_PAGE_SIZE}
              count={result.data.items.length}
              total={result.data.total}
              totalCapped={result.data.total_capped}
              onOffset={(offset) => {
                const next = result.data?.next_cursor;
                if (offset < cursors.length * LIST_PAGE_SIZE) setCursors(cursors.slice(0, -1));
                else if (next) setCursors([...cursors, next]);
              }}
            />
          </>
        )}
      </Paper>
    </>
  );
}

/** What the access point answered, as the page says it. */
function outcomeKey(answer: DisconnectAnswer) {
  if (answer.acked > 0) return 'guestHistory.disconnect.acked' as const;
  if (answer.refused > 0) return 'guestHistory.disconnect.refused' as const;
  return 'guestHistory.disconnect.unanswered' as const;
}

function SessionTable({
  items,
  busy,
  onDisconnect,
}: {
  readonly items: readonly GuestSession[];
  readonly busy: boolean;
  readonly onDisconnect: (session: GuestSession) => void;
}) {
  const { t } = useTranslation();
  const when = useFormatDateTime();
  const units = useUnitContext();
  const time = (at: string) => <time dateTime={at}>{when(at)}</time>;
  const cell = (value: string | null): ReactNode =>
    value ?? (
      <Typography component="span" variant="body2" color="text.secondary">
        —
      </Typography>
    );
  return (
    <Box
      role="group"
      aria-labelledby={TITLE_ID}
      tabIndex={0}
      sx={{ overflowX: 'auto', minWidth: 0, position: 'relative' }}
    >
      <Table
        id={TABLE_ID}
        size="small"
        aria-labelledby={TITLE_ID}
        sx={{ '& td, & th': { whiteSpace: 'nowrap', px: 1 } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('guestHistory.column.guest')}</TableCell>
            <TableCell>{t('guestHistory.column.mac')}</TableCell>
            <TableCell>{t('guestHistory.column.accessPoint')}</TableCell>
            <TableCell>{t('guestHistory.column.ssid')}</TableCell>
            <TableCell>{t('guestHistory.column.start')}</TableCell>
            <TableCell>{t('guestHistory.column.end')}</TableCell>
            <TableCell align="right">{t('guestHistory.column.duration')}</TableCell>
            <TableCell align="right">{t('guestHistory.column.bytesIn')}</TableCell>
            <TableCell align="right">{t('guestHistory.column.bytesOut')}</TableCell>
            <TableCell>{t('guestHistory.column.endReason')}</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                {t('guestHistory.column.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((session) => (
            <TableRow key={session.id}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                {session.account.username}
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  {session.site.name}
                </Typography>
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{session.mac}</TableCell>
              <TableCell>{cell(session.access_point)}</TableCell>
              <TableCell>{cell(session.ssid)}</TableCell>
              <TableCell>{time(session.started_at)}</TableCell>
              <TableCell>
                {session.ended_at ? (
                  time(session.ended_at)
                ) : (
                  <Typography component="span" variant="body2" color="success.main" sx={{ fontWeight: 500 }}>
                    {t('guestHistory.state.active')}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">{formatDuration(session.duration_s, units)}</TableCell>
              <TableCell align="right">{formatBytes(session.bytes_in, units)}</TableCell>
              <TableCell align="right">{formatBytes(session.bytes_out, units)}</TableCell>
              <TableCell>
                {session.end_reason ? t(END_REASON_KEYS[session.end_reason]) : cell(null)}
                {session.disconnected_by && (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {` · ${session.disconnected_by.email}`}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                {session.ended_at === null && (
                  <Button
                    size="small"
                    variant="outlined"
                    color="error"
                    disabled={busy}
                    aria-label={t('guestHistory.disconnect.named', {
                      name: session.account.username,
                      mac: session.mac,
                    })}
                    onClick={() => onDisconnect(session)}
                  >
                    {t('guestHistory.disconnect.button')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
