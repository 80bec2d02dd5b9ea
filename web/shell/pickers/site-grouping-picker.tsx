// The site-grouping picker of the drawer's cloud menu (docs/navigation.md#top-bar-panels, docs/navigation.md#navigation-drawer), for users with manage_sites.
import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BACKEND_FILTER_DEBOUNCE_MS, FILTER_BOX_MIN_ENTRIES } from '../../../core/constants.ts';
import { useClearSiteFilter, useSelectSiteFilter, useSiteFiltersSelect } from '../../features/sites/index.ts';
import { SearchField } from '../../platform/search-field/search-field.tsx';
import { BOUNDED_LIST } from './bounded-list.ts';
import { matchesFilter } from './matches-filter.ts';

export type SiteGroupingPickerProps = {
  readonly cloudId: number;
};

export function SiteGroupingPicker({ cloudId }: SiteGroupingPickerProps) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const first = useSiteFiltersSelect(cloudId);
  // docs/api.md#the-calls: the server says when a full page came back, and then it filters.
  const serverFiltering = first.data?.backend_filter ?? false;
  const filtered = useSiteFiltersSelect(cloudId, serverFiltering ? term : '');
  const select = useSelectSiteFilter(cloudId);
  const clear = useClearSiteFilter(cloudId);

  if (!first.data) return null;
  const activeId = first.data.userCloudFilter.id;
  const groupings = (serverFiltering ? (filtered.data ?? first.data) : first.data).siteGroupings.filter(
    (grouping) => serverFiltering || matchesFilter(grouping.name, term),
  );
  const busy = select.isPending || clear.isPending;
  const filterLabel = t('shell.pickers.filterGroupings');
  // Failures reach the app's error policy through the mutation cache.
  return (
    <Box>
      {(first.data.siteGroupings.length >= FILTER_BOX_MIN_ENTRIES || serverFiltering) && (
        <Box sx={{ px: 2, py: 1 }}>
          <SearchField
            key={serverFiltering ? 'server' : 'local'}
            label={filterLabel}
            placeholder={filterLabel}
            debounceMs={serverFiltering ? BACKEND_FILTER_DEBOUNCE_MS : 0}
            onSearch={setTerm}
          />
        </Box>
      )}
      <List aria-label={t('shell.pickers.groupings')} dense disablePadding sx={BOUNDED_LIST}>
        {activeId !== null && (
          <ListItem disablePadding>
            <ListItemButton disabled={busy} onClick={() => clear.mutate()}>
              <ListItemText primary={t('shell.pickers.backToCloud')} />
            </ListItemButton>
          </ListItem>
        )}
        {groupings.map((grouping) => {
          const active = grouping.id === activeId;
          return (
            <ListItem key={grouping.id} disablePadding>
              <ListItemButton
                selected={active}
                aria-current={active ? 'true' : undefined}
                disabled={busy}
                onClick={() => {
                  if (!active) select.mutate(grouping.id);
                }}
              >
                <ListItemIcon sx={{ minWidth: 32 }}>{active && <CheckIcon fontSize="small" />}</ListItemIcon>
                <ListItemText
                  primary={grouping.name}
                  secondary={t('shell.pickers.siteCount', { count: grouping.site_count })}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      {groupings.length === 0 && (
        <Typography role="status" color="text.secondary" sx={{ px: 2, py: 1 }}>
          {t('shell.pickers.noGroupings')}
        </Typography>
      )}
    </Box>
  );
}
