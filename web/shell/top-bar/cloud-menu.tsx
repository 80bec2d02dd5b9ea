// docs/navigation.md#top-bar-panels cloud menu: its button (current cloud, unread invitations) and its popover.
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import CloudIcon from '@mui/icons-material/Cloud';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Invitation } from '../../../core/api/clouds.ts';
import { routes } from '../../../core/routes.ts';
import { useCloudList, useUnreadInvitations } from '../../features/clouds/index.ts';
import { CloudSwitcher } from './cloud-switcher.tsx';
import { Invitations } from './invitations.tsx';

export function CloudMenuButton({
  cloudName,
  menuId,
  open,
  onOpen,
}: {
  readonly cloudName: string | null;
  readonly menuId: string;
  readonly open: boolean;
  readonly onOpen: (event: MouseEvent<HTMLElement>) => void;
}) {
  const { t } = useTranslation();
  const count = useUnreadInvitations().data?.unreadInvitationCount ?? 0;
  const shownName = cloudName ?? t('shell.topBar.cloud');
  const label =
    count > 0
      ? t('shell.cloudMenu.buttonInvitations', { cloudName: shownName, count })
      : t('shell.cloudMenu.button', { cloudName: shownName });
  return (
    <Button
      color="inherit"
      aria-label={label}
      aria-haspopup="dialog"
      aria-controls={open ? menuId : undefined}
      aria-expanded={open}
      onClick={onOpen}
      startIcon={
        // A dot, not a number: the count is in the button's name, which must contain its visible text.
        <Badge variant="dot" invisible={count === 0} color="error">
          <CloudIcon />
        </Badge>
      }
      endIcon={<ArrowDropDownIcon />}
      sx={{ minWidth: 0, maxWidth: 280, fontWeight: 500 }}
    >
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {shownName}
      </Box>
    </Button>
  );
}

export function CloudMenu({
  id,
  cloudId,
  anchorEl,
  onClose,
}: {
  readonly id: string;
  readonly cloudId: number | null;
  /** Open while set. */
  readonly anchorEl: HTMLElement | null;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const open = anchorEl !== null;
  const list = useCloudList(open);
  // The cloud of the invitation accepted last: the menu offers to switch to it.
  const [joined, setJoined] = useState<Invitation | null>(null);
  return (
    <Popover
      id={id}
      open={open}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        transition: { onExited: () => setJoined(null) },
        paper: {
          role: 'dialog',
          'aria-label': t('shell.cloudMenu.label'),
          sx: { width: 360, maxWidth: 'calc(100vw - 16px)' },
        },
      }}
    >
      {joined && (
        <Alert
          role="status"
          severity="success"
          sx={{ m: 1 }}
          action={
            <Button
              color="inherit"
              size="small"
              component={RouterLink}
              to={routes.cloudDashboard.href({ cloudId: joined.cloud_id })}
              onClick={onClose}
            >
              {t('shell.cloudMenu.switchNow')}
            </Button>
          }
        >
          {t('shell.cloudMenu.joined', { cloudName: joined.cloud_name })}
        </Alert>
      )}
      {list.data ? (
        <>
          <Invitations invitations={list.data.invitations} onJoined={setJoined} />
          {/* Keyed by open, so every opening starts with an empty filter. */}
          <CloudSwitcher
            key={String(open)}
            clouds={list.data.clouds}
            currentCloudId={cloudId}
            onChoose={onClose}
          />
        </>
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
          <CircularProgress size={24} aria-label={t('shell.loading.label')} />
        </Box>
      )}
      {cloudId !== null && (
        <>
          <Divider />
          <MenuList aria-label={t('shell.cloudMenu.label')} dense>
            <MenuItem component={RouterLink} to={routes.clouds.href({ cloudId })} onClick={onClose}>
              {t('shell.cloudMenu.manageClouds')}
            </MenuItem>
            <MenuItem component={RouterLink} to={routes.cloudEdit.href({ cloudId })} onClick={onClose}>
              {t('shell.cloudMenu.cloudProperties')}
            </MenuItem>
          </MenuList>
        </>
      )}
    </Popover>
  );
}
