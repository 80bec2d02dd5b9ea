// The topology as a table of links (docs/topology.md#the-page): for screen readers and phones, the same
// links the graph draws, each end a link to its device's dashboard, a page of them at a time.
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import type { LinkState, TopologyEdge, TopologyNode } from '../../../../core/api/topology.ts';
import { routes } from '../../../../core/routes.ts';
import { ListPager } from '../../../platform/list-page/list-pager.tsx';
import { StatusDot } from '../../../platform/status-dot.tsx';
import { useFormatDateTime, useUnitContext } from '../../account/index.ts';
import { KIND_LABEL_KEYS, rateOf, STATE_LABEL_KEYS, signalOf } from './edge-style.ts';

const STATE_TONES = { up: 'success', down: 'error', stale: 'neutral' } as const satisfies Record<
  LinkState,
  string
>;

type Props = {
  readonly nodes: readonly TopologyNode[];
  readonly edges: readonly TopologyEdge[];
  readonly siteId: number;
  /** A phone's width: each end's port under its device, and kind, speed and state in one column. */
  readonly compact?: boolean;
};

const Line = ({ children }: { children: React.ReactNode }) => (
  <Typography variant="caption" component="span" sx={{ display: 'block' }}>
    {children}
  </Typography>
);

export function LinkTable({ nodes, edges, siteId, compact = false }: Props) {
  const { t } = useTranslation();
  const units = useUnitContext();
  const formatDateTime = useFormatDateTime();
  const [wanted, setOffset] = useState(0);
  // A search that leaves fewer links than the page's start shows the first page.
  const offset = wanted < edges.length ? wanted : 0;
  const shown = edges.slice(offset, offset + LIST_PAGE_SIZE);
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const device = (id: number) => {
    const node = byId.get(id);
    return node ? (
      <Link component={RouterLink} to={routes.deviceDashboard.href({ siteId, deviceId: id })}>
        {node.name}
      </Link>
    ) : (
      String(id)
    );
  };
  if (edges.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('topology.list.empty')}
      </Typography>
    );
  const rate = (edge: TopologyEdge) => {
    const signal = signalOf(edge, units);
    return (
      <>
        {rateOf(edge, units) ?? (compact ? null : '–')}
        {signal && <Line>{t('topology.list.signal', signal)}</Line>}
      </>
    );
  };
  // A stale link says when it was last reported.
  const state = (edge: TopologyEdge) => (
    <>
      <StatusDot tone={STATE_TONES[edge.state]} label={t(STATE_LABEL_KEYS[edge.state])} />
      {edge.last_seen_at !== undefined && (
        <Line>{t('topology.list.lastSeen', { time: formatDateTime(edge.last_seen_at) })}</Line>
      )}
    </>
  );
  const end = (id: number, port: string | undefined) => (
    <>
      {device(id)}
      {port !== undefined && <Line>{t('topology.list.portValue', { port })}</Line>}
    </>
  );
  return (
    <>
      <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
        <Table size="small" aria-label={t('topology.list.caption')}>
          <TableHead>
            {compact ? (
              <TableRow>
                <TableCell>{t('topology.list.from')}</TableCell>
                <TableCell>{t('topology.list.to')}</TableCell>
                <TableCell>{t('topology.list.link')}</TableCell>
              </TableRow>
            ) : (
              <TableRow>
                <TableCell>{t('topology.list.from')}</TableCell>
                <TableCell>{t('topology.list.fromPort')}</TableCell>
                <TableCell>{t('topology.list.to')}</TableCell>
                <TableCell>{t('topology.list.toPort')}</TableCell>
                <TableCell>{t('topology.list.kind')}</TableCell>
                <TableCell>{t('topology.list.speed')}</TableCell>
                <TableCell>{t('topology.list.state')}</TableCell>
              </TableRow>
            )}
          </TableHead>
          <TableBody>
            {shown.map((edge) =>
              compact ? (
                <TableRow key={edge.id}>
                  <TableCell>{end(edge.from_device_id, edge.from_port)}</TableCell>
                  <TableCell>{end(edge.to_device_id, edge.to_port)}</TableCell>
                  <TableCell>
                    <Line>{t(KIND_LABEL_KEYS[edge.kind])}</Line>
                    <Line>{rate(edge)}</Line>
                    {state(edge)}
                  </TableCell>
                </TableRow>
              ) : (
                <TableRow key={edge.id}>
                  <TableCell>{device(edge.from_device_id)}</TableCell>
                  <TableCell>{edge.from_port ?? '–'}</TableCell>
                  <TableCell>{device(edge.to_device_id)}</TableCell>
                  <TableCell>{edge.to_port ?? '–'}</TableCell>
                  <TableCell>{t(KIND_LABEL_KEYS[edge.kind])}</TableCell>
                  <TableCell>{rate(edge)}</TableCell>
                  <TableCell>{state(edge)}</TableCell>
                </TableRow>
              ),
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {edges.length > LIST_PAGE_SIZE && (
        <ListPager
          offset={offset}
          count={shown.length}
          total={edges.length}
          totalCapped={false}
          onOffset={setOffset}
        />
      )}
    </>
  );
}
