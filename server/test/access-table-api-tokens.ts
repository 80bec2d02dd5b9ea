// The access table's rows for API tokens (docs/api-tokens.md): each person's own personal tokens, and a
// cloud's tokens for those who hold manage_users. No caller of the table holds the token the id names, so
// rotating or revoking it answers 404 to whoever may call the route.
import type { Call, Rule } from './access-rules.ts';

const NO_TOKEN = 2_000_000;
const manageUsers = (status?: 404): Rule => ({ kind: 'member', permission: 'manage_users', status });
const cloudTokens =
  (path = '') =>
  (f: { cloud: { id: number } }) =>
    `/apiv2/cloud/${f.cloud.id}/api-tokens${path}`;
const body = { name: 'Access table token', read_only: true, expires_at: null };

export const API_TOKEN_CALLS: Call[] = [
  { method: 'GET', url: () => '/apiv2/user/api-tokens', rule: { kind: 'signedIn' } },
  { method: 'POST', url: () => '/apiv2/user/api-tokens', rule: { kind: 'signedIn' }, body: () => body },
  {
    method: 'POST',
    url: () => `/apiv2/user/api-tokens/${NO_TOKEN}/rotate`,
    rule: { kind: 'signedIn', status: 404 },
    body: () => ({ grace_hours: 1 }),
  },
  {
    method: 'DELETE',
    url: () => `/apiv2/user/api-tokens/${NO_TOKEN}`,
    rule: { kind: 'signedIn', status: 404 },
  },
  { method: 'GET', url: cloudTokens(), rule: manageUsers() },
  {
    method: 'POST',
    url: cloudTokens(),
    rule: manageUsers(),
    body: () => ({ ...body, role_id: 'ROLE_GUEST', permissions: 0 }),
  },
  {
    method: 'POST',
    url: cloudTokens(`/${NO_TOKEN}/rotate`),
    rule: manageUsers(404),
    body: () => ({ grace_hours: 1 }),
  },
  { method: 'DELETE', url: cloudTokens(`/${NO_TOKEN}`), rule: manageUsers(404) },
];
