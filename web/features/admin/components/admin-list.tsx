// One page of an Admin Panel list in its frame: a bar while another page loads, and its loading, empty and
// failed states (platform/list-page), with the table named by the section's tab.
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListResult, ListResults } from '../../../platform/list-page/list-page-frame.tsx';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';

export interface AdminListProps<T> {
  readonly result: ListResult<T>;
  readonly offset: number;
  readonly onOffset: (offset: number) => void;
  readonly emptyText?: string;
  readonly columns: readonly ListColumn<T>[];
  readonly rowKey: (row: T) => string | number;
  /** The id of the section's tab, which names the table. */
  readonly labelledBy: string;
}

export function AdminList<T>({ result, ...props }: AdminListProps<T>) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ minWidth: 0 }}>
      {result.isFetching && !result.isPending && (
        <LinearProgress aria-label={t('platform.listPage.loading')} />
      )}
      <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 1 }}>
        <ListResults result={result} {...props} />
      </Box>
    </Paper>
  );
}

/** The first row of the page on screen; back to the first whenever what is listed (the key) changes. */
export function usePageOffset(key: string) {
  const [paging, setPaging] = useState({ key, offset: 0 });
  const offset = paging.key === key ? paging.offset : 0;
  return [offset, (next: number) => setPaging({ key, offset: next })] as const;
}
