// The access table's rows for a cloud's single sign-on settings (docs/single-sign-on.md#a-clouds-provider):
// owners and administrators only. The removal comes first, while none is set (404 to whoever may call it);
// the test reads no provider (an http:// issuer is refused before any request).
import type { CloudAbility } from '../../core/policy.ts';
import type { Call, Rule } from './access-rules.ts';
import type { RoleCloud } from './role-cloud.ts';

const url = (path: string) => (f: RoleCloud) => `/apiv2/cloud/${f.cloud.id}/single-sign-on${path}`;
const manageUsers = (status?: 404): Rule => ({
  kind: 'member',
  permission: 'manage_users' satisfies CloudAbility,
  ...(status ? { status } : {}),
});

// A cloud token sets and removes the provider as the member it stands for; the change log names the token.
export const SINGLE_SIGN_ON_CALLS: Call[] = [
  { method: 'DELETE', url: url(''), rule: manageUsers(404) },
  { method: 'GET', url: url(''), rule: manageUsers() },
  {
    method: 'PUT',
    url: url(''),
    rule: manageUsers(),
    body: () => ({
      issuer_url: 'https://sso.table.example',
      client_id: 'table',
      client_secret: 'table secret',
      domains: ['table.example'],
      role_id: 'ROLE_GUEST',
      permissions: 0,
      password_sign_in: true,
      enabled: false,
    }),
  },
  {
    method: 'POST',
    url: url('/test'),
    rule: manageUsers(),
    body: () => ({ issuer_url: 'http://127.0.0.1:9' }),
  },
];
