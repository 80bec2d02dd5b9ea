// Renames a device: its new name, checked as the server checks it (core/api/devices.ts RenameDeviceBody).
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_NAME_MAX_LENGTH } from '../../../../core/limits.ts';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';

interface RenameDialogProps {
  readonly name: string;
  readonly busy: boolean;
  readonly onCancel: () => void;
  readonly onSubmit: (name: string) => void;
}

export function RenameDialog({ name, busy, onCancel, onSubmit }: RenameDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(name);
  const [tried, setTried] = useState(false);
  const formId = useId();
  const error = value.trim() === '' ? t('deviceDashboard.rename.required') : null;
  return (
    <ModalShell
      open
      title={t('deviceDashboard.rename.title', { name })}
      onClose={onCancel}
      actions={
        <>
          <Button onClick={onCancel}>{t('platform.dialogs.cancel')}</Button>
          <Button
            type="submit"
            form={formId}
            variant="contained"
            disabled={busy || (tried && error !== null)}
          >
            {t('deviceDashboard.rename.submit')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (error === null) onSubmit(value.trim());
        }}
      >
        <TextField
          autoFocus
          required
          fullWidth
          margin="dense"
          label={t('deviceDashboard.rename.name')}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={tried && error !== null}
          helperText={tried ? error : null}
          slotProps={{ htmlInput: { maxLength: DEVICE_NAME_MAX_LENGTH } }}
        />
      </form>
    </ModalShell>
  );
}
