// What a member may do, as the invite and edit dialogs set it: role, permission bits and, for a Site
// User, their sites each with read-only or full permissions.
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { GRANTABLE_ROLES } from '../../../../core/api/users.ts';
import { SITE_PERMISSIONS } from '../../../../core/domain.ts';
import { grantableBits, grantableSitePermissions, grantRefusal } from '../../../../core/grants.ts';
import { type Access, GUEST_SITE_PERMISSIONS } from '../../../../core/policy.ts';
import { ROLE_LABEL_KEYS } from '../../../platform/list-page/role-labels.ts';
import { PermissionBitsField } from '../../../platform/permission-bits-field.tsx';
import { SiteSelect } from '../../sites/index.ts';

export type GrantableRole = (typeof GRANTABLE_ROLES)[number];
export type SiteAccess = 'read' | 'full' | 'custom';
export interface MemberGrant {
  readonly roleId: GrantableRole;
  readonly permissions: number;
  readonly sites: readonly { siteId: number; name: string; permissions: readonly string[] }[];
}

export const SITE_ACCESS_PERMISSIONS = { read: GUEST_SITE_PERMISSIONS, full: SITE_PERMISSIONS } as const;

export const siteAccessOf = (permissions: readonly string[]): SiteAccess => {
  const same = (list: readonly string[]) =>
    list.length === permissions.length && list.every((permission) => permissions.includes(permission));
  return same(SITE_ACCESS_PERMISSIONS.read) ? 'read' : same(SITE_ACCESS_PERMISSIONS.full) ? 'full' : 'custom';
};

/** The roles the granter may give (docs/security.md "Granting"): never one above their own. */
export const grantableRoles = (granter: Access): GrantableRole[] =>
  GRANTABLE_ROLES.filter((roleId) => grantRefusal(granter, { roleId, permissions: 0 }) === null);

/** Whether the granter holds every site permission on the site, so may give full access there. */
const mayGiveFullAccess = (granter: Access, siteId: number) => {
  const held = grantableSitePermissions(granter, siteId);
  return SITE_PERMISSIONS.every((permission) => held.has(permission));
};

/** The form offers only what the granter may give: the server refuses anything more with 403. */
export function MemberForm(props: {
  readonly cloudId: number;
  readonly granter: Access;
  readonly value: MemberGrant;
  readonly onChange: (value: MemberGrant) => void;
}) {
  const { t } = useTranslation();
  const { value, onChange, granter } = props;
  const heldBits = grantableBits(granter);
  const setSiteAccess = (siteId: number, access: 'read' | 'full') =>
    onChange({
      ...value,
      sites: value.sites.map((site) =>
        site.siteId === siteId ? { ...site, permissions: SITE_ACCESS_PERMISSIONS[access] } : site,
      ),
    });
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <TextField
        select
        label={t('users.form.role')}
        value={value.roleId}
        onChange={(event) => onChange({ ...value, roleId: event.target.value as GrantableRole })}
      >
        {grantableRoles(granter).map((role) => (
          <MenuItem key={role} value={role}>
            {t(ROLE_LABEL_KEYS[role])}
          </MenuItem>
        ))}
      </TextField>
      <PermissionBitsField
        legend={t('users.form.bits')}
        value={value.permissions}
        held={heldBits}
        onChange={(permissions) => onChange({ ...value, permissions })}
      />
      {value.roleId === 'ROLE_USER' && (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1 }}>
          <Typography component="legend" variant="subtitle2">
            {t('users.form.sites')}
          </Typography>
          {value.sites.length === 0 && (
            <Typography color="text.secondary">{t('users.form.noSites')}</Typography>
          )}
          {value.sites.map((site) => {
            const access = siteAccessOf(site.permissions);
            return (
              <Box key={site.siteId} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{site.name}</Typography>
                <TextField
                  select
                  size="small"
                  label={t('users.form.siteAccess', { site: site.name })}
                  value={access}
                  onChange={(event) => setSiteAccess(site.siteId, event.target.value as 'read' | 'full')}
                  sx={{ minWidth: 150 }}
                >
                  <MenuItem value="read">{t('users.access.read')}</MenuItem>
                  {mayGiveFullAccess(granter, site.siteId) && (
                    <MenuItem value="full">{t('users.access.full')}</MenuItem>
                  )}
                  {access === 'custom' && <MenuItem value="custom">{t('users.access.custom')}</MenuItem>}
                </TextField>
                <IconButton
                  aria-label={t('users.form.removeSite', { site: site.name })}
                  onClick={() =>
                    onChange({ ...value, sites: value.sites.filter((s) => s.siteId !== site.siteId) })
                  }
                >
                  <DeleteIcon />
                </IconButton>
              </Box>
            );
          })}
          <SiteSelect
            cloudId={props.cloudId}
            label={t('users.form.addSite')}
            value={null}
            onChange={(siteId, name) => {
              if (siteId === null || value.sites.some((site) => site.siteId === siteId)) return;
              onChange({
                ...value,
                sites: [
                  ...value.sites,
                  { siteId, name: name ?? '', permissions: SITE_ACCESS_PERMISSIONS.read },
                ],
              });
            }}
          />
        </Box>
      )}
    </Box>
  );
}
