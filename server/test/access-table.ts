// The access table of server/access.test.ts: every route and method with the rule that says who may call
// it (SPEC §6, DESIGN §4-5), and the answer each kind of caller gets by that rule.
import type { CloudAbility } from '../../core/policy.ts';
import { type Access, can } from '../../core/policy.ts';
import { TEST_PASSWORD } from './factories.ts';
import type { Actor, RoleCloud } from './role-cloud.ts';

// Ids of the wireless clients beforeAll creates; the placeholder names the route in the test titles.
export const clientIds: Record<'assigned' | 'other', number | string> = {
  assigned: ':clientId',
  other: ':clientId',
};

export type Rule =
  | { kind: 'public' }
  | { kind: 'signedIn'; status?: 404 | 409 }
  | { kind: 'member'; permission?: CloudAbility }
  // A site, or a device on a site: a Site User sees only the assigned one.
  | { kind: 'device'; site: 'assigned' | 'other' }
  // An action on a site that needs a site permission no Guest and no Site User of the table has.
  | { kind: 'siteAction'; site: 'assigned' | 'other' }
  | { kind: 'platformAdmin' };

export type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (f: RoleCloud) => string;
  rule: Rule;
  body?: (f: RoleCloud) => object;
  headers?: (f: RoleCloud) => Record<string, string>;
  multipart?: true;
};

let unique = 0;
const cloudUrl = (path: string) => (f: RoleCloud) => `/apiv2/cloud/${f.cloud.id}${path}`;
const member = (permission?: CloudAbility): Rule => ({ kind: 'member', permission });
const signedIn: Rule = { kind: 'signedIn' };

