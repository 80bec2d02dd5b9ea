// When the recorder records a camera and how many days it keeps the footage (docs/cameras.md#changes).
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CameraItem, CameraProfileBody } from '../../../../core/api/cameras.ts';
import { RECORDING_PROFILES, RETENTION_DAYS_MAX } from '../../../../core/fleet/protocol.ts';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';
import { PROFILE_KEYS } from './camera-values.ts';

interface ProfileDialogProps {
  readonly camera: CameraItem;
  readonly onClose: () => void;
  readonly onSave: (body: CameraProfileBody) => void;
}

export function ProfileDialog({ camera, onClose, onSave }: ProfileDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [profile, setProfile] = useState(camera.recording_profile ?? 'continuous');
  const [days, setDays] = useState(String(camera.retention_days ?? 30));
  const [attempted, setAttempted] = useState(false);
  const parsed = Number(days);
  const valid = /^\d+$/.test(days.trim()) && parsed >= 1 && parsed <= RETENTION_DAYS_MAX;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (valid) onSave({ profile, retention_days: parsed });
  };
  return (
    <ModalShell
      open
      title={t('cameras.profileDialog.title', { name: camera.name })}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('platform.dialogs.cancel')}</Button>
          <Button type="submit" form={formId} variant="contained" disabled={attempted && !valid}>
            {t('cameras.profileDialog.save')}
          </Button>
        </>
      }
    >
      <Stack component="form" id={formId} noValidate onSubmit={submit} spacing={2} sx={{ pt: 1 }}>
        <TextField
          select
          label={t('cameras.profileDialog.profile')}
          value={profile}
          onChange={(event) => setProfile(event.target.value as typeof profile)}
        >
          {RECORDING_PROFILES.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {t(PROFILE_KEYS[choice])}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('cameras.profileDialog.retention')}
          value={days}
          onChange={(event) => setDays(event.target.value)}
          inputMode="numeric"
          error={attempted && !valid}
          helperText={t('cameras.profileDialog.retentionHint', { max: RETENTION_DAYS_MAX })}
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
        />
      </Stack>
    </ModalShell>
  );
}
