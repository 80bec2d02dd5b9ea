// The access table's rows for the signed-in person's own calls: who they are, their clouds and
// invitations, news, profile, security and preferences. In order: the password changes last, as the calls
// before confirm with it.
import type { Call, Rule } from './access-rules.ts';
import { TEST_PASSWORD } from './factories.ts';

const signedIn: Rule = { kind: 'signedIn' };
// Each password change a new password.
let changes = 0;

export const ACCOUNT_CALLS: Call[] = [
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
    body: () => ({ subscribe_newsletter: true }),
  },
  // Every caller's address is verified already: asking to verify it is a conflict.
  {
    method: 'POST',
    url: () => '/apiv2/user/email-verification',
    rule: { kind: 'signedIn', status: 409 },
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
    body: () => ({ current_password: TEST_PASSWORD, new_password: `amber lighthouse ${++changes}` }),
  },
  {
    method: 'DELETE',
    url: () => '/apiv2/user/sessions/AAAAAAAAAAAAAAAA',
    rule: { kind: 'signedIn', status: 404 },
  },
  { method: 'GET', url: () => '/apiv2/user/alert/all', rule: signedIn },
  { method: 'GET', url: () => '/apiv2/user/list-columns/devices', rule: signedIn },
  {
    method: 'PUT',
    url: () => '/apiv2/user/list-columns/devices',
    rule: signedIn,
    body: () => ({ columns: ['name', 'status'] }),
  },
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
];
