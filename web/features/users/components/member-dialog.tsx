// Inviting someone, or changing what a member may do: the same form in a dialog.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Access } from '../../../../core/policy.ts';
import { fieldIssue } from '../../../platform/form-errors.ts';
import { MemberForm, type MemberGrant } from './member-form.tsx';

export function MemberDialog(props: {
  readonly cloudId: number;
  /** The caller's membership: the form offers only what it may give. */
  readonly granter: Access;
  readonly title: string;
  readonly submitLabel: string;
  /** Asks for the email to invite; an edit names its member in the title. */
  readonly askEmail: boolean;
  readonly initial: MemberGrant;
  readonly pending: boolean;
  readonly error: unknown;
  readonly onSubmit: (grant: MemberGrant, email: string) => void;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const [grant, setGrant] = useState(props.initial);
  const [email, setEmail] = useState('');
  const emailIssue = fieldIssue(props.error, '/email');
  const emailError =
    emailIssue?.errorCode === 'member'
      ? t('users.invite.alreadyMember')
      : emailIssue
        ? t('users.invite.badEmail')
        : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit(grant, email.trim());
  };
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="member-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="member-dialog-title">{props.title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {props.askEmail && (
            <TextField
              label={t('users.invite.email')}
              type="email"
              name="email"
              required
              autoFocus
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={emailError !== undefined}
              helperText={emailError}
            />
          )}
          <MemberForm cloudId={props.cloudId} granter={props.granter} value={grant} onChange={setGrant} />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('users.dialog.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={props.pending || (props.askEmail && email.trim() === '')}
          >
            {props.submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
