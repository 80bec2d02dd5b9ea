// docs/navigation.md#top-bar-panels cloud menu: the user's clouds, with a filter box from 10 clouds on and 'No clouds found.'.
import Box from '@mui/material/Box';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { CloudSummary } from '../../../core/api/clouds.ts';
import { FILTER_BOX_MIN_ENTRIES } from '../../../core/constants.ts';
import { routes } from '../../../core/routes.ts';
import { SearchField } from '../../platform/search-field/search-field.tsx';
import { matchesFilter } from '../pickers/matches-filter.ts';

export function CloudSwitcher({
  clouds,
  currentCloudId,
  onChoose,
}: {
  readonly clouds: readonly CloudSummary[];
  readonly currentCloudId: number | null;
  readonly onChoose: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [term, setTerm] = useState('');
  const shown = clouds.filter((cloud) => matchesFilter(cloud.name, term));
  const filterLabel = t('shell.cloudMenu.filter');
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="overline" sx={{ px: 2, pt: 1, display: 'block' }}>
        {t('shell.cloudMenu.switchClouds')}
      </Typography>
      {clouds.length >= FILTER_BOX_MIN_ENTRIES && (
        <Box sx={{ px: 2, pb: 1 }}>
          <SearchField label={filterLabel} placeholder={filterLabel} debounceMs={0} onSearch={setTerm} />
        </Box>
      )}
      {shown.length === 0 ? (
        <Typography role="status" sx={{ px: 2, py: 1 }} color="text.secondary">
          {t('shell.cloudMenu.noClouds')}
        </Typography>
      ) : (
        <MenuList aria-labelledby={headingId} dense sx={{ maxHeight: 280, overflowY: 'auto', py: 0 }}>
          {shown.map((cloud) => {
            const current = cloud.id === currentCloudId;
            return (
              <MenuItem
                key={cloud.id}
                component={RouterLink}
                to={routes.cloudDashboard.href({ cloudId: cloud.id })}
                selected={current}
                aria-current={current ? 'true' : undefined}
                onClick={onChoose}
              >
                <ListItemText
                  primary={cloud.name}
                  secondary={cloud.company && cloud.company !== cloud.name ? cloud.company : undefined}
                />
              </MenuItem>
            );
          })}
        </MenuList>
      )}
    </Box>
  );
}
