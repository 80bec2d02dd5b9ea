// Making a token: its name, read-only or read-write, when it expires; a cloud token also its role, bits and
// (Site User) sites, never more than the maker holds; a personal token the bits and clouds it keeps, and a
// platform administrator's the admin scope.
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  API_TOKEN_NAME_MAX_LENGTH,
  type CloudTokenBody,
  type PersonalTokenBody,
} from '../../../../core/api/api-tokens.ts';
import { GRANTABLE_ROLES } from '../../../../core/api/users.ts';
import { SITE_PERMISSIONS } from '../../../../core/domain.ts';
import { grantableBits, grantableSitePermissions, grantRefusal } from '../../../../core/grants.ts';
import { type Access, GUEST_SITE_PERMISSIONS } from '../../../../core/policy.ts';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';
import { fieldIssue } from '../../../platform/form-errors.ts';
import { ROLE_LABEL_KEYS } from '../../../platform/list-page/role-labels.ts';
import { PermissionBitsField } from '../../../platform/permission-bits-field.tsx';
import { SiteSelect } from '../../sites/index.ts';
import { limitsBody, limitsIncomplete, NO_LIMITS, PersonalLimitsFields } from './personal-limits-fields.tsx';

/** Expiries offered, in days; 0 never expires. */
const EXPIRY_DAYS = [0, 30, 90, 365] as const;
const EXPIRY_KEYS = {
  0: 'apiTokens.form.expiresNever',
  30: 'apiTokens.form.expires30',
  90: 'apiTokens.form.expires90',
  365: 'apiTokens.form.expires365',
} as const;
type Role = (typeof GRANTABLE_ROLES)[number];

export type CreateTokenProps = {
  readonly pending: boolean;
  readonly error: unknown;
  readonly onSubmit: (body: PersonalTokenBody | CloudTokenBody) => void;
  readonly onClose: () => void;
} & (
  | { readonly kind: 'personal'; readonly isAdministrator: boolean }
  | { readonly kind: 'cloud'; readonly cloudId: number; readonly granter: Access }
);

