// /welcome/invitation?token=: an invitation link. A person without an account creates one here and
// lands in the cloud; someone with an account logs in and joins from the clouds list.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { InvitationLookup } from '../../../../core/api/users.ts';
import { routes } from '../../../../core/routes.ts';
import { NewPasswordField, usePasswordProblem } from '../../../platform/new-password-field.tsx';
import { meQueryOptions } from '../api/get-me.ts';
import { useAcceptInvitation, useInvitationLookup } from '../api/invitation-link.ts';
import { AuthCard } from '../components/auth-card.tsx';

export function InvitationPage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token') ?? '';
  const lookup = useInvitationLookup(token);
  return (
    <AuthCard>
      <Typography variant="h2" sx={{ textAlign: 'center' }}>
        {t('routes.title.invitation')}
      </Typography>
      {lookup.data ? (
        lookup.data.account_exists ? (
          <>
            <Typography>
              {t('auth.invitation.hasAccount', { cloud: lookup.data.cloud_name, email: lookup.data.email })}
            </Typography>
            <Button component={RouterLink} to={routes.login.href()} variant="contained">
              {t('auth.login.submit')}
            </Button>
          </>
        ) : (
          <NewAccountForm token={token} invitation={lookup.data} />
        )
      ) : lookup.isPending && token !== '' ? (
        <Box sx={{ display: 'grid', placeItems: 'center' }}>
          <CircularProgress aria-label={t('platform.listPage.loading')} />
        </Box>
      ) : (
        <Alert severity="warning">{t('auth.invitation.gone')}</Alert>
      )}
    </AuthCard>
  );
}

function NewAccountForm({
  token,
  invitation,
}: {
  readonly token: string;
  readonly invitation: InvitationLookup;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accept = useAcceptInvitation();
  const [form, setForm] = useState({ firstname: '', lastname: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const problem = usePasswordProblem(form.password, {
    email: invitation.email,
    names: [form.firstname, form.lastname],
  });
  const passwordError = submitted || form.password !== '' ? problem : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problem || form.firstname.trim() === '') return;
    accept.mutate(
      { token, ...form },
      {
        onSuccess: async () => {
          const me = await queryClient.fetchQuery(meQueryOptions());
          navigate(
            me.default_cloud_id === null
              ? routes.noCloud.href()
              : routes.cloudDashboard.href({ cloudId: me.default_cloud_id }),
            { replace: true },
          );
        },
      },
    );
  };
  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      aria-label={t('auth.invitation.formLabel')}
      sx={{ display: 'grid', gap: 2 }}
    >
      <Typography>
        {invitation.invited_by
          ? t('auth.invitation.invitedBy', { person: invitation.invited_by, cloud: invitation.cloud_name })
          : t('auth.invitation.invited', { cloud: invitation.cloud_name })}
      </Typography>
      <TextField
        label={t('auth.login.email')}
        value={invitation.email}
        slotProps={{ htmlInput: { readOnly: true } }}
      />
      <TextField
        label={t('account.profile.firstname')}
        name="firstname"
        autoComplete="given-name"
        required
        value={form.firstname}
        onChange={(event) => setForm({ ...form, firstname: event.target.value })}
        error={submitted && form.firstname.trim() === ''}
      />
      <TextField
        label={t('account.profile.lastname')}
        name="lastname"
        autoComplete="family-name"
        value={form.lastname}
        onChange={(event) => setForm({ ...form, lastname: event.target.value })}
      />
      <NewPasswordField
        label={t('auth.login.password')}
        name="password"
        value={form.password}
        onChange={(password) => setForm({ ...form, password })}
        error={passwordError}
      />
      {accept.isError && <Alert severity="error">{t('auth.invitation.failed')}</Alert>}
      <Button type="submit" variant="contained" size="large" disabled={accept.isPending}>
        {t('auth.invitation.submit')}
      </Button>
      <Link component={RouterLink} to={routes.login.href()} sx={{ justifySelf: 'center' }}>
        {t('auth.invitation.haveAccount')}
      </Link>
    </Box>
  );
}
