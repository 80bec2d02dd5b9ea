import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { visuallyHidden } from '../visually-hidden.ts';

/** One column of a list: narrow screens show only the columns without `from` or with a smaller one. */
export interface ListColumn<T> {
  readonly id: string;
  readonly header: string;
  readonly cell: (row: T) => ReactNode;
  /** The smallest screen (SPEC §9 breakpoint) that shows the column; every screen when not given. */
  readonly from?: 'sm' | 'md' | 'lg';
  readonly numeric?: boolean;
  /** Short values that read badly broken (addresses, states) stay on one line. */
  readonly nowrap?: boolean;
  /** The header is for screen readers only (a column of icon buttons that name themselves). */
  readonly headerHidden?: boolean;
  /** Drawn in the header cell instead of the header text (a sort button, a select-all box). */
  readonly headerContent?: ReactNode;
  /** The list is sorted by this column, that way (aria-sort). */
  readonly sorted?: 'asc' | 'desc';
}

// Hidden below the breakpoint only, so wider screens keep the cell's own display.
const shownFrom = (from: ListColumn<unknown>['from']) => (theme: Theme) =>
  from ? { [theme.breakpoints.down(from)]: { display: 'none' } } : {};

export interface ListTableProps<T> {
  /** Id of the element that names the table (the page heading). */
  readonly labelledBy: string;
  readonly columns: readonly ListColumn<T>[];
  readonly rows: readonly T[];
  readonly rowKey: (row: T) => string | number;
  /** Rows of another page or search are on screen while this one loads. */
  readonly busy: boolean;
}

export function ListTable<T>({ labelledBy, columns, rows, rowKey, busy }: ListTableProps<T>) {
  return (
    // Focusable, so a keyboard can scroll a table wider than a phone's screen. Positioned, so what sits
    // out of the flow inside it (a header read only by screen readers) scrolls with the table instead of
    // widening the page (docs/navigation.md).
    <TableContainer tabIndex={0} sx={{ position: 'relative' }}>
      <Table size="small" aria-labelledby={labelledBy} aria-busy={busy} sx={{ opacity: busy ? 0.6 : 1 }}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.id}
                align={column.numeric ? 'right' : 'left'}
                sortDirection={column.sorted ?? false}
                sx={shownFrom(column.from)}
              >
                {column.headerContent ??
                  (column.headerHidden ? <Box sx={visuallyHidden}>{column.header}</Box> : column.header)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} hover>
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  align={column.numeric ? 'right' : 'left'}
                  sx={[
                    shownFrom(column.from),
                    column.nowrap ? { whiteSpace: 'nowrap' } : { overflowWrap: 'break-word' },
                  ]}
                >
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
