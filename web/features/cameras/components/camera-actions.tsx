// The changes offered on one camera to whoever holds manage_snvr (docs/cameras.md#changes): each one a task.
import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CameraItem } from '../../../../core/api/cameras.ts';
import { confirmDialog, promptDialog } from '../../../platform/dialogs/dialog-store.ts';
import type { CameraChange } from '../api/change-camera.ts';
import { useNameRule } from './name-rule.ts';
import { ProfileDialog } from './profile-dialog.tsx';

interface CameraActionsProps {
  readonly camera: CameraItem;
  readonly onChange: (change: CameraChange) => void;
}

export function CameraActions({ camera, onChange }: CameraActionsProps) {
  const { t } = useTranslation();
  const nameRule = useNameRule();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  const close = () => setAnchor(null);

  const rename = async () => {
    close();
    const name = await promptDialog({
      title: t('cameras.rename.title', { name: camera.name }),
      label: t('cameras.rename.label'),
      initialValue: camera.name,
      validate: nameRule,
      submitLabel: t('cameras.rename.submit'),
    });
    if (name !== null && name.trim() !== camera.name)
      onChange({ kind: 'rename', cameraId: camera.id, name: name.trim() });
  };
  const remove = async () => {
    close();
    const sure = await confirmDialog({
      title: t('cameras.remove.title', { name: camera.name }),
      content: t('cameras.remove.content'),
      confirmLabel: t('cameras.remove.confirm'),
    });
    if (sure) onChange({ kind: 'remove', cameraId: camera.id });
  };

  return (
    <>
      <IconButton
        size="small"
        aria-label={t('cameras.actions.menu', { name: camera.name })}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem onClick={rename}>{t('cameras.actions.rename')}</MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onChange({ kind: 'recording', cameraId: camera.id, enabled: camera.recording !== true });
          }}
        >
          {camera.recording === true
            ? t('cameras.actions.stopRecording')
            : t('cameras.actions.startRecording')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            setProfileOpen(true);
          }}
        >
          {t('cameras.actions.profile')}
        </MenuItem>
        <MenuItem onClick={remove}>{t('cameras.actions.remove')}</MenuItem>
      </Menu>
      {profileOpen && (
        <ProfileDialog
          camera={camera}
          onClose={() => setProfileOpen(false)}
          onSave={(body) => {
            setProfileOpen(false);
            onChange({ kind: 'profile', cameraId: camera.id, body });
          }}
        />
      )}
    </>
  );
}
