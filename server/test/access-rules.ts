// The rules of the access table (server/test/access-table.ts): who may call a route (docs/roles.md, docs/api.md#http-conventions, docs/decisions.md),
// and the answer each kind of caller gets by its rule: each member and other person with a session, and each
// kind of API token (docs/api-tokens.md), whose answer follows from the same rule.
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
  /**
   * The call acts for a person (docs/api-tokens.md#cloud-tokens): their marks, groupings, tunnels, views,
   * uploads. A cloud token, which acts for no one, is refused it (before the call's other checks) wherever
   * its role and bits would let it through.
   */
  person?: true;
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

export type Caller = Actor | 'anonymous' | 'withoutCsrf' | TokenKind;
type Outcome = 'ok' | 401 | 403 | 404 | 409;
/** What a caller gets: the outcome, and for a token's refusal the message docs/api-tokens.md quotes. */
export type Answer = { outcome: Outcome; message?: string };

/** What a caller gets for a call: a token by expectedOfToken, any other caller by expected. */
export function answerOf(caller: Caller, call: Call): Answer {
  return isToken(caller) ? expectedOfToken(caller, call) : { outcome: expected(caller, call) };
}

export const isToken = (caller: Caller): caller is TokenKind => caller in TOKENS;

export function expected(caller: Exclude<Caller, TokenKind>, call: Call): Outcome {
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

/**
 * The API tokens the table tries on every row (docs/api-tokens.md), each by what it is and the caller of the
 * table it stands for: a personal token stands for its owner; a cloud token for a member holding its role
 * and bits (the Administrator with no bit), or, on a cloud not its own, for someone outside the cloud.
 */
export const TOKENS = {
  ownerToken: { kind: 'personal', as: 'owner', readOnly: false, adminScope: false },
  ownerReadOnlyToken: { kind: 'personal', as: 'owner', readOnly: true, adminScope: false },
  adminCloudToken: { kind: 'cloud', as: 'admin', readOnly: false, adminScope: false },
  // An Administrator's token with every bit, of the outsider's own cloud.
  otherCloudToken: { kind: 'cloud', as: 'outsider', readOnly: false, adminScope: false },
  platformAdminToken: { kind: 'personal', as: 'platformAdmin', readOnly: false, adminScope: true },
  platformAdminUnscopedToken: { kind: 'personal', as: 'platformAdmin', readOnly: false, adminScope: false },
} as const satisfies Record<string, TokenSpec>;
export type TokenSpec = {
  kind: 'personal' | 'cloud';
  as: Actor;
  readOnly: boolean;
  /** A platform administrator's personal token that reaches the Admin Panel. */
  adminScope: boolean;
};
export type TokenKind = keyof typeof TOKENS;
export const TOKEN_KINDS = Object.keys(TOKENS) as TokenKind[];

/** The refusals docs/api-tokens.md quotes. */
export const TOKEN_REFUSAL = {
  sessionOnly: 'This call needs a signed-in session: an API token cannot make it.',
  person: 'This call acts for a person: a cloud API token cannot make it. Use a personal token.',
  readOnly: 'This API token is read-only.',
  noAdminScope: 'This API token has no admin scope: the Admin Panel’s calls refuse it.',
};

/**
 * The calls only a signed-in session makes (docs/api-tokens.md#what-a-token-reaches): signing in and out
 * (/apiv2/auth/..., but who one is), the profile, password, two-step verification, recovery codes,
 * sessions, email verification, and every API token call.
 */
const SESSION_ONLY_CALLS = [
  /^\/apiv2\/auth\/(?!me$)/,
  /^\/apiv2\/user\/(profile|password|two-factor|recovery-codes|sessions|email-verification)(\/|$)/,
  /^\/apiv2\/(user|cloud\/[^/]+)\/api-tokens(\/|$)/,
];

/**
 * What a bearer request with a token of `kind` gets, from the row's rule (docs/api-tokens.md), in the order
 * the console checks:
 * 1. a session-only call: 403, whatever the token;
 * 2. a cloud token outside its cloud's calls (/apiv2/cloud/...), on anything not public: 403, as it acts
 *    for no person;
 * 3. a read-only token on anything but GET: 403, before anything is read or changed;
 * 4. the Admin Panel's calls (the platformAdmin rule): 403 to any token without the admin scope;
 * 5. otherwise what the caller it stands for gets by the rule; and a cloud token is refused a call that
 *    acts for a person (Call.person) where its role and bits let it through.
 */
export function expectedOfToken(kind: TokenKind, call: Call): Answer {
  const token: TokenSpec = TOKENS[kind];
  const path = call.url(ROUTE_PLACEHOLDERS).split('?')[0] ?? '';
  const refused = (message: string): Answer => ({ outcome: 403, message });
  if (SESSION_ONLY_CALLS.some((pattern) => pattern.test(path))) return refused(TOKEN_REFUSAL.sessionOnly);
  const ofACloud = path.startsWith('/apiv2/cloud/');
  if (token.kind === 'cloud' && !ofACloud && call.rule.kind !== 'public')
    return refused(TOKEN_REFUSAL.person);
  if (token.readOnly && call.method !== 'GET') return refused(TOKEN_REFUSAL.readOnly);
  if (call.rule.kind === 'platformAdmin' && !token.adminScope) return refused(TOKEN_REFUSAL.noAdminScope);
  const outcome = expected(token.as, call);
  if (token.kind === 'cloud' && call.person && expected(token.as, withoutStatus(call)) === 'ok') {
    return refused(TOKEN_REFUSAL.person);
  }
  return { outcome };
}

/** The call as if nothing but who calls could refuse it (no offline recorder, no made-up object). */
const withoutStatus = (call: Call): Call => ({ ...call, rule: { ...call.rule, status: undefined } as Rule });

/** Route patterns for the test names and the token rules: each id a placeholder. */
export const ROUTE_PLACEHOLDERS = {
  cloud: { id: ':cloudId' },
  devices: { assignedDevice: { id: ':id' }, otherDevice: { id: ':id' } },
  sites: { assigned: { id: ':id' }, other: { id: ':id' } },
  recorder: { id: ':id' },
  configRevisions: { assigned: ':revisionId', other: ':revisionId' },
  deviceConfigRevisions: { assigned: ':revisionId', other: ':revisionId' },
} as unknown as RoleCloud;