export const CALLS: Call[] = [
  { method: 'GET', url: cloudUrl(''), rule: member() },
  { method: 'POST', url: cloudUrl(''), rule: member(), body: () => ({ user: { push_alerts: true } }) },
  { method: 'GET', url: cloudUrl('/license-status'), rule: member() },
  { method: 'GET', url: cloudUrl('/addons/advertisement'), rule: member() },
  { method: 'GET', url: cloudUrl('/recent-alerts'), rule: member() },
  { method: 'GET', url: cloudUrl('/dashboard'), rule: member() },
  {
    method: 'GET',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/devices/${f.devices.assignedDevice.id}`,
    rule: { kind: 'device', site: 'assigned' },
  },
  {
    method: 'GET',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/devices/${f.devices.otherDevice.id}`,
    rule: { kind: 'device', site: 'other' },
  },
  { method: 'GET', url: (f) => `/apiv2/cloud/${f.cloud.id}/smartnvrs/${f.recorder.id}`, rule: member() },
  {
    method: 'GET',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/dashboard?siteId=${f.sites.assigned.id}`,
    rule: { kind: 'device', site: 'assigned' },
  },
  {
    method: 'GET',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/dashboard?siteId=${f.sites.other.id}`,
    rule: { kind: 'device', site: 'other' },
  },
  { method: 'GET', url: cloudUrl('/recent-alerts-totals'), rule: member() },
  { method: 'POST', url: cloudUrl('/mark-alerts-as-viewed'), rule: member() },
  { method: 'GET', url: cloudUrl('/recent-tasks'), rule: member() },
  { method: 'GET', url: cloudUrl('/alerts'), rule: member() },
  { method: 'GET', url: cloudUrl('/alerts/export'), rule: member() },
  { method: 'GET', url: cloudUrl('/tasks/export'), rule: member() },
  // Every member may call it; what each may acknowledge is in server/features/alerts/history.test.ts.
  {
    method: 'POST',
    url: cloudUrl('/alerts/acknowledge'),
    rule: member(),
    body: () => ({ alertIds: [1], comment: '' }),
  },
  { method: 'GET', url: cloudUrl('/tasks'), rule: member() },
  { method: 'GET', url: cloudUrl('/alert-mutes'), rule: member() },
  // Who may open and end windows: server/features/alerts/mutes.test.ts.
  {
    method: 'POST',
    url: cloudUrl('/alert-mutes'),
    rule: member('manage_users'),
    body: () => ({ alertType: 'DEV_REBOOT', minutes: 15, comment: '' }),
  },
  { method: 'GET', url: cloudUrl('/recent-tasks-count'), rule: member() },
  { method: 'POST', url: cloudUrl('/mark-task-tracker-as-viewed'), rule: member() },
  { method: 'POST', url: cloudUrl('/search/find'), rule: member(), body: () => ({ query: 'Site' }) },
  { method: 'GET', url: cloudUrl('/sites-select'), rule: member() },
  { method: 'GET', url: cloudUrl('/sites'), rule: member() },
  { method: 'GET', url: cloudUrl('/devices'), rule: member() },
  { method: 'GET', url: cloudUrl('/clients'), rule: member() },
  ...(['assigned', 'other'] as const).map(
    (site): Call => ({
      method: 'GET',
      url: (f) => `/apiv2/cloud/${f.cloud.id}/clients/${clientIds[site]}`,
      rule: { kind: 'device', site },
    }),
  ),
  { method: 'GET', url: cloudUrl('/users'), rule: member('manage_users') },
  { method: 'GET', url: cloudUrl('/change-log'), rule: member('manage_users') },
  { method: 'GET', url: cloudUrl('/change-log/export'), rule: member('manage_users') },
  { method: 'GET', url: cloudUrl('/smartnvrs'), rule: member('manage_snvr') },
  ...(['assigned', 'other'] as const).map(
    (site): Call => ({
      method: 'PATCH',
      url: (f) => `/apiv2/cloud/${f.cloud.id}/devices/${f.devices[`${site}Device`].id}`,
      rule: { kind: 'siteAction', site },
      body: () => ({ name: `Renamed ${++unique}` }),
    }),
  ),
  ...(['assigned', 'other'] as const).map(
    (site): Call => ({
      method: 'POST',
      url: cloudUrl('/devices'),
      rule: { kind: 'siteAction', site },
      body: (f) => {
        const n = (++unique).toString(16).padStart(4, '0');
        return {
          siteId: f.sites[site].id,
          sn: `ACCESS${n}`,
          mac: `02:ac:00:00:${n.slice(0, 2)}:${n.slice(2)}`,
          productBrandId: 13,
        };
      },
    }),
  ),
  {
    method: 'POST',
    url: cloudUrl('/sites'),
    rule: member('manage_sites'),
    body: () => ({ name: `New ${++unique}` }),
  },
  { method: 'GET', url: cloudUrl('/site-filters-select'), rule: member() },
  {
    method: 'POST',
    url: cloudUrl('/site-filters-select'),
    rule: member('manage_sites'),
    body: (f) => ({ siteFilterId: f.filter.id }),
  },
  { method: 'DELETE', url: cloudUrl('/site-filters-select'), rule: member() },
  {
    method: 'POST',
    url: cloudUrl('/site-filters'),
    rule: member('manage_sites'),
    body: (f) => ({ name: `Group ${++unique}`, siteIds: [f.sites.assigned.id] }),
  },
  { method: 'PUT', url: cloudUrl('/files'), rule: member('manage_sites'), multipart: true },
  {
    method: 'GET',
    url: () => '/apiv2/smartnvr/license',
    rule: member(),
    headers: (f) => ({ 'x-cloud-id': String(f.cloud.id) }),
  },
  {
    method: 'GET',
    url: (f) => `/apiv2/device/${f.devices.assignedDevice.id}/allow-config`,
    rule: { kind: 'device', site: 'assigned' },
  },
  {
    method: 'GET',
    url: (f) => `/apiv2/device/${f.devices.otherDevice.id}/allow-config`,
    rule: { kind: 'device', site: 'other' },
  },
  {
    method: 'GET',
    url: (f) => `/apiv2/navigation/device/${f.devices.assignedDevice.id}`,
    rule: { kind: 'device', site: 'assigned' },
  },
  {
    method: 'GET',
    url: (f) => `/apiv2/navigation/device/${f.devices.otherDevice.id}`,
    rule: { kind: 'device', site: 'other' },
  },
  ...(['metrics', 'ports', 'files'] as const).flatMap((what) =>
    (['assigned', 'other'] as const).map(
      (site): Call => ({
        method: 'GET',
        url: (f) => `/apiv2/cloud/${f.cloud.id}/devices/${f.devices[`${site}Device`].id}/${what}`,
        rule: { kind: 'device', site },
      }),
    ),
  ),
  {
    method: 'GET',
    url: (f) => `/apiv2/navigation/site/${f.sites.assigned.id}`,
    rule: { kind: 'device', site: 'assigned' },
  },
  {
    method: 'GET',
    url: (f) => `/apiv2/navigation/site/${f.sites.other.id}`,
    rule: { kind: 'device', site: 'other' },
  },
  { method: 'GET', url: (f) => `/apiv2/navigation/smartnvr/${f.recorder.id}`, rule: member() },
  { method: 'GET', url: () => '/apiv2/auth/me', rule: signedIn },
  { method: 'GET', url: () => '/apiv2/clouds', rule: signedIn },
  { method: 'GET', url: () => '/apiv2/user/unread-invitations', rule: signedIn },
  // Nobody in the table holds an invitation, so the answer for a signed-in caller is 404.
  {
    method: 'POST',
    url: () => '/apiv2/user/membership/join',
    rule: { kind: 'signedIn', status: 404 },
    body: (f) => ({ cloudId: f.cloud.id }),
  },
  {
    method: 'POST',
    url: () => '/apiv2/user/membership/decline',
    rule: { kind: 'signedIn', status: 404 },
    body: (f) => ({ cloudId: f.cloud.id }),
  },
  { method: 'GET', url: () => '/apiv2/user/inbox-blog-posts', rule: signedIn },
  { method: 'POST', url: () => '/apiv2/user/inbox-blog-posts', rule: signedIn, body: () => ({ all: true }) },
  { method: 'POST', url: () => '/apiv2/user/newsletter', rule: signedIn, body: () => ({ subscribe: true }) },
  {
    method: 'PATCH',
    url: () => '/apiv2/user/profile',
    rule: signedIn,
    body: () => ({ subscribeNewsletter: true }),
  },
  { method: 'GET', url: () => '/apiv2/user/security', rule: signedIn },
  // Two-factor sign-in is off for every caller: turning it on needs the set-up first, which comes after;
  // the password changes last, as the calls before confirm with it.
  {
    method: 'POST',
    url: () => '/apiv2/user/two-factor/enable',
    rule: { kind: 'signedIn', status: 409 },
    body: () => ({ code: '123456' }),
  },
  {
    method: 'POST',
    url: () => '/apiv2/user/two-factor/disable',
    rule: { kind: 'signedIn', status: 409 },
    body: () => ({ password: TEST_PASSWORD }),
  },
  {
    method: 'POST',
    url: () => '/apiv2/user/recovery-codes',
    rule: { kind: 'signedIn', status: 409 },
    body: () => ({ password: TEST_PASSWORD }),
  },
  {
    method: 'POST',
    url: () => '/apiv2/user/two-factor/setup',
    rule: signedIn,
    body: () => ({ password: TEST_PASSWORD }),
  },
  {
    method: 'POST',
    url: () => '/apiv2/user/password',
    rule: signedIn,
    body: () => ({ currentPassword: TEST_PASSWORD, newPassword: `amber lighthouse ${++unique}` }),
  },
  {
    method: 'DELETE',
    url: () => '/apiv2/user/sessions/AAAAAAAAAAAAAAAA',
    rule: { kind: 'signedIn', status: 404 },
  },
  { method: 'GET', url: () => '/apiv2/user/alert/all', rule: signedIn },
  {
    method: 'PUT',
    url: () => '/apiv2/user/alert/DEV_REBOOT',
    rule: signedIn,
    body: () => ({ alertCount: 2, displayAlert: false }),
  },
  { method: 'GET', url: () => '/apiv2/push/vapid-public-key', rule: signedIn },
  {
    method: 'PUT',
    url: () => '/apiv2/user/push-subscriptions',
    rule: signedIn,
    body: () => ({
      endpoint: 'https://push.example.com/send/access-table',
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
    }),
  },
  {
    method: 'DELETE',
    url: () => '/apiv2/user/push-subscriptions',
    rule: signedIn,
    body: () => ({ endpoint: 'https://push.example.com/send/access-table' }),
  },
  { method: 'POST', url: () => '/apiv2/user/push-subscriptions/test', rule: signedIn },
  { method: 'GET', url: () => '/apiv2/blog-posts', rule: { kind: 'public' } },
  {
    method: 'POST',
    url: () => '/apiv2/error-reports',
    rule: { kind: 'public' },
    body: () => ({
      serviceContext: { service: 'web', version: '0.0.0-test' },
      context: {
        user: '',
        httpRequest: { userAgent: 'table', url: 'http://localhost/' },
        reportLocation: { filePath: 'app.js', lineNumber: 1, functionName: 'f' },
      },
      message: 'Error: table\n    at f (app.js:1:1)',
    }),
  },
  { method: 'GET', url: () => '/apiv2/error-reports', rule: { kind: 'platformAdmin' } },
];

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
  if (caller === 'anonymous') return stateChanging ? 403 : call.rule.kind === 'public' ? 'ok' : 401;
  if (caller === 'withoutCsrf') return stateChanging ? 403 : expected('owner', call);
  const access = ACCESS[caller];
  const { rule } = call;
  switch (rule.kind) {
    case 'public':
      return 'ok';
    case 'signedIn':
      return rule.status ?? 'ok';
    case 'platformAdmin':
      return caller === 'platformAdmin' ? 'ok' : 403;
    case 'member':
      if (!access) return 404;
      return rule.permission && !can(access, rule.permission) ? 403 : 'ok';
    case 'device':
      if (!access) return 404;
      return access.roleId === 'ROLE_USER' && rule.site === 'other' ? 404 : 'ok';
    case 'siteAction':
      if (!access || (access.roleId === 'ROLE_USER' && rule.site === 'other')) return 404;
      return access.roleId === 'ROLE_OWNER' || access.roleId === 'ROLE_ADMIN' ? 'ok' : 403;
  }
}
