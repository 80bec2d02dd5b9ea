// The cloud menu's site section (docs/navigation.md): the site grouping picker and the site list, under a heading
// that folds them away, so the cloud menu below stays in reach whatever the number of sites
// (docs/navigation.md).
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_ITEM_HEIGHT } from '../../../core/navigation/nav-entry.ts';
import { SiteGroupingPicker } from '../pickers/site-grouping-picker.tsx';
import { SitePicker } from '../pickers/site-picker.tsx';
import { useStoredFlag } from './use-stored-flag.ts';

// The same choice on every cloud: the user folds the list once.
const FOLDED_KEY = 'console.drawer.sitesFolded';

type Props = {
  readonly cloudId: number;
  readonly currentSiteId: number | null;
  /** Users who can manage sites filter by site groups as well. */
  readonly groupingPicker: boolean;
  readonly canCreateSite: boolean;
  readonly onChoose: (siteId: number) => void;
};

export function SitesSection({ cloudId, currentSiteId, groupingPicker, canCreateSite, onChoose }: Props) {
  const { t } = useTranslation();
  const regionId = useId();
  const [folded, setFolded] = useStoredFlag(FOLDED_KEY, false);
  return (
    <Box data-drawer-pickers>
      <ListItemButton
        aria-expanded={!folded}
        aria-controls={regionId}
        onClick={() => setFolded(!folded)}
        sx={{ minHeight: MENU_ITEM_HEIGHT, py: 0 }}
      >
        <ListItemText
          primary={t('shell.drawer.sites')}
          slotProps={{ primary: { variant: 'subtitle2', component: 'span' } }}
        />
        {folded ? <ExpandMoreIcon fontSize="small" /> : <ExpandLessIcon fontSize="small" />}
      </ListItemButton>
      <Collapse in={!folded} id={regionId} unmountOnExit>
        <Box sx={{ px: 1, pb: 1, display: 'grid', gap: 1 }}>
          {groupingPicker && <SiteGroupingPicker cloudId={cloudId} />}
          <SitePicker
            cloudId={cloudId}
            currentSiteId={currentSiteId}
            canCreateSite={canCreateSite}
            onChoose={onChoose}
          />
        </Box>
      </Collapse>
    </Box>
  );
}