export function CreateTokenDialog(props: CreateTokenProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [readOnly, setReadOnly] = useState(false);
  const [days, setDays] = useState<(typeof EXPIRY_DAYS)[number]>(90);
  const [adminScope, setAdminScope] = useState(false);
  const [roleId, setRoleId] = useState<Role>('ROLE_GUEST');
  const [permissions, setPermissions] = useState(0);
  const [sites, setSites] = useState<{ siteId: number; name: string }[]>([]);
  const [fullAccess, setFullAccess] = useState(false);
  const [limits, setLimits] = useState(NO_LIMITS);
  const granter = props.kind === 'cloud' ? props.granter : null;
  const roles = granter
    ? GRANTABLE_ROLES.filter((role) => grantRefusal(granter, { roleId: role, permissions: 0 }) === null)
    : [];
  const heldBits = granter ? grantableBits(granter) : 0;
  const mayGiveFull =
    granter !== null &&
    sites.every((site) => {
      const held = grantableSitePermissions(granter, site.siteId);
      return SITE_PERMISSIONS.every((permission) => held.has(permission));
    });
  const nameError = fieldIssue(props.error, '/name') ? t('apiTokens.form.nameInvalid') : undefined;
  const sitesError = fieldIssue(props.error, '/site_ids') ? t('apiTokens.form.sitesInvalid') : undefined;
  const needsSite = props.kind === 'cloud' && roleId === 'ROLE_USER' && sites.length === 0;
  const needsCloud = props.kind === 'personal' && limitsIncomplete(limits);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const common = {
      name: name.trim(),
      read_only: readOnly,
      expires_at: days === 0 ? null : new Date(Date.now() + days * 86_400_000).toISOString(),
    };
    if (props.kind === 'personal') {
      props.onSubmit({ ...common, ...(adminScope ? { admin_scope: true } : {}), ...limitsBody(limits) });
      return;
    }
    const siteUser = roleId === 'ROLE_USER';
    props.onSubmit({
      ...common,
      role_id: roleId,
      permissions,
      ...(siteUser
        ? {
            site_ids: sites.map((site) => site.siteId),
            site_permissions: [...(fullAccess && mayGiveFull ? SITE_PERMISSIONS : GUEST_SITE_PERMISSIONS)],
          }
        : {}),
    });
  };

  return (
    <ModalShell
      open
      title={t(props.kind === 'personal' ? 'apiTokens.create.personalTitle' : 'apiTokens.create.cloudTitle')}
      onClose={props.onClose}
    >
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <TextField
          label={t('apiTokens.form.name')}
          required
          autoFocus
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={nameError !== undefined}
          helperText={nameError ?? t('apiTokens.form.nameHelp')}
          slotProps={{ htmlInput: { maxLength: API_TOKEN_NAME_MAX_LENGTH } }}
        />
        <TextField
          select
          label={t('apiTokens.form.access')}
          value={readOnly ? 'read' : 'write'}
          onChange={(event) => setReadOnly(event.target.value === 'read')}
        >
          <MenuItem value="write">{t('apiTokens.access.readWrite')}</MenuItem>
          <MenuItem value="read">{t('apiTokens.access.readOnly')}</MenuItem>
        </TextField>
        <TextField
          select
          label={t('apiTokens.form.expires')}
          value={days}
          onChange={(event) => setDays(Number(event.target.value) as (typeof EXPIRY_DAYS)[number])}
        >
          {EXPIRY_DAYS.map((value) => (
            <MenuItem key={value} value={value}>
              {t(EXPIRY_KEYS[value])}
            </MenuItem>
          ))}
        </TextField>
        {props.kind === 'personal' && (
          <PersonalLimitsFields value={limits} error={props.error} onChange={setLimits} />
        )}
        {props.kind === 'personal' && props.isAdministrator && (
          <FormControlLabel
            label={t('apiTokens.form.adminScope')}
            control={
              <Checkbox checked={adminScope} onChange={(event) => setAdminScope(event.target.checked)} />
            }
          />
        )}
        {props.kind === 'cloud' && (
          <>
            <TextField
              select
              label={t('apiTokens.form.role')}
              value={roleId}
              onChange={(event) => setRoleId(event.target.value as Role)}
            >
              {roles.map((role) => (
                <MenuItem key={role} value={role}>
                  {t(ROLE_LABEL_KEYS[role])}
                </MenuItem>
              ))}
            </TextField>
            <PermissionBitsField
              legend={t('apiTokens.form.bits')}
              value={permissions}
              held={heldBits}
              onChange={setPermissions}
            />
            {roleId === 'ROLE_USER' && (
              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1 }}>
                <Typography component="legend" variant="subtitle2">
                  {t('apiTokens.form.sites')}
                </Typography>
                {sites.map((site) => (
                  <Box key={site.siteId} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                    <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                      {site.name}
                    </Typography>
                    <IconButton
                      aria-label={t('apiTokens.form.removeSite', { site: site.name })}
                      onClick={() => setSites(sites.filter((s) => s.siteId !== site.siteId))}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </Box>
                ))}
                <SiteSelect
                  cloudId={props.cloudId}
                  label={t('apiTokens.form.addSite')}
                  value={null}
                  onChange={(siteId, siteName) => {
                    if (siteId === null || sites.some((site) => site.siteId === siteId)) return;
                    setSites([...sites, { siteId, name: siteName ?? String(siteId) }]);
                  }}
                />
                {sitesError && <Typography color="error">{sitesError}</Typography>}
                <TextField
                  select
                  label={t('apiTokens.form.siteAccess')}
                  value={fullAccess && mayGiveFull ? 'full' : 'read'}
                  onChange={(event) => setFullAccess(event.target.value === 'full')}
                >
                  <MenuItem value="read">{t('users.access.read')}</MenuItem>
                  {mayGiveFull && <MenuItem value="full">{t('users.access.full')}</MenuItem>}
                </TextField>
              </Box>
            )}
          </>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <Button onClick={props.onClose}>{t('apiTokens.dialog.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={props.pending || name.trim() === '' || needsSite || needsCloud}
          >
            {t('apiTokens.create.submit')}
          </Button>
        </Box>
      </Box>
    </ModalShell>
  );
}
