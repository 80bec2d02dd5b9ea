// What a token may reach, as its list shows it: read-only or read-write; a personal token's admin scope,
// the bits it keeps and its clouds (docs/api-tokens.md#limits); a cloud token's role and (Site User) sites.
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { ApiTokenItem } from '../../../../core/api/api-tokens.ts';
import { roleLabelKey } from '../../../platform/list-page/role-labels.ts';
import { permissionBitKeys } from '../../../platform/permission-bits-field.tsx';
import { useCachedMe } from '../../auth/index.ts';

/** The lines that tell what a token may reach: its access first, then a personal token's limits. */
export function useTokenAccess(): (token: ApiTokenItem) => string[] {
  const { t } = useTranslation();
  const memberships = useCachedMe()?.memberships ?? [];
  const cloudName = (id: number) =>
    memberships.find((membership) => membership.cloud_id === id)?.cloud_name ??
    t('apiTokens.list.cloudLeft', { id });
  return (token) => {
    const mode = t(token.read_only ? 'apiTokens.access.readOnly' : 'apiTokens.access.readWrite');
    if (token.kind === 'cloud') {
      const role = t(roleLabelKey(token.role_id ?? ''));
      const sites =
        token.role_id === 'ROLE_USER' ? `: ${token.sites.map((site) => site.name).join(', ')}` : '';
      return [`${mode}, ${role}${sites}`];
    }
    const bitNames = permissionBitKeys(token.permissions ?? 0).map((key) => t(key));
    return [
      token.admin_scope ? `${mode}, ${t('apiTokens.access.adminScope')}` : mode,
      token.permissions === null
        ? t('apiTokens.list.allBits')
        : bitNames.length === 0
          ? t('apiTokens.list.noBits')
          : t('apiTokens.list.bits', { bits: bitNames.join(', ') }),
      token.cloud_ids === null
        ? t('apiTokens.list.allClouds')
        : t('apiTokens.list.clouds', { clouds: token.cloud_ids.map(cloudName).join(', ') }),
    ];
  };
}

/** The lines in a list cell: the access, and under it (in grey) the limits; each cut short when long. */
export function TokenAccess(props: { readonly lines: readonly string[] }) {
  const [first, ...rest] = props.lines;
  return (
    <Box>
      {first}
      {rest.map((line) => (
        <Box
          key={line}
          component="span"
          sx={{ display: 'block', color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {line}
        </Box>
      ))}
    </Box>
  );
}
