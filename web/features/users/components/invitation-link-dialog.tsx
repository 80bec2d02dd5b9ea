// After inviting without a mail server (or when the mail failed): the link for the inviter to pass on.
import { useTranslation } from 'react-i18next';
import type { InvitationSent } from '../../../../core/api/users.ts';
import { LinkDialog } from '../../../platform/link-dialog.tsx';

export function InvitationLinkDialog({
  sent,
  onClose,
}: {
  readonly sent: InvitationSent;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const failed = sent.mail === 'failed';
  return (
    <LinkDialog
      title={t('users.link.title')}
      notice={t(failed ? 'users.link.mailFailed' : 'users.link.noMail', { email: sent.invitation.email })}
      severity={failed ? 'warning' : 'info'}
      label={t('users.link.label')}
      link={sent.link ?? ''}
      onClose={onClose}
    />
  );
}
