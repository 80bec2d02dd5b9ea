// The rules of the access table (server/test/access-table.ts): who may call a route (docs/roles.md, docs/api.md#http-conventions, docs/decisions.md),
// and the answer each kind of caller gets by its rule.
import type { CloudAbility } from '../../core/policy.ts';
import { type Access, can } from '../../core/policy.ts';
import type { Actor, RoleCloud } from './role-cloud.ts';

export type Rule =
  | { kind: 'public'; status?: 404 }
  | { kind: 'signedIn'; status?: 404 | 409 }
  // status: what a member who may call it gets when the call is refused for another reason (the recorder
  // is offline, the object or signature named is not one).
  | { kind: 'member'; permission?: CloudAbility; status?: 403 | 404 | 409 }
  // A site, or a device on a site: a Site User sees only the assigned one.
  | { kind: 'device'; site: 'assigned' | 'other' }
  // An action on a site that needs a site permission no Guest and no Site User of the table has, and
  // perhaps a cloud ability too.
  | { kind: 'siteAction'; site: 'assigned' | 'other'; permission?: CloudAbility; status?: 409 }
  // A read of a site that needs view_config, which Guests hold and the table's Site User does not.
  | { kind: 'configRead'; site: 'assigned' | 'other' }
  // A read for the members who see every site (docs/linqpath.md#who-may-use-it): not a Site User.
  | { kind: 'allSites'; status?: 404 }
  | { kind: 'platformAdmin' }
  // Only the cloud's Owner; status is what the Owner gets when the call is refused for another reason.
  | { kind: 'owner'; status?: 409 }
  // Every member may leave the cloud but its only Owner (409).
  | { kind: 'leave' };

export type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (f: RoleCloud) => string;
  rule: Rule;
  body?: (f: RoleCloud) => object;
  headers?: (f: RoleCloud) => Record<string, string>;
  multipart?: true;
};

const ACCESS: Record<Actor, Access | null> = {
  owner: { roleId: 'ROLE_OWNER', permissions: 0 },
  admin: { roleId: 'ROLE_ADMIN', permissions: 0 },
  adminManageLicenses: { roleId: 'ROLE_ADMIN', permissions: 1 },
  adminManageSnvr: { roleId: 'ROLE_ADMIN', permissions: 2 },
  adminManageVpc: { roleId: 'ROLE_ADMIN', permissions: 4 },
  adminManageSites: { roleId: 'ROLE_ADMIN', permissions: 8 },
  guest: { roleId: 'ROLE_GUEST', permissions: 0 },
  siteUser: { roleId: 'ROLE_USER', permissions: 0 },
  outsider: null,
  platformAdmin: null,
};

export type Caller = Actor | 'anonymous' | 'withoutCsrf';
type Outcome = 'ok' | 401 | 403 | 404 | 409;

export function expected(caller: Caller, call: Call): Outcome {
  const stateChanging = call.method !== 'GET';
  if (caller === 'anonymous') {
    if (stateChanging) return 403;
    return call.rule.kind === 'public' ? (call.rule.status ?? 'ok') : 401;
  }
  if (caller === 'withoutCsrf') return stateChanging ? 403 : expected('owner', call);
  const access = ACCESS[caller];
  const { rule } = call;
  switch (rule.kind) {
    case 'public':
      return rule.status ?? 'ok';
    case 'signedIn':
      return rule.status ?? 'ok';
    case 'platformAdmin':
      return caller === 'platformAdmin' ? 'ok' : 403;
    case 'owner':
      if (!access) return 404;
      return access.roleId === 'ROLE_OWNER' ? (rule.status ?? 'ok') : 403;
    case 'leave':
      if (!access) return 404;
      return access.roleId === 'ROLE_OWNER' ? 409 : 'ok';
    case 'member':
      if (!access) return 404;
      return rule.permission && !can(access, rule.permission) ? 403 : (rule.status ?? 'ok');
    case 'device':
      if (!access) return 404;
      return access.roleId === 'ROLE_USER' && rule.site === 'other' ? 404 : 'ok';
    case 'siteAction':
      if (!access || (access.roleId === 'ROLE_USER' && rule.site === 'other')) return 404;
      if (rule.permission && !can(access, rule.permission)) return 403;
      return access.roleId === 'ROLE_OWNER' || access.roleId === 'ROLE_ADMIN' ? (rule.status ?? 'ok') : 403;
    case 'configRead':
      if (!access || (access.roleId === 'ROLE_USER' && rule.site === 'other')) return 404;
      return access.roleId === 'ROLE_USER' ? 403 : 'ok';
    case 'allSites':
      if (!access) return 404;
      return access.roleId === 'ROLE_USER' ? 403 : (rule.status ?? 'ok');
  }
}
