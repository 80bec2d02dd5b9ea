import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_SEARCH_MIN_LENGTH, type ListPage } from '../../../core/api/list-query.ts';
import { routes } from '../../../core/routes.ts';
import { LoadFailed } from '../load-failed.tsx';
import { SearchField } from '../search-field/search-field.tsx';
import type { ListPageState } from './list-page-params.ts';
import { ListPager } from './list-pager.tsx';
import { type ListColumn, ListTable } from './list-table.tsx';

/** What a list page knows of its rows, from the server or filtered in the browser. */
export interface ListResult<T> {
  readonly data: ListPage<T> | undefined;
  readonly isPending: boolean;
  readonly isError: boolean;
  /** Another page or search is loading while the last one stays on screen. */
  readonly isFetching: boolean;
  readonly refetch: () => unknown;
}

export interface ListPageFrameProps<T> {
  readonly searchLabel: string;
  /** The address's search and the page of rows (useListPageParams). */
  readonly list: ListPageState;
  /** Said when nothing is listed without a search; the search's 'Nothing found' text otherwise. */
  readonly emptyText?: string;
  readonly result: ListResult<T>;
  readonly columns: readonly ListColumn<T>[];
  readonly rowKey: (row: T) => string | number;
  /** The list's filters beside its search (chips that remove themselves). */
  readonly filters?: ReactNode;
  /** Actions on the list as a whole (e.g. adding a row), beside the title; absent for who may not. */
  readonly actions?: ReactNode;
  /** Tools for the rows on screen (columns, export), beside the search box. */
  readonly tools?: ReactNode;
}

const TITLE_ID = 'page-title';

/** A list page: its title, a search box bound to the address, and one page of rows with a pager. */
export function ListPageFrame<T>(props: ListPageFrameProps<T>) {
  const { t } = useTranslation();
  const { result } = props;
  return (
    <Box component="section" aria-labelledby={TITLE_ID} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <Typography id={TITLE_ID} variant="h1">
          {t(routes[props.list.routeKey].titleKey)}
        </Typography>
        {props.actions}
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <Box sx={{ flex: '1 1 240px', maxWidth: { sm: 420 } }}>
          <SearchField
            label={props.searchLabel}
            value={props.list.text}
            minLength={LIST_SEARCH_MIN_LENGTH}
            onSearch={props.list.setSearch}
          />
        </Box>
        {props.tools}
      </Box>
      {props.filters}
      <Paper variant="outlined" sx={{ minWidth: 0 }}>
        {result.isFetching && !result.isPending && (
          <LinearProgress aria-label={t('platform.listPage.loading')} />
        )}
        <Box sx={{ p: 1, display: 'grid', gap: 0.5 }}>
          <ListResults
            result={result}
            offset={props.list.params.offset}
            onOffset={props.list.setOffset}
            emptyText={props.list.params.search === '' ? props.emptyText : undefined}
            columns={props.columns}
            rowKey={props.rowKey}
            labelledBy={TITLE_ID}
          />
        </Box>
      </Paper>
    </Box>
  );
}

export interface ListResultsProps<T> {
  readonly result: ListResult<T>;
  readonly offset: number;
  readonly onOffset: (offset: number) => void;
  /** Said when nothing is listed; 'Nothing found' when not given (a search or filters found nothing). */
  readonly emptyText?: string;
  readonly columns: readonly ListColumn<T>[];
  readonly rowKey: (row: T) => string | number;
  /** Id of the element that names the table. */
  readonly labelledBy: string;
  /** The row the page points at (ListTable). */
  readonly selectedKey?: string | number;
}

/** One page of a list's rows with its pager, or its loading, empty or failed state. */
export function ListResults<T>({
  result,
  offset,
  onOffset,
  emptyText,
  columns,
  rowKey,
  labelledBy,
  selectedKey,
}: ListResultsProps<T>) {
  const { t } = useTranslation();
  if (result.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('platform.listPage.loading')} />
      </Box>
    );
  }
  // A failed page has no rows to show (placeholder rows go when the query fails).
  if (!result.data)
    return <LoadFailed message={t('platform.listPage.loadFailed')} onRetry={result.refetch} />;
  const { items, total, total_capped: totalCapped } = result.data;
  if (items.length === 0 && offset === 0) {
    return (
      <Typography role="status" sx={{ py: 2 }}>
        {emptyText ?? t('platform.listPage.nothingFound')}
      </Typography>
    );
  }
  return (
    <>
      <ListPager
        offset={offset}
        count={items.length}
        total={total}
        totalCapped={totalCapped}
        onOffset={onOffset}
      />
      <ListTable
        labelledBy={labelledBy}
        columns={columns}
        rows={items}
        rowKey={rowKey}
        busy={result.isFetching}
        selectedKey={selectedKey}
      />
    </>
  );
}
