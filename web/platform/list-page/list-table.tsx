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
  /** The smallest screen (docs/constants.md breakpoint) that shows the column; every screen when not given. */
  readonly from?: 'sm' | 'md' | 'lg';
  readonly numeric?: boolean;
  /**
   * Rows are one line: a longer value is cut short with an ellipsis and shown whole as the cell's tooltip.
   * Short values that must never be cut (addresses, states) take the width they need.
   */
  readonly nowrap?: boolean;
  /** The whole value for the tooltip of a cut value, when the cell draws more than text (a link). */
  readonly text?: (row: T) => string | null;
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

/** The column with id 'actions' holds the row's actions: never cut, and in view however wide the row. */
const ACTIONS_ID = 'actions';
const actionsCell = {
  position: 'sticky',
  right: 0,
  bgcolor: 'background.paper',
  boxShadow: (theme: Theme) => `inset 1px 0 0 ${theme.palette.divider}`,
} as const;
// One line per row, so a screen holds many: a long value ends in an ellipsis.
const oneLine = {
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  maxWidth: 260,
} as const;

function cellStyle(column: ListColumn<never>) {
  if (column.id === ACTIONS_ID) return [{ whiteSpace: 'nowrap' }, actionsCell];
  return [column.nowrap ? { whiteSpace: 'nowrap' } : oneLine];
}

export interface ListTableProps<T> {
  /** Id of the element that names the table (the page heading). */
  readonly labelledBy: string;
  readonly columns: readonly ListColumn<T>[];
  readonly rows: readonly T[];
  readonly rowKey: (row: T) => string | number;
  /** Rows of another page or search are on screen while this one loads. */
  readonly busy: boolean;
  /** The row the page points at (an alert's camera): marked, and announced as the current one. */
  readonly selectedKey?: string | number;
}

export function ListTable<T>({ labelledBy, columns, rows, rowKey, busy, selectedKey }: ListTableProps<T>) {
  return (
    // Focusable, so a keyboard can scroll a table wider than a phone's screen. Positioned, so what sits
    // out of the flow inside it (a header read only by screen readers) scrolls with the table instead of
    // widening the page (docs/navigation.md).
    <TableContainer tabIndex={0} sx={{ position: 'relative' }}>
      <Table
        size="small"
        aria-labelledby={labelledBy}
        aria-busy={busy}
        // Compact rows: a screen holds many.
        sx={{ opacity: busy ? 0.6 : 1, '& .MuiTableCell-sizeSmall': { py: 0.5 } }}
      >
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.id}
                align={column.numeric ? 'right' : 'left'}
                sortDirection={column.sorted ?? false}
                sx={[
                  shownFrom(column.from),
                  { whiteSpace: 'nowrap' },
                  column.id === ACTIONS_ID && actionsCell,
                ]}
              >
                {column.headerContent ??
                  (column.headerHidden ? <Box sx={visuallyHidden}>{column.header}</Box> : column.header)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={rowKey(row)}
              hover
              selected={selectedKey !== undefined && rowKey(row) === selectedKey}
              aria-current={selectedKey !== undefined && rowKey(row) === selectedKey ? 'true' : undefined}
            >
              {columns.map((column) => {
                const content = column.cell(row);
                const whole = column.text?.(row) ?? (typeof content === 'string' ? content : undefined);
                return (
                  <TableCell
                    key={column.id}
                    align={column.numeric ? 'right' : 'left'}
                    title={whole ?? undefined}
                    sx={[shownFrom(column.from), ...cellStyle(column as ListColumn<never>)]}
                  >
                    {content}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
