// The access table's rows for AuthPort's Service Plans and Accounts pages (docs/guest-access.md#service-plans,
// docs/guest-access.md#accounts-and-vouchers): every call needs manage_sites; the deleting rows each use a
// spare of server/features/guest-accounts/test-guest.ts.
import type { Call, Rule } from './access-rules.ts';
import type { RoleCloud } from './role-cloud.ts';

const manageSites: Rule = { kind: 'member', permission: 'manage_sites' };
const authport = (path: string) => (f: RoleCloud) => `/apiv2/cloud/${f.cloud.id}/authport${path}`;
const guest = (f: RoleCloud) => f.guestAccess;
/** The next unused spare, or the placeholder when the test is named. */
const spare = (ids: number[] | undefined) => ids?.shift() ?? ':id';

let unique = 0;

const planBody = () => ({
  name: `Access plan ${++unique}`,
  price_label: '',
  valid_from: 'creation',
  validity_minutes: 60,
  session_minutes: null,
  idle_minutes: null,
  down_kbps: null,
  up_kbps: null,
  session_quota_bytes: null,
  period_quota_bytes: null,
  quota_period: null,
  devices_per_account: 1,
  site_ids: [],
  ssids: [],
});

export const GUEST_ACCOUNT_CALLS: Call[] = [
  { method: 'GET', url: authport('/plans'), rule: manageSites },
  { method: 'POST', url: authport('/plans'), rule: manageSites, body: planBody },
  { method: 'GET', url: (f) => authport(`/plans/${guest(f)?.planId ?? ':planId'}`)(f), rule: manageSites },
  {
    method: 'PATCH',
    url: (f) => authport(`/plans/${guest(f)?.planId ?? ':planId'}`)(f),
    rule: manageSites,
    body: () => ({ price_label: `€${++unique}` }),
  },
  { method: 'DELETE', url: (f) => authport(`/plans/${spare(guest(f)?.sparePlans)}`)(f), rule: manageSites },
  { method: 'GET', url: authport('/accounts?state=unused&type=account'), rule: manageSites },
  { method: 'GET', url: authport('/accounts/export?search=guest'), rule: manageSites },
  {
    method: 'POST',
    url: authport('/accounts'),
    rule: manageSites,
    body: (f) => ({ plan_id: f.guestAccess.planId, username: `table-guest-${++unique}` }),
  },
  {
    method: 'GET',
    url: (f) => authport(`/accounts/${guest(f)?.accountId ?? ':accountId'}`)(f),
    rule: manageSites,
  },
  {
    method: 'POST',
    url: (f) => authport(`/accounts/${guest(f)?.accountId ?? ':accountId'}/extend`)(f),
    rule: manageSites,
    body: () => ({ expires_at: new Date(Date.now() + 86_400_000).toISOString() }),
  },
  {
    method: 'POST',
    url: (f) => authport(`/accounts/${spare(guest(f)?.spareAccounts)}/revoke`)(f),
    rule: manageSites,
  },
  {
    method: 'DELETE',
    url: (f) => authport(`/accounts/${spare(guest(f)?.spareAccounts)}`)(f),
    rule: manageSites,
  },
  { method: 'GET', url: authport('/voucher-batches'), rule: manageSites },
  {
    method: 'POST',
    url: authport('/voucher-batches'),
    rule: manageSites,
    body: (f) => ({
      plan_id: f.guestAccess.planId,
      count: 2,
      code_length: 8,
      prefix: '',
      shared: false,
      expires_at: null,
    }),
  },
  {
    method: 'GET',
    url: (f) => authport(`/voucher-batches/${guest(f)?.batchId ?? ':batchId'}`)(f),
    rule: manageSites,
  },
  {
    method: 'GET',
    url: (f) => authport(`/voucher-batches/${guest(f)?.batchId ?? ':batchId'}/pdf`)(f),
    rule: manageSites,
  },
  {
    method: 'DELETE',
    url: (f) => authport(`/voucher-batches/${spare(guest(f)?.spareBatches)}`)(f),
    rule: manageSites,
  },
];
