import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { isDrawerMounted, isDrawerOpen } from '../../core/navigation/drawer-state.ts';
import { DrawerContent } from './drawer/drawer-content.tsx';
import type { DrawerControl } from './drawer/use-drawer-state.ts';
import type { PageNavigation } from './drawer/use-nav-context.ts';

export const DRAWER_WIDTH = 280;

interface AppDrawerProps {
  readonly navigation: PageNavigation | null;
  /** The page's address: a new page shows its own level again. */
  readonly pageKey: string;
  readonly control: DrawerControl;
}

/** Permanent from md up; below md, temporary with a backdrop, driven by the drawer state machine (docs/navigation.md#navigation-drawer, docs/states.md). */
export function AppDrawer({ navigation, pageKey, control }: AppDrawerProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  if (navigation === null) return null;
  const paper = {
    width: DRAWER_WIDTH,
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
  } as const;
  const content = (onNavigate?: () => void) => (
    <Box
      component="nav"
      aria-label={t('shell.drawer.label')}
      sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 }}
    >
      <DrawerContent navigation={navigation} pageKey={pageKey} onNavigate={onNavigate} />
    </Box>
  );
  if (wide) {
    return (
      <Box sx={{ width: DRAWER_WIDTH, flexShrink: 0 }}>
        <Drawer variant="permanent" open sx={{ '& .MuiDrawer-paper': paper }}>
          <Toolbar />
          {content()}
        </Drawer>
      </Box>
    );
  }
  if (!isDrawerMounted(control.state)) return null;
  return (
    <Drawer
      variant="temporary"
      open={isDrawerOpen(control.state)}
      onClose={control.close}
      data-drawer-state={control.state}
      slotProps={{ paper: { 'aria-label': t('shell.drawer.label') } }}
      // Over the top bar, which sits above the permanent drawer.
      sx={{ zIndex: (muiTheme) => muiTheme.zIndex.modal, '& .MuiDrawer-paper': paper }}
    >
      {content(control.close)}
    </Drawer>
  );
}
