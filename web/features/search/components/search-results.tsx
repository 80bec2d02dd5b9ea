// What a search found (docs/navigation.md#top-bar-panels, docs/errors.md): the groups of matches, the searching and nothing-found status, or
// the failure with a way to try again.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchFindResult } from '../../../../core/api/search.ts';
import { GROUP_LABEL_KEYS } from '../labels.ts';
import { groupResults, type ResultGroup } from '../result-groups.ts';
import { SearchResultLink } from './search-result-link.tsx';

interface SearchResultsProps {
  /** The term searched for. */
  readonly query: string;
  readonly found: UseQueryResult<SearchFindResult>;
  /** A result was chosen. */
  readonly onSelect: () => void;
}

export function SearchResults({ query, found, onSelect }: SearchResultsProps) {
  const { t } = useTranslation();
  if (found.isError && !found.isFetching) {
    return (
      <Box role="alert" sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5 }}>
        <Typography variant="body2" color="error" sx={{ flexGrow: 1 }}>
          {t('search.panel.failed')}
        </Typography>
        <Button size="small" onClick={() => void found.refetch()}>
          {t('search.panel.retry')}
        </Button>
      </Box>
    );
  }
  const settled = found.data !== undefined && !found.isPlaceholderData && !found.isFetching;
  const groups = found.data && !found.isError ? groupResults(found.data) : [];
  let status = '';
  if (found.isFetching) status = t('search.panel.searching');
  else if (settled && groups.length === 0) status = t('search.panel.nothingFound');
  return (
    <>
      <Typography
        role="status"
        variant="body2"
        color="text.secondary"
        sx={status === '' ? { height: 0, overflow: 'hidden' } : { px: 2, py: 1.5 }}
      >
        {status}
      </Typography>
      {groups.length > 0 && (
        <Box aria-busy={found.isFetching} aria-label={t('search.panel.results')} role="region">
          {groups.map((group) => (
            <SearchGroup
              key={`${group.type}-${group.historical}`}
              group={group}
              query={query}
              onSelect={onSelect}
            />
          ))}
        </Box>
      )}
    </>
  );
}

function SearchGroup({
  group,
  query,
  onSelect,
}: { readonly group: ResultGroup } & Omit<SearchResultsProps, 'found'>) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography
        id={headingId}
        component="h3"
        variant="overline"
        color="text.secondary"
        sx={{ display: 'block', px: 2, pt: 1, lineHeight: 2 }}
      >
        {group.historical
          ? t('search.group.historical', { group: t(GROUP_LABEL_KEYS[group.type]) })
          : t(GROUP_LABEL_KEYS[group.type])}
      </Typography>
      <List dense disablePadding aria-labelledby={headingId}>
        {group.results.map((result) => (
          <ListItem key={`${result.historical}-${result.object_id}`} disablePadding>
            <SearchResultLink result={result} query={query} onSelect={onSelect} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
