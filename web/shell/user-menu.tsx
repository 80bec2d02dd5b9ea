import AccountCircle from '@mui/icons-material/AccountCircle';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { routes } from '../../core/routes.ts';
import type { MeUser } from '../features/auth/api/get-me.ts';

export function UserMenu({ user }: { readonly user: MeUser }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const open = anchor !== null;
  return (
    <>
      <IconButton
        id={buttonId}
        color="inherit"
        aria-label={t('shell.appBar.userMenu')}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircle />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        <Box component="li" role="presentation" sx={{ px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {t('shell.userMenu.fullName', { firstname: user.firstname, lastname: user.lastname })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to={routes.logout.href()} onClick={() => setAnchor(null)}>
          {t('shell.userMenu.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
