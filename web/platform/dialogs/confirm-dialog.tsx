import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import { useTranslation } from 'react-i18next';
import type { ConfirmOptions } from './dialog-store.ts';
import { ModalShell } from './modal-shell.tsx';

export function ConfirmDialog({
  options,
  onDone,
}: {
  readonly options: ConfirmOptions;
  readonly onDone: (confirmed: boolean) => void;
}) {
  const { t } = useTranslation();
  const cancelLabel = options.cancelLabel === undefined ? t('platform.dialogs.cancel') : options.cancelLabel;
  const closable = (options.closable ?? true) && cancelLabel !== null;
  return (
    <ModalShell
      open
      title={options.title}
      closable={closable}
      onClose={() => onDone(false)}
      actions={
        <>
          {cancelLabel !== null && <Button onClick={() => onDone(false)}>{cancelLabel}</Button>}
          <Button variant="contained" onClick={() => onDone(true)} autoFocus>
            {options.confirmLabel ?? t('platform.dialogs.ok')}
          </Button>
        </>
      }
    >
      <DialogContentText>{options.content}</DialogContentText>
    </ModalShell>
  );
}
