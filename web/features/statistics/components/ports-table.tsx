// Every port of a switch with its link, speed, PoE draw, errors and traffic, sortable by each column.
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortReading } from '../../../../core/api/metrics.ts';
import {
  formatBitRate,
  formatBytes,
  formatMegabitRate,
  formatNumber,
  formatWatts,
} from '../../../platform/units.ts';
import { useUnitContext } from '../../account/index.ts';

type Column = 'port' | 'link' | 'speed_mbps' | 'poe_w' | 'errors' | 'rx_bytes' | 'tx_bytes';
type Direction = 'asc' | 'desc';

const COLUMNS: readonly Column[] = ['port', 'link', 'speed_mbps', 'poe_w', 'errors', 'rx_bytes', 'tx_bytes'];
// The first click on a number column shows the largest first: the busiest or most erring port.
const FIRST_DIRECTION: Record<Column, Direction> = {
  port: 'asc',
  link: 'desc',
  speed_mbps: 'desc',
  poe_w: 'desc',
  errors: 'desc',
  rx_bytes: 'desc',
  tx_bytes: 'desc',
};

const sortValue = (port: PortReading, column: Column) =>
  column === 'link' ? (port.link ? 1 : 0) : port[column];

export function sortPorts(
  ports: readonly PortReading[],
  column: Column,
  direction: Direction,
): PortReading[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...ports].sort((a, b) => sign * (sortValue(a, column) - sortValue(b, column)) || a.port - b.port);
}

export function PortsTable({
  ports,
  interval_s,
  labelledBy,
}: {
  readonly ports: readonly PortReading[];
  /** Seconds the traffic was counted over; unknown before a second heartbeat. */
  readonly interval_s: number | null;
  readonly labelledBy: string;
}) {
  const { t } = useTranslation();
  const units = useUnitContext();
  const [sort, setSort] = useState<{ column: Column; direction: Direction }>({
    column: 'port',
    direction: 'asc',
  });
  const headers: Record<Column, string> = {
    port: t('statistics.ports.port'),
    link: t('statistics.ports.link'),
    speed_mbps: t('statistics.ports.speed'),
    poe_w: t('statistics.ports.poe'),
    errors: t('statistics.ports.errors'),
    rx_bytes: t('statistics.ports.received'),
    tx_bytes: t('statistics.ports.sent'),
  };
  const traffic = (bytes: number) =>
    interval_s ? formatBitRate((bytes * 8) / interval_s, units) : formatBytes(bytes, units);
  const sortBy = (column: Column) =>
    setSort((current) =>
      current.column === column
        ? { column, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { column, direction: FIRST_DIRECTION[column] },
    );
  return (
    // A keyboard can scroll it, so every column can be read at 375 px; the table carries the page's name.
    <Box tabIndex={0} sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell
                key={column}
                align={column === 'link' ? 'left' : 'right'}
                sortDirection={sort.column === column ? sort.direction : false}
                sx={{ whiteSpace: 'nowrap' }}
              >
                <TableSortLabel
                  active={sort.column === column}
                  direction={sort.column === column ? sort.direction : FIRST_DIRECTION[column]}
                  onClick={() => sortBy(column)}
                >
                  {headers[column]}
                </TableSortLabel>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {sortPorts(ports, sort.column, sort.direction).map((port) => (
            <TableRow key={port.port}>
              <TableCell
                component="th"
                scope="row"
                align="right"
                // The port stays in view while the other columns scroll on a phone.
                sx={{ position: 'sticky', left: 0, bgcolor: 'background.paper' }}
              >
                {port.medium === 'sfp'
                  ? t('statistics.ports.sfpPort', { port: formatNumber(port.port, units) })
                  : formatNumber(port.port, units)}
              </TableCell>
              <TableCell sx={{ color: port.link ? 'success.dark' : 'text.secondary', whiteSpace: 'nowrap' }}>
                {port.link ? t('statistics.ports.up') : t('statistics.ports.down')}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {port.link ? formatMegabitRate(port.speed_mbps, units) : t('statistics.ports.none')}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatWatts(port.poe_w, units)}
              </TableCell>
              <TableCell align="right" sx={{ color: port.errors > 0 ? 'error.main' : undefined }}>
                {formatNumber(port.errors, units)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {traffic(port.rx_bytes)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {traffic(port.tx_bytes)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
