// The access table's rows for captive portals (docs/guest-access.md#captive-portals).
import { cloudUrl, member, nextUnique, spare } from './access-rows.ts';
import type { Call } from './access-rules.ts';
import type { RoleCloud } from './role-cloud.ts';

export const GUEST_PORTAL_CALLS: Call[] = guestPortalCalls();

export /** Captive portals (docs/guest-access.md#captive-portals) and the voucher page's public reads. */
function guestPortalCalls(): Call[] {
  const portals = cloudUrl('/authport/portals');
  const portal =
    (path = '') =>
    (f: RoleCloud) =>
      `${portals(f)}/${f.portals?.portal ?? ':portalId'}${path}`;
  const manage = member('manage_sites');
  return [
    { method: 'GET', url: portals, rule: manage },
    {
      method: 'POST',
      url: portals,
      rule: manage,
      body: (f) => ({ site_id: f.sites.other.id, ssid: `Table ${nextUnique()}`, name: 'Table portal' }),
    },
    { method: 'PATCH', url: portal(), rule: manage, body: () => ({ name: 'Table portal' }) },
    // A cloud token uploads as the member it stands for; the logo has no uploader (docs/api-tokens.md).
    { method: 'PUT', url: portal('/logo'), rule: manage, multipart: true },
    { method: 'DELETE', url: portal('/logo'), rule: manage },
    { method: 'DELETE', url: (f) => `${portals(f)}/${spare(f.portals?.spares)}`, rule: manage },
    {
      method: 'GET',
      url: () => '/apiv2/guest-portal?nas=192.0.2.250',
      rule: { kind: 'public', status: 404 },
    },
    {
      method: 'GET',
      url: (f) => `/apiv2/guest-portal/${f.portals?.portal ?? ':portalId'}/logo?file=1`,
      rule: { kind: 'public', status: 404 },
    },
  ];
}
