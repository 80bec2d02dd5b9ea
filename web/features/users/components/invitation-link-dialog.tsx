// After inviting without a mail server (or when the mail failed): the link for the inviter to pass on.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { InvitationSent } from '../../../../core/api/users.ts';

export function InvitationLinkDialog({
  sent,
  onClose,
}: {
  readonly sent: InvitationSent;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const link = sent.link ?? '';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="invitation-link-title">
      <DialogTitle id="invitation-link-title">{t('users.link.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Alert severity={sent.mail === 'failed' ? 'warning' : 'info'}>
          {sent.mail === 'failed'
            ? t('users.link.mailFailed', { email: sent.invitation.email })
            : t('users.link.noMail', { email: sent.invitation.email })}
        </Alert>
        <TextField
          label={t('users.link.label')}
          value={link}
          slotProps={{ htmlInput: { readOnly: true } }}
          onFocus={(event) => event.target.select()}
          multiline
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => navigator.clipboard?.writeText(link)}>{t('users.link.copy')}</Button>
        <Button variant="contained" onClick={onClose}>
          {t('users.link.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
