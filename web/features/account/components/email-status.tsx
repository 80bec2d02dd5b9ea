// Under the email of Your Profile: the address waiting for its mailed link, or a current address not yet
// verified with a way to verify it (docs/security.md "Email addresses").
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { MeUser } from '../../auth/index.ts';
import { accountFieldError } from '../account-errors.ts';
import { useEmailVerification } from '../api/email-verification.ts';

export function EmailStatus({ user }: { readonly user: MeUser }) {
  const { t } = useTranslation();
  const verify = useEmailVerification();
  const pending = user.pending_email;
  if (pending !== null) {
    const same = pending.toLowerCase() === user.email.toLowerCase();
    return (
      <Alert severity="info" role="status">
        {same
          ? t('account.profile.verifyPending', { email: pending })
          : t('account.profile.pendingEmail', { email: pending, current: user.email })}
      </Alert>
    );
  }
  if (user.email_verified) return null;
  const error = accountFieldError(verify.error, '/email', t);
  return (
    <Alert
      severity={error ? 'error' : 'warning'}
      action={
        <Button color="inherit" size="small" disabled={verify.isPending} onClick={() => verify.mutate()}>
          {t('account.profile.verify')}
        </Button>
      }
    >
      {error ?? t('account.profile.unverified')}
    </Alert>
  );
}
