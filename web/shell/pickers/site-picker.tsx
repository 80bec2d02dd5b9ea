// The site picker of the drawer's cloud menu (docs/navigation.md#top-bar-panels, docs/constants.md). Rendered by the drawer; built with the top bar.
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BACKEND_FILTER_DEBOUNCE_MS,
  FILTER_BOX_MIN_ENTRIES,
  SITE_LIST_MAX,
} from '../../../core/constants.ts';
import { useSitesSelect } from '../../features/sites/index.ts';
import { SearchField } from '../../platform/search-field/search-field.tsx';
import { BOUNDED_LIST } from './bounded-list.ts';
import { matchesFilter } from './matches-filter.ts';
import { useCreateSiteFlow } from './use-create-site-flow.ts';

export type SitePickerProps = {
  readonly cloudId: number;
  /** The site of the current page, kept in the list even beyond the first 100. */
  readonly currentSiteId: number | null;
  /** docs/navigation.md#top-bar-panels: Create a new site, for users with manage_sites. */
  readonly canCreateSite: boolean;
  readonly onChoose: (siteId: number) => void;
};

export function SitePicker({ cloudId, currentSiteId, canCreateSite, onChoose }: SitePickerProps) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const first = useSitesSelect(cloudId, { filter: '', includeId: currentSiteId });
  // docs/constants.md: a full first page means there may be more sites than listed, so the server filters.
  const serverFiltering = (first.data?.sites.length ?? 0) >= SITE_LIST_MAX;
  const filtered = useSitesSelect(cloudId, { filter: serverFiltering ? term : '', includeId: currentSiteId });
  const createSite = useCreateSiteFlow(cloudId, onChoose);

  if (!first.data) return null;
  const sites = (serverFiltering ? (filtered.data ?? first.data) : first.data).sites.filter(
    (site) => serverFiltering || matchesFilter(site.name, term),
  );
  const filterLabel = t('shell.pickers.filterSites');
  return (
    <Box>
      {(first.data.sites.length >= FILTER_BOX_MIN_ENTRIES || serverFiltering) && (
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
      {sites.length === 0 && (
        <Typography role="status" color="text.secondary" sx={{ px: 2, py: 1 }}>
          {t('shell.pickers.noSites')}
        </Typography>
      )}
      <List aria-label={t('shell.pickers.sites')} dense disablePadding sx={BOUNDED_LIST}>
        {sites.map((site) => (
          <ListItem key={site.id} disablePadding>
            <ListItemButton
              selected={site.id === currentSiteId}
              aria-current={site.id === currentSiteId ? 'true' : undefined}
              onClick={() => onChoose(site.id)}
            >
              <ListItemText primary={site.name} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      {canCreateSite && (
        <List dense disablePadding>
          <ListItem disablePadding>
            <ListItemButton onClick={() => void createSite()}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <AddIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={t('shell.pickers.createSite')} />
            </ListItemButton>
          </ListItem>
        </List>
      )}
    </Box>
  );
}
