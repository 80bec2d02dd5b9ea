// Changing a person's email from the Admin Panel, for a console without a mail server (or a person who
// lost their mailbox): the address counts as verified on the administrator's word, as the dialog says.
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../../../core/api/admin.ts';
import { fieldIssue } from '../../../platform/form-errors.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { usePersonEmail } from '../api/person-email.ts';
import { FormDialog } from './section-parts.tsx';

export function PersonEmailDialog({
  user,
  person,
  onClose,
}: {
  readonly user: AdminUser;
  /** The person's name as the list shows it. */
  readonly person: string;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(user.email);
  const change = usePersonEmail();
  const issue = fieldIssue(change.error, '/email');
  const error = issue
    ? issue.errorCode === 'duplicate'
      ? t('admin.users.emailTaken')
      : t('users.invite.badEmail')
    : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = email.trim();
    change.mutate(
      { userId: user.id, body: { email: next } },
      {
        onSuccess: () => {
          showMessage({ content: t('admin.users.emailChanged', { person: person, email: next }) });
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      title={t('admin.users.emailTitle', { person: person })}
      maxWidth="sm"
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('admin.users.emailSave')}
      submitDisabled={
        change.isPending || email.trim() === '' || email.trim().toLowerCase() === user.email.toLowerCase()
      }
    >
      <Alert severity="info">{t('admin.users.emailNotice')}</Alert>
      <TextField
        label={t('admin.users.emailField')}
        name="email"
        type="email"
        required
        autoFocus
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error !== undefined}
        helperText={error}
      />
    </FormDialog>
  );
}
