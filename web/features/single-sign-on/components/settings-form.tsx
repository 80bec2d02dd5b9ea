// The single sign-on settings form (docs/single-sign-on.md#a-clouds-provider): the provider, the domains it
// signs in, what a first sign-in gives (never more than the saver holds), the password rule, signing out at
// the provider too (docs/single-sign-on.md#signing-out), and the redirect URI to register at the provider.
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SSO_ROLES, type SsoSettings, type SsoTestFailure } from '../../../../core/api/single-sign-on.ts';
import { grantableBits, grantRefusal } from '../../../../core/grants.ts';
import type { Access } from '../../../../core/policy.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { ROLE_LABEL_KEYS } from '../../../platform/list-page/role-labels.ts';
import { PermissionBitsField } from '../../../platform/permission-bits-field.tsx';
import { useDeleteSsoSettings, useSaveSsoSettings, useTestSsoIssuer } from '../api/single-sign-on.ts';

type Role = (typeof SSO_ROLES)[number];

const FAILURE_KEYS = {
  not_https: 'sso.test.notHttps',
  unreachable: 'sso.test.unreachable',
  timeout: 'sso.test.timeout',
  issuer_mismatch: 'sso.test.issuerMismatch',
  invalid: 'sso.test.invalid',
} as const satisfies Record<SsoTestFailure, string>;

const errorText = (error: unknown, fallback: string) =>
  isApiError(error) && error.serverMessage ? error.serverMessage : fallback;

export function SettingsForm(props: {
  readonly cloudId: number;
  readonly granter: Access;
  readonly settings: SsoSettings;
}) {
  const { t } = useTranslation();
  const { settings, granter } = props;
  const [issuerUrl, setIssuerUrl] = useState(settings.issuer_url);
  const [clientId, setClientId] = useState(settings.client_id);
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState(settings.domains.join(', '));
  const [roleId, setRoleId] = useState<Role>(settings.role_id);
  const [permissions, setPermissions] = useState(settings.permissions);
  const [passwordSignIn, setPasswordSignIn] = useState(settings.password_sign_in);
  const [enabled, setEnabled] = useState(settings.enabled);
  const [signOutAtProvider, setSignOutAtProvider] = useState(settings.sign_out_at_provider);
  const [copied, setCopied] = useState(false);
  const save = useSaveSsoSettings(props.cloudId);
  const remove = useDeleteSsoSettings(props.cloudId);
  const test = useTestSsoIssuer(props.cloudId);
  const roles = SSO_ROLES.filter((role) => grantRefusal(granter, { roleId: role, permissions: 0 }) === null);
  const heldBits = grantableBits(granter);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate(
      {
        issuer_url: issuerUrl.trim(),
        client_id: clientId.trim(),
        ...(clientSecret ? { client_secret: clientSecret } : {}),
        domains: domains
          .split(/[\s,]+/)
          .map((domain) => domain.trim())
          .filter(Boolean),
        role_id: roleId,
        permissions,
        password_sign_in: passwordSignIn,
        enabled,
        sign_out_at_provider: signOutAtProvider,
      },
      { onSuccess: () => setClientSecret('') },
    );
  };
  const copy = async () => {
    await navigator.clipboard?.writeText(settings.redirect_uri);
    setCopied(true);
  };

  return (
    <Box
      component="form"
      onSubmit={submit}
      sx={{ display: 'grid', gap: 2 }}
      aria-label={t('sso.settings.formLabel')}
    >
      {save.isSuccess && (
        <Alert severity="success" role="status">
          {t('sso.settings.saved')}
        </Alert>
      )}
      {save.isError && <Alert severity="error">{errorText(save.error, t('platform.errors.server'))}</Alert>}
      <TextField
        label={t('sso.settings.redirectUri')}
        value={settings.redirect_uri}
        helperText={copied ? t('sso.settings.copied') : t('sso.settings.redirectUriHelp')}
        slotProps={{
          input: {
            readOnly: true,
            endAdornment: (
              <InputAdornment position="end">
                <IconButton aria-label={t('sso.settings.copy')} onClick={copy} edge="end">
                  <ContentCopyIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          label={t('sso.settings.issuerUrl')}
          value={issuerUrl}
          required
          type="url"
          placeholder="https://login.example.com"
          onChange={(event) => setIssuerUrl(event.target.value)}
          sx={{ flex: '1 1 260px' }}
        />
        <Button
          variant="outlined"
          disabled={test.isPending || issuerUrl.trim() === ''}
          onClick={() => test.mutate(issuerUrl.trim())}
          sx={{ mt: 1 }}
        >
          {t('sso.settings.test')}
        </Button>
      </Box>
      {test.isSuccess && (
        <Alert severity={test.data.ok ? 'success' : 'error'} role="status">
          {test.data.ok
            ? t('sso.settings.testOk')
            : t('sso.settings.testFailed', { reason: t(FAILURE_KEYS[test.data.failure ?? 'invalid']) })}
        </Alert>
      )}
      {test.isError && <Alert severity="error">{errorText(test.error, t('platform.errors.server'))}</Alert>}
      <TextField
        label={t('sso.settings.clientId')}
        value={clientId}
        required
        onChange={(event) => setClientId(event.target.value)}
      />
      <TextField
        label={t('sso.settings.clientSecret')}
        type="password"
        autoComplete="new-password"
        value={clientSecret}
        required={!settings.client_secret_set}
        helperText={settings.client_secret_set ? t('sso.settings.secretSet') : undefined}
        onChange={(event) => setClientSecret(event.target.value)}
      />
      <TextField
        label={t('sso.settings.domains')}
        value={domains}
        required
        helperText={t('sso.settings.domainsHelp')}
        onChange={(event) => setDomains(event.target.value)}
      />
      <TextField
        select
        label={t('sso.settings.role')}
        value={roleId}
        helperText={t('sso.settings.roleHelp')}
        onChange={(event) => setRoleId(event.target.value as Role)}
      >
        {roles.map((role) => (
          <MenuItem key={role} value={role}>
            {t(ROLE_LABEL_KEYS[role])}
          </MenuItem>
        ))}
      </TextField>
      <PermissionBitsField
        legend={t('users.form.bits')}
        value={permissions}
        held={heldBits}
        onChange={setPermissions}
      />
      <FormControlLabel
        control={
          <Switch checked={passwordSignIn} onChange={(event) => setPasswordSignIn(event.target.checked)} />
        }
        label={t('sso.settings.passwordSignIn')}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1.5 }}>
        {t('sso.settings.passwordSignInHelp')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={signOutAtProvider}
            onChange={(event) => setSignOutAtProvider(event.target.checked)}
          />
        }
        label={t('sso.settings.signOutAtProvider')}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1.5, overflowWrap: 'anywhere' }}>
        {t('sso.settings.signOutAtProviderHelp', { uri: settings.post_logout_redirect_uri })}
      </Typography>
      <FormControlLabel
        control={<Switch checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />}
        label={t('sso.settings.enabled')}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('sso.settings.save')}
        </Button>
        {settings.configured && (
          <Button color="error" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {t('sso.settings.remove')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
