// What a run found, drawn for its tool (docs/tools.md#results): the replies of a ping, the hops of a
// traceroute, a lookup's answers, an HTTP check's status and timings, a throughput test's seconds and a
// site survey's access points. Each draws what the device has reported so far.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolResult, TroubleshootResult } from '../../../../core/fleet/troubleshoot.ts';
import { ListTable } from '../../../platform/list-page/list-table.tsx';

const ms = (t: TFunction, value: number | null) => (value === null ? '*' : t('tools.result.ms', { value }));
const mbps = (t: TFunction, value: number | null) =>
  value === null ? '—' : t('tools.result.mbps', { value });

function Facts({ items }: { readonly items: readonly [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content minmax(0, 1fr)',
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
      }}
    >
      {items.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Ping({ result, labelledBy }: { readonly result: ToolResult<'ping'>; readonly labelledBy: string }) {
  const { t } = useTranslation();
  const times = result.rttMs.filter((value): value is number => value !== null);
  const average =
    times.length > 0 ? Math.round((times.reduce((a, b) => a + b, 0) / times.length) * 10) / 10 : null;
  return (
    <>
      <Facts
        items={[
          [t('tools.result.address'), result.address],
          [
            t('tools.result.received'),
            t('tools.result.receivedOf', { received: result.received, sent: result.sent }),
          ],
          [t('tools.result.average'), ms(t, average)],
        ]}
      />
      <ListTable
        labelledBy={labelledBy}
        busy={false}
        rows={result.rttMs.map((rtt, index) => ({ seq: index + 1, rtt }))}
        rowKey={(row) => row.seq}
        columns={[
          { id: 'seq', header: t('tools.result.seq'), numeric: true, cell: (row) => row.seq },
          { id: 'time', header: t('tools.result.time'), numeric: true, cell: (row) => ms(t, row.rtt) },
        ]}
      />
    </>
  );
}

function Traceroute({
  result,
  labelledBy,
}: {
  readonly result: ToolResult<'traceroute'>;
  readonly labelledBy: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Facts
        items={[
          [t('tools.result.address'), result.address],
          [t('tools.result.hops'), result.hops.length],
        ]}
      />
      <ListTable
        labelledBy={labelledBy}
        busy={false}
        rows={result.hops}
        rowKey={(hop) => hop.hop}
        columns={[
          { id: 'hop', header: t('tools.result.hop'), numeric: true, cell: (hop) => hop.hop },
          {
            id: 'address',
            header: t('tools.result.address'),
            nowrap: true,
            cell: (hop) => hop.address ?? '*',
          },
          { id: 'name', header: t('tools.result.name'), from: 'sm', cell: (hop) => hop.name ?? '' },
          {
            id: 'time',
            header: t('tools.result.time'),
            numeric: true,
            nowrap: true,
            cell: (hop) => ms(t, hop.rttMs),
          },
        ]}
      />
    </>
  );
}

function Dns({ result, labelledBy }: { readonly result: ToolResult<'dns'>; readonly labelledBy: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Facts
        items={[
          [t('tools.result.dnsServer'), result.server],
          [t('tools.result.status'), result.status],
          [t('tools.result.time'), ms(t, result.timeMs)],
        ]}
      />
      {result.answers.length === 0 ? (
        <Typography role="status">{t('tools.result.noAnswers')}</Typography>
      ) : (
        <ListTable
          labelledBy={labelledBy}
          busy={false}
          rows={result.answers}
          rowKey={(answer) => `${answer.type} ${answer.value}`}
          columns={[
            { id: 'type', header: t('tools.result.recordType'), nowrap: true, cell: (answer) => answer.type },
            { id: 'value', header: t('tools.result.value'), cell: (answer) => answer.value },
            { id: 'ttl', header: t('tools.result.ttl'), numeric: true, cell: (answer) => answer.ttlS },
          ]}
        />
      )}
    </>
  );
}

function Http({ result }: { readonly result: ToolResult<'http'> }) {
  const { t } = useTranslation();
  return (
    <Facts
      items={[
        [t('tools.result.status'), `${result.status} ${result.reason}`],
        [t('tools.result.address'), result.address],
        [t('tools.result.dnsTime'), ms(t, result.dnsMs)],
        [t('tools.result.connectTime'), ms(t, result.connectMs)],
        [t('tools.result.tlsTime'), result.tlsMs === null ? '—' : ms(t, result.tlsMs)],
        [t('tools.result.firstByte'), ms(t, result.firstByteMs)],
        [t('tools.result.total'), ms(t, result.totalMs)],
        [t('tools.result.size'), t('tools.result.bytes', { value: result.bytes })],
        ...(result.contentType
          ? [[t('tools.result.contentType'), result.contentType] as [string, string]]
          : []),
      ]}
    />
  );
}

function Throughput({
  result,
  labelledBy,
}: {
  readonly result: ToolResult<'throughput'>;
  readonly labelledBy: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Facts
        items={[
          [t('tools.result.server'), result.server],
          [t('tools.result.upload'), mbps(t, result.uploadMbps)],
          [t('tools.result.download'), mbps(t, result.downloadMbps)],
          [t('tools.result.link'), mbps(t, result.linkMbps)],
        ]}
      />
      <ListTable
        labelledBy={labelledBy}
        busy={false}
        rows={result.intervals}
        rowKey={(interval) => interval.second}
        columns={[
          { id: 'second', header: t('tools.result.second'), numeric: true, cell: (row) => row.second },
          {
            id: 'up',
            header: t('tools.result.upload'),
            numeric: true,
            cell: (row) => mbps(t, row.uploadMbps),
          },
          {
            id: 'down',
            header: t('tools.result.download'),
            numeric: true,
            cell: (row) => mbps(t, row.downloadMbps),
          },
        ]}
      />
    </>
  );
}

function Survey({
  result,
  labelledBy,
}: {
  readonly result: ToolResult<'survey'>;
  readonly labelledBy: string;
}) {
  const { t } = useTranslation();
  if (result.accessPoints.length === 0)
    return <Typography role="status">{t('tools.result.noAccessPoints')}</Typography>;
  return (
    <ListTable
      labelledBy={labelledBy}
      busy={false}
      rows={result.accessPoints}
      rowKey={(ap) => ap.bssid}
      columns={[
        { id: 'ssid', header: t('tools.result.ssid'), cell: (ap) => ap.ssid },
        {
          id: 'band',
          header: t('tools.result.band'),
          nowrap: true,
          cell: (ap) => t('tools.form.bandGhz', { band: ap.band }),
        },
        { id: 'channel', header: t('tools.result.channel'), numeric: true, cell: (ap) => ap.channel },
        {
          id: 'signal',
          header: t('tools.result.signal'),
          numeric: true,
          nowrap: true,
          cell: (ap) => t('tools.result.dbm', { value: ap.signalDbm }),
        },
        {
          id: 'width',
          header: t('tools.result.width'),
          numeric: true,
          from: 'sm',
          cell: (ap) => t('tools.result.mhz', { value: ap.widthMhz }),
        },
        { id: 'bssid', header: t('tools.result.bssid'), nowrap: true, from: 'md', cell: (ap) => ap.bssid },
      ]}
    />
  );
}

/** The tool's own drawing of what the device reported; `labelledBy` names its table. */
export function ToolResultView({
  result,
  labelledBy,
}: {
  readonly result: TroubleshootResult;
  readonly labelledBy: string;
}) {
  switch (result.tool) {
    case 'ping':
      return <Ping result={result} labelledBy={labelledBy} />;
    case 'traceroute':
      return <Traceroute result={result} labelledBy={labelledBy} />;
    case 'dns':
      return <Dns result={result} labelledBy={labelledBy} />;
    case 'http':
      return <Http result={result} />;
    case 'throughput':
      return <Throughput result={result} labelledBy={labelledBy} />;
    case 'survey':
      return <Survey result={result} labelledBy={labelledBy} />;
  }
}
