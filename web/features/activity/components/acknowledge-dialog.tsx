// Acknowledging alerts: a comment for whoever reads the history later (who and when are kept with it).
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACKNOWLEDGE_COMMENT_MAX } from '../../../../core/api/activity.ts';

interface AcknowledgeDialogProps {
  readonly count: number;
  readonly busy: boolean;
  readonly onCancel: () => void;
  readonly onSubmit: (comment: string) => unknown;
}

export function AcknowledgeDialog({ count, busy, onCancel, onSubmit }: AcknowledgeDialogProps) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  return (
    <Dialog open onClose={onCancel} aria-labelledby="acknowledge-title">
      <DialogTitle id="acknowledge-title">{t('activity.alerts.acknowledgeTitle', { count })}</DialogTitle>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit(comment);
        }}
      >
        <DialogContent>
          <DialogContentText>{t('activity.alerts.acknowledgeText')}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            label={t('activity.alerts.comment')}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            slotProps={{ htmlInput: { maxLength: ACKNOWLEDGE_COMMENT_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{t('activity.dialog.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('activity.alerts.acknowledge', { count })}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
