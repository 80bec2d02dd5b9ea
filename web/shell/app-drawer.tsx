import DashboardIcon from '@mui/icons-material/Dashboard';
import SitesIcon from '@mui/icons-material/Place';
import DevicesIcon from '@mui/icons-material/Router';
import ActivityIcon from '@mui/icons-material/Timeline';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { routes } from '../../core/routes.ts';

export const DRAWER_WIDTH = 240;

function CloudNavigation({
  cloudId,
  onNavigate,
}: {
  readonly cloudId: number;
  readonly onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  // SPEC §2.2: the entries every member sees; the permission-dependent ones come with the full drawer.
  const items = [
    {
      id: 'dashboard',
      label: t('shell.drawer.dashboard'),
      to: routes.cloudDashboard.href({ cloudId }),
      icon: <DashboardIcon />,
    },
    {
      id: 'devices',
      label: t('shell.drawer.devices'),
      to: routes.devices.href({ cloudId }),
      icon: <DevicesIcon />,
    },
    {
      id: 'activity',
      label: t('shell.drawer.activity'),
      to: routes.cloudActivity.href({ cloudId }),
      icon: <ActivityIcon />,
    },
    { id: 'sites', label: t('shell.drawer.sites'), to: routes.sites.href({ cloudId }), icon: <SitesIcon /> },
  ];
  return (
    <Box component="nav" aria-label={t('shell.drawer.label')}>
      <List>
        {items.map((item) => (
          <ListItemButton
            key={item.id}
            component={NavLink}
            to={item.to}
            onClick={onNavigate}
            sx={{ minHeight: 42, '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
          >
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText primary={item.label} />
          </ListItemButton>
        ))}
      </List>
    </Box>
  );
}

interface AppDrawerProps {
  readonly cloudId: number | null;
  readonly mobileOpen: boolean;
  readonly onMobileClose: () => void;
}

/** Permanent from md up, sliding in with a backdrop below md (SPEC §2.4). */
export function AppDrawer({ cloudId, mobileOpen, onMobileClose }: AppDrawerProps) {
  if (cloudId === null) return null;
  const paper = { width: DRAWER_WIDTH, boxSizing: 'border-box' } as const;
  return (
    <Box sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': paper }}
      >
        <CloudNavigation cloudId={cloudId} onNavigate={onMobileClose} />
      </Drawer>
      <Drawer
        variant="permanent"
        open
        sx={{ display: { xs: 'none', md: 'block' }, '& .MuiDrawer-paper': paper }}
      >
        <Toolbar />
        <CloudNavigation cloudId={cloudId} />
      </Drawer>
    </Box>
  );
}
