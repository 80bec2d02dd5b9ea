import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { MeUser } from '../features/auth/api/get-me.ts';
import { UserMenu } from './user-menu.tsx';
import { visuallyHidden } from './visually-hidden.ts';

interface TopBarProps {
  readonly productName: string;
  readonly cloudName: string | null;
  readonly user: MeUser;
  readonly onOpenNavigation: (() => void) | null;
}

export function TopBar({ productName, cloudName, user, onOpenNavigation }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1 }}>
        {onOpenNavigation && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label={t('shell.appBar.openNavigation')}
            onClick={onOpenNavigation}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Typography component="p" variant="h6" noWrap sx={{ fontWeight: 600 }}>
          {productName}
        </Typography>
        {cloudName && (
          <Typography component="p" noWrap sx={{ ml: { xs: 1, sm: 3 }, opacity: 0.9, minWidth: 0 }}>
            <Box component="span" sx={visuallyHidden}>
              {t('shell.appBar.currentCloud')}
            </Box>{' '}
            {cloudName}
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <UserMenu user={user} />
      </Toolbar>
    </AppBar>
  );
}
