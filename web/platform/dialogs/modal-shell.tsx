import CloseIcon from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import type { Breakpoint } from '@mui/material/styles';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_DEFAULT_MAX_WIDTH } from '../../../core/constants.ts';

export interface ModalShellProps {
  readonly open: boolean;
  readonly title: string;
  readonly children: ReactNode;
  readonly actions?: ReactNode;
  /** Called when the user closes a closable dialog (close button or Escape). */
  readonly onClose?: () => void;
  /** docs/constants.md: Escape is disabled and there is no close button when the dialog is not closable. */
  readonly closable?: boolean;
  readonly maxWidth?: Breakpoint;
  readonly onExited?: () => void;
}

/**
 * Every modal of the console (docs/constants.md): max width 'sm' unless told, never closed by a click on the
 * backdrop, and Escape does nothing when the dialog is not closable.
 */
export function ModalShell({
  open,
  title,
  children,
  actions,
  onClose,
  closable = true,
  maxWidth = MODAL_DEFAULT_MAX_WIDTH,
  onExited,
}: ModalShellProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const canClose = closable && onClose !== undefined;
  return (
    <Dialog
      open={open}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      onClose={(_event, reason) => {
        if (reason === 'backdropClick' || !canClose) return;
        onClose?.();
      }}
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id={titleId} sx={{ pr: canClose ? 6 : 3 }}>
        {title}
      </DialogTitle>
      {canClose && (
        <IconButton
          aria-label={t('platform.dialogs.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      )}
      <DialogContent>{children}</DialogContent>
      {actions && <DialogActions>{actions}</DialogActions>}
    </Dialog>
  );
}
