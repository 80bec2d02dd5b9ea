// A link for the person to pass on themselves (an invitation, a password reset), with a copy button.
import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export function LinkDialog(props: {
  readonly title: string;
  /** What the link is for, and why it is shown rather than mailed. */
  readonly notice: string;
  readonly severity?: AlertColor;
  readonly label: string;
  readonly link: string;
  /** The copy button's text when what is shown is not a link (a token's secret). */
  readonly copyLabel?: string;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Alert severity={props.severity ?? 'info'}>{props.notice}</Alert>
        <TextField
          label={props.label}
          value={props.link}
          slotProps={{ htmlInput: { readOnly: true } }}
          onFocus={(event) => event.target.select()}
          multiline
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => navigator.clipboard?.writeText(props.link)}>
          {props.copyLabel ?? t('platform.linkDialog.copy')}
        </Button>
        <Button variant="contained" onClick={props.onClose}>
          {t('platform.linkDialog.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
