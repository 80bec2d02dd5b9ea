// A top bar panel (docs/navigation.md#top-bar-panels): a dialog anchored below its button, with a heading, optional actions and a
// scrolling body. Closing it (Escape, a click outside, the close button) calls onClose once.
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

/** What the top bar hands every panel: where it opens (null while closed) and how it asks to close. */
export interface PanelPlacement {
  /** The panel's element id, which its button names in aria-controls. */
  readonly id: string;
  readonly anchorEl: HTMLElement | null;
  readonly onClose: () => void;
}

interface TopBarPanelProps extends PanelPlacement {
  readonly title: string;
  /** Controls beside the heading (mark all read, a toggle...). */
  readonly actions?: ReactNode;
  /** Content fixed below the heading, above the scrolling body (tabs, a search field...). */
  readonly header?: ReactNode;
  readonly children: ReactNode;
}

export function TopBarPanel({ id, anchorEl, onClose, title, actions, header, children }: TopBarPanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Popover
      open={anchorEl !== null}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      marginThreshold={8}
      slotProps={{
        paper: {
          id,
          role: 'dialog',
          'aria-labelledby': headingId,
          sx: {
            width: { xs: 'calc(100vw - 16px)', sm: 420 },
            maxHeight: 'min(640px, calc(100vh - 72px))',
            display: 'flex',
            flexDirection: 'column',
          },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 2, pr: 1, py: 1 }}>
        <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
        <IconButton size="small" aria-label={t('platform.dialogs.close')} onClick={onClose}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      {header}
      <Box sx={{ overflowY: 'auto', flexGrow: 1, borderTop: 1, borderColor: 'divider' }}>{children}</Box>
    </Popover>
  );
}
