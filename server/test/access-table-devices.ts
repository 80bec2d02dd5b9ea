// The access table's rows for devices and recorders: renaming and adding them, registration and the
// onboarding key, adoption, credentials, and the device states. Each deleting, adopting or revoking call
// takes a spare of its own.
import { cloudUrl, member, nextUnique, spare } from './access-rows.ts';
import type { Call } from './access-rules.ts';

export const DEVICE_CALLS: Call[] = [
  { method: 'GET', url: cloudUrl('/smartnvrs'), rule: member('manage_snvr') },
  ...(['assigned', 'other'] as const).map(
    (site): Call => ({
      method: 'PATCH',
      url: (f) => `/apiv2/cloud/${f.cloud.id}/devices/${f.devices[`${site}Device`].id}`,
      rule: { kind: 'siteAction', site },
      body: () => ({ name: `Renamed ${nextUnique()}` }),
    }),
  ),
  ...(['assigned', 'other'] as const).map(
    (site): Call => ({
      method: 'POST',
      url: cloudUrl('/devices'),
      rule: { kind: 'siteAction', site },
      body: (f) => {
        const n = nextUnique().toString(16).padStart(4, '0');
        return {
          site_id: f.sites[site].id,
          sn: `ACCESS${n}`,
          mac: `02:ac:00:00:${n.slice(0, 2)}:${n.slice(2)}`,
          product_brand_id: 13,
        };
      },
    }),
  ),
  { method: 'GET', url: cloudUrl('/registration-sites'), rule: member() },
  // Need register on some site: a Guest and the table's Site User have it nowhere.
  {
    method: 'POST',
    url: cloudUrl('/devices/import'),
    rule: { kind: 'siteAction', site: 'assigned' },
    body: (f) => {
      const n = nextUnique().toString(16).padStart(4, '0');
      return {
        csv: `serial,mac,model,site\nIMPORT${n},02:ae:00:00:${n.slice(0, 2)}:${n.slice(2)},AP-WIFI6-2x2-IN,${f.sites.assigned.name}`,
      };
    },
  },
  { method: 'GET', url: cloudUrl('/pending-devices'), rule: { kind: 'siteAction', site: 'assigned' } },
  { method: 'GET', url: cloudUrl('/onboarding-key'), rule: { kind: 'siteAction', site: 'assigned' } },
  // Owners and administrators: no Guest or Site User rotates the cloud's key.
  { method: 'POST', url: cloudUrl('/onboarding-key/rotate'), rule: { kind: 'siteAction', site: 'assigned' } },
  ...(['assigned', 'other'] as const).map(
    (site): Call => ({
      method: 'POST',
      url: cloudUrl('/pending-devices/approve'),
      rule: { kind: 'siteAction', site },
      body: (f) => ({ pending_id: f.claimed[site], remote_address: '192.0.2.10' }),
    }),
  ),
  // Each call revokes another adopted device's credential.
  ...(['assigned', 'other'] as const).map(
    (site): Call => ({
      method: 'POST',
      url: (f) => `/apiv2/cloud/${f.cloud.id}/devices/${spare(f.adopted?.[site])}/reset-credential`,
      rule: { kind: 'siteAction', site },
    }),
  ),
  // Neither device is blocked nor decommissioned, so each call changes nothing; what they change is in
  // server/features/devices/device-state.test.ts.
  ...(['unblock', 'recommission'] as const).flatMap((change) =>
    (['assigned', 'other'] as const).map(
      (site): Call => ({
        method: 'POST',
        url: (f) => `/apiv2/cloud/${f.cloud.id}/devices/${f.devices[`${site}Device`].id}/${change}`,
        rule: { kind: 'siteAction', site },
      }),
    ),
  ),
  {
    method: 'POST',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/smartnvrs/${spare(f.adopted?.recorder)}/reset-credential`,
    rule: member('manage_snvr'),
  },
  ...(['assigned', 'other'] as const).map(
    (site): Call => ({
      method: 'POST',
      url: cloudUrl('/pending-devices/adopt'),
      rule: { kind: 'siteAction', site },
      // Each call adopts another of the fixture's pending devices (each test file has its own fixture).
      body: (f) => {
        const pending = f.pendingDevices.shift();
        return { pending_id: pending?.id, sn: pending?.sn, site_id: f.sites[site].id };
      },
    }),
  ),
];
