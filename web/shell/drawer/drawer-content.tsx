// The drawer's menus (docs/navigation.md#navigation-drawer): the level of the page, with back and forward arrows between levels.
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { siteChoiceHref } from '../../../core/navigation/cloud-menu.ts';
import { type DrawerMenu, drawerMenu } from '../../../core/navigation/drawer-menu.ts';
import { MissingNavValueError, UnknownProductTypeError } from '../../../core/navigation/errors.ts';
import {
  backLevel,
  forwardLevel,
  LEVEL_LABEL_KEYS,
  type LevelState,
  levelReducer,
  levelStateFor,
  shownLevel,
} from '../../../core/navigation/levels.ts';
import { MENU_ITEM_HEIGHT } from '../../../core/navigation/nav-entry.ts';
import { NavEntryList } from './nav-entry-list.tsx';
import { SitesSection } from './sites-section.tsx';
import type { PageNavigation } from './use-nav-context.ts';

type MenuResult =
  | { readonly kind: 'menu'; readonly menu: DrawerMenu }
  | { readonly kind: 'loading' }
  | { readonly kind: 'unknownProductType'; readonly productType: string }
  | { readonly kind: 'failed' };

function buildMenu(navigation: PageNavigation, state: LevelState): MenuResult {
  const level = shownLevel(state);
  if (level === null) return { kind: 'loading' };
  try {
    return { kind: 'menu', menu: drawerMenu(level, navigation.context) };
  } catch (error) {
    if (error instanceof UnknownProductTypeError) {
      return { kind: 'unknownProductType', productType: error.productType };
    }
    // The facts a menu needs (e.g. the device's) are still on their way.
    if (error instanceof MissingNavValueError) return { kind: 'loading' };
    return { kind: 'failed' };
  }
}

/** The level state of the page: a new page (or new trail) shows its own level again. */
function useLevelState(navigation: PageNavigation, pageKey: string) {
  const trailKey = `${pageKey} ${navigation.trail.join('/')}`;
  const [stored, setStored] = useState({ trailKey, state: levelStateFor(navigation.trail) });
  if (stored.trailKey !== trailKey) {
    const next = { trailKey, state: levelStateFor(navigation.trail) };
    setStored(next);
    return [next.state, setStored, trailKey] as const;
  }
  return [stored.state, setStored, trailKey] as const;
}

type Props = {
  readonly navigation: PageNavigation;
  /** The page's address: a new page resets the level. */
  readonly pageKey: string;
  /** Called after following a link, so a temporary drawer can close. */
  readonly onNavigate?: (() => void) | undefined;
};

export function DrawerContent({ navigation, pageKey, onNavigate }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setStored, trailKey] = useLevelState(navigation, pageKey);
  const move = (type: 'back' | 'forward') => setStored({ trailKey, state: levelReducer(state, { type }) });
  const back = backLevel(state);
  const forward = forwardLevel(state);
  const level = shownLevel(state);
  const result = buildMenu(navigation, state);
  const { params } = navigation.context;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flexGrow: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1, minHeight: MENU_ITEM_HEIGHT }}>
        {back && (
          <IconButton
            size="small"
            aria-label={t('shell.drawer.back', { level: t(LEVEL_LABEL_KEYS[back]) })}
            onClick={() => move('back')}
          >
            <ArrowBackIcon fontSize="small" />
          </IconButton>
        )}
        <Typography component="h2" variant="subtitle2" sx={{ flexGrow: 1, px: 1 }} noWrap>
          {result.kind === 'menu' && result.menu.level === 'cloud'
            ? t(result.menu.frame.headerKey)
            : level && t(LEVEL_LABEL_KEYS[level])}
        </Typography>
        {forward && (
          <IconButton
            size="small"
            aria-label={t('shell.drawer.forward', { level: t(LEVEL_LABEL_KEYS[forward]) })}
            onClick={() => move('forward')}
          >
            <ArrowForwardIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
      <Divider />
      {result.kind === 'loading' && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2 }}>
          <CircularProgress size={16} aria-hidden />
          <Typography variant="body2">{t('shell.drawer.loading')}</Typography>
        </Box>
      )}
      {result.kind === 'unknownProductType' && (
        <Alert severity="error" sx={{ m: 1 }}>
          {t('shell.drawer.unknownProductType', { productType: result.productType || '—' })}
        </Alert>
      )}
      {result.kind === 'failed' && (
        <Alert severity="error" sx={{ m: 1 }}>
          {t('shell.drawer.loadFailed')}
        </Alert>
      )}
      {result.kind === 'menu' && (
        // One column that scrolls: on a short window the menu under the site section stays in reach.
        <Box data-drawer-body sx={{ flexGrow: 1, minHeight: 0, overflowY: 'auto' }}>
          {result.menu.level === 'cloud' && params.cloudId !== undefined && (
            <SitesSection
              cloudId={params.cloudId}
              currentSiteId={params.siteId ?? null}
              groupingPicker={result.menu.frame.sitePicker === 'site-group-filter'}
              canCreateSite={result.menu.frame.createSite !== null}
              onChoose={(siteId) => {
                navigate(siteChoiceHref(siteId));
                onNavigate?.();
              }}
            />
          )}
          {result.menu.level === 'cloud' && <Divider />}
          <Box data-nav-menu>
            <NavEntryList entries={result.menu.entries} onNavigate={onNavigate} />
          </Box>
        </Box>
      )}
      {result.kind === 'menu' && result.menu.level === 'cloud' && result.menu.frame.footer.href && (
        <>
          <Divider />
          <ListItemButton
            component={RouterLink}
            to={result.menu.frame.footer.href}
            onClick={onNavigate}
            sx={{ minHeight: MENU_ITEM_HEIGHT, flexGrow: 0 }}
          >
            <ListItemText primary={t(result.menu.frame.footer.labelKey)} />
          </ListItemButton>
        </>
      )}
    </Box>
  );
}
