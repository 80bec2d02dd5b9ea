// docs/roles.md role names, shown by the user and cloud lists; any other role shows 'Unknown'.
import type { RoleId } from '../../../core/domain.ts';

export const ROLE_LABEL_KEYS = {
  ROLE_OWNER: 'platform.role.owner',
  ROLE_ADMIN: 'platform.role.administrator',
  ROLE_GUEST: 'platform.role.guest',
  ROLE_USER: 'platform.role.siteUser',
} as const satisfies Record<RoleId, string>;

export function roleLabelKey(roleId: string) {
  return Object.hasOwn(ROLE_LABEL_KEYS, roleId) ? ROLE_LABEL_KEYS[roleId as RoleId] : 'platform.role.unknown';
}
