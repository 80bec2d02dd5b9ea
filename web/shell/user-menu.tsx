// docs/navigation.md#top-bar-panels user menu: Your Profile, Account Security, Admin Panel (administrators), Privacy Policy and Help
// (when the theme sets them), Logout.
import AccountCircle from '@mui/icons-material/AccountCircle';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { routes } from '../../core/routes.ts';
import type { DeploymentTheme, MeUser } from '../features/auth/index.ts';
import { visuallyHidden } from '../platform/visually-hidden.ts';

export function UserMenuButton({
  menuId,
  buttonId,
  open,
  onOpen,
}: {
  readonly menuId: string;
  readonly buttonId: string;
  readonly open: boolean;
  readonly onOpen: (event: MouseEvent<HTMLElement>) => void;
}) {
  const { t } = useTranslation();
  return (
    <IconButton
      id={buttonId}
      color="inherit"
      aria-label={t('shell.appBar.userMenu')}
      aria-haspopup="menu"
      aria-controls={open ? menuId : undefined}
      aria-expanded={open}
      onClick={onOpen}
    >
      <AccountCircle />
    </IconButton>
  );
}

function ExternalItem({
  href,
  label,
  onClose,
}: {
  readonly href: string;
  readonly label: string;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <MenuItem component="a" href={href} target="_blank" rel="noopener noreferrer" onClick={onClose}>
      {label}
      <Box component="span" sx={visuallyHidden}>
        {` ${t('shell.userMenu.newTab')}`}
      </Box>
    </MenuItem>
  );
}

export function UserMenu({
  id,
  labelledBy,
  user,
  theme,
  cloudId,
  anchorEl,
  onClose,
}: {
  readonly id: string;
  readonly labelledBy: string;
  readonly user: MeUser;
  readonly theme: DeploymentTheme;
  /** Profile pages live under a cloud; without one they are left out. */
  readonly cloudId: number | null;
  /** Open while set. */
  readonly anchorEl: HTMLElement | null;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const link = (to: string, label: string) => (
    <MenuItem key={to} component={RouterLink} to={to} onClick={onClose}>
      {label}
    </MenuItem>
  );
  return (
    <Menu
      id={id}
      anchorEl={anchorEl}
      open={anchorEl !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        list: { 'aria-labelledby': labelledBy },
        // A landmark, so the name and email above the entries are inside one for screen-reader users.
        paper: { role: 'region', 'aria-label': t('shell.appBar.userMenu') },
      }}
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
      {cloudId !== null && link(routes.profile.href({ cloudId }), t('shell.userMenu.profile'))}
      {cloudId !== null &&
        link(routes.accountSecurity.href({ cloudId }), t('shell.userMenu.accountSecurity'))}
      {user.is_administrator && link(routes.adminTools.href(), t('shell.userMenu.adminPanel'))}
      {theme.privacy_policy_url && (
        <ExternalItem
          href={theme.privacy_policy_url}
          label={t('shell.userMenu.privacyPolicy')}
          onClose={onClose}
        />
      )}
      {theme.help_url && (
        <ExternalItem href={theme.help_url} label={t('shell.userMenu.help')} onClose={onClose} />
      )}
      <Divider />
      {link(routes.logout.href(), t('shell.userMenu.logout'))}
    </Menu>
  );
}
