// The access table of server/access.test.ts: every route and method with the rule that says who may call
// it; server/test/access-rules.ts says what each kind of caller gets by that rule.
import type { CloudAbility } from '../../core/policy.ts';
import type { Call, Rule } from './access-rules.ts';
import { ACCOUNT_CALLS } from './access-table-account.ts';
import { API_TOKEN_CALLS } from './access-table-api-tokens.ts';
import { GUEST_ACCOUNT_CALLS } from './access-table-guest-accounts.ts';
import { GUEST_CERTIFICATE_CALLS } from './access-table-guest-certificate.ts';
import { LINQPATH_CALLS } from './access-table-linqpath.ts';
import { PLATFORM_CALLS } from './access-table-platform.ts';
import { REPORT_CALLS } from './access-table-reports.ts';
import { SINGLE_SIGN_ON_CALLS } from './access-table-single-sign-on.ts';
import { WEBHOOK_CALLS } from './access-table-webhooks.ts';
import type { RoleCloud } from './role-cloud.ts';

// Ids of the wireless clients beforeAll creates; the placeholder names the route in the test titles.
export const clientIds: Record<'assigned' | 'other', number | string> = {
  assigned: ':clientId',
  other: ':clientId',
};

let unique = 0;
let adoptions = -1;
const cloudUrl = (path: string) => (f: RoleCloud) => `/apiv2/cloud/${f.cloud.id}${path}`;
const member = (permission?: CloudAbility): Rule => ({ kind: 'member', permission });
const signedIn: Rule = { kind: 'signedIn' };
/** An unused spare for a call that deletes what it names; the placeholder when the test is named. */
const spare = (ids: number[] | undefined) => ids?.shift() ?? ':id';
/** A fixture's id; the placeholder when the test is named (the placeholders have no site filter). */
const idOf = (row: { id: number } | undefined) => row?.id ?? ':siteFilterId';

export const CALLS: Call[] = [
  { method: 'GET', url: cloudUrl(''), rule: member() },
  { method: 'POST', url: cloudUrl(''), rule: member(), body: () => ({ user: { push_alerts: true } }) },
  { method: 'GET', url: cloudUrl('/license-status'), rule: member() },
  {
    method: 'PATCH',
    url: cloudUrl(''),
    rule: member('manage_licenses'),
    body: () => ({ company: 'Access Table Company' }),
  },
  // A name that is not the cloud's: the Owner is refused (409) and the cloud stays for the other rows.
  {
    method: 'DELETE',
    url: cloudUrl(''),
    rule: { kind: 'owner', status: 409 },
    body: () => ({ name: 'Not it' }),
  },
  {
    method: 'POST',
    url: () => '/apiv2/clouds',
    rule: signedIn,
    body: () => ({ name: `Table cloud ${++unique}` }),
  },
  { method: 'GET', url: cloudUrl('/licenses/devices'), rule: member('manage_licenses') },
  { method: 'GET', url: cloudUrl('/addons'), rule: member('manage_licenses') },
  ...(['assigned', 'other'] as const).flatMap((site) =>
    (['PUT', 'DELETE'] as const).map(
      (method): Call => ({
        method,
        url: (f) => `/apiv2/cloud/${f.cloud.id}/licenses/devices/${f.devices[`${site}Device`].id}`,
        rule: { kind: 'siteAction', site, permission: 'manage_licenses' },
      }),
    ),
  ),
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
    url: (f) => `/apiv2/cloud/${f.cloud.id}/smartnvrs/${f.recorder.id}/item-metrics`,
    rule: member(),
  },
  // A recorder's cameras (docs/cameras.md): every member reads them, each change is a task (manage_snvr).
  ...cameraCalls(),
  // Streaming (docs/streaming.md): the table's recorder is offline, so a member who may watch is told so
  // (409); a made-up view or signature is refused (404, 403) to everyone in the cloud.
  {
    method: 'POST',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/smartnvrs/${f.recorder.id}/cameras/cam-1/views`,
    rule: { kind: 'member', status: 409 },
    body: () => ({ kind: 'live', stream: 'sub' }),
  },
  {
    method: 'POST',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/smartnvrs/${f.recorder.id}/cameras/cam-1/exports`,
    rule: { kind: 'member', status: 409 },
    body: () => ({
      stream: 'sub',
      from: new Date(Date.now() - 60_000).toISOString(),
      to: new Date(Date.now() - 30_000).toISOString(),
    }),
  },
  {
    method: 'DELETE',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/smartnvrs/${f.recorder.id}/views/2000000`,
    rule: { kind: 'member', status: 404 },
  },
  {
    method: 'GET',
    url: (f) =>
      `/apiv2/cloud/${f.cloud.id}/smartnvrs/${f.recorder.id}/media/2000000/live.m3u8?exp=99999999999&sig=made-up`,
    rule: { kind: 'member', status: 403 },
  },
  {
    method: 'GET',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/smartnvrs/${f.recorder.id}/video-access`,
    rule: member('manage_users'),
  },
  {
    method: 'GET',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/dashboard?site_id=${f.sites.assigned.id}`,
    rule: { kind: 'device', site: 'assigned' },
  },
  {
    method: 'GET',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/dashboard?site_id=${f.sites.other.id}`,
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
    body: () => ({ alert_ids: [1], comment: '' }),
  },
  { method: 'GET', url: cloudUrl('/tasks'), rule: member() },
  // A Guest starts and stops nothing, and a file a task left needs export_data (view_sensitive_config
  // too for a report): server/features/tasks/task-access.test.ts has the finer rules.
  {
    method: 'POST',
    url: cloudUrl('/tasks'),
    rule: { kind: 'siteAction', site: 'assigned' },
    body: (f) => ({ type: 'TASK_RECEIVED_CONFIG', targets: { device_ids: [f.devices.assignedDevice.id] } }),
  },
  ...(['assigned', 'other'] as const).map(
    (site): Call => ({
      method: 'POST',
      url: (f) => `/apiv2/cloud/${f.cloud.id}/tasks/${spare(f.spareTasks?.[site])}/cancel`,
      rule: { kind: 'siteAction', site },
    }),
  ),
  ...(['capture', 'report'] as const).map(
    (kind): Call => ({
      method: 'GET',
      url: (f) => {
        const file = f.taskFiles?.[kind];
        return `/apiv2/cloud/${f.cloud.id}/tasks/${file?.taskId ?? ':taskId'}/targets/${file?.targetIds[0] ?? ':targetId'}/file`;
      },
      rule: { kind: 'siteAction', site: 'assigned' },
    }),
  ),
  { method: 'GET', url: cloudUrl('/alert-mutes'), rule: member() },
  // Who may open and end windows: server/features/alerts/mutes.test.ts.
  {
    method: 'POST',
    url: cloudUrl('/alert-mutes'),
    rule: member('manage_users'),
    body: () => ({ alert_type: 'DEV_REBOOT', minutes: 15, comment: '' }),
  },
  { method: 'GET', url: cloudUrl('/recent-tasks-count'), rule: member() },
  { method: 'POST', url: cloudUrl('/mark-task-tracker-as-viewed'), rule: member() },
  { method: 'POST', url: cloudUrl('/search/find'), rule: member(), body: () => ({ query: 'Site' }) },
  { method: 'GET', url: cloudUrl('/sites-select'), rule: member() },
  { method: 'GET', url: cloudUrl('/sites'), rule: member() },
  { method: 'GET', url: cloudUrl('/devices'), rule: member() },
  // The device list's bulk actions, as dry runs so the table changes nothing; what each answers is in
  // server/features/devices/device-bulk.test.ts.
  ...(['reboot', 'firmware', 'move', 'decommission', 'delete'] as const).flatMap((action) =>
    (['assigned', 'other'] as const).map(
      (site): Call => ({
        method: 'POST',
        url: cloudUrl(`/devices/bulk/${action}`),
        rule: { kind: 'siteAction', site },
        body: (f) => ({
          selection: { device_ids: [f.devices[`${site}Device`].id] },
          dry_run: true,
          ...(action === 'move' ? { site_id: f.sites[site].id } : {}),
        }),
      }),
    ),
  ),
  // Needs export_data, which no Guest and no Site User of the table holds.
  { method: 'GET', url: cloudUrl('/devices/export'), rule: { kind: 'siteAction', site: 'assigned' } },
  { method: 'GET', url: cloudUrl('/clients'), rule: member() },
  // Needs export_data, as the device list's export.
  { method: 'GET', url: cloudUrl('/clients/export'), rule: { kind: 'siteAction', site: 'assigned' } },
  ...(['assigned', 'other'] as const).map(
    (site): Call => ({
      method: 'GET',
      url: (f) => `/apiv2/cloud/${f.cloud.id}/clients/${clientIds[site]}`,
      rule: { kind: 'device', site },
    }),
  ),
  ...(['assigned', 'other'] as const).map(
    (site): Call => ({
      method: 'GET',
      url: (f) => `/apiv2/cloud/${f.cloud.id}/clients/${clientIds[site]}/stays`,
      rule: { kind: 'device', site },
    }),
  ),
  { method: 'GET', url: cloudUrl('/users'), rule: member('manage_users') },
  // Each changing call takes a spare Guest or invitation of its own.
  {
    method: 'PATCH',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/users/${spare(f.spareMembers)}`,
    rule: member('manage_users'),
    body: () => ({ role_id: 'ROLE_GUEST', permissions: 1 }),
  },
  {
    method: 'DELETE',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/users/${spare(f.spareMembers)}`,
    rule: member('manage_users'),
  },
  { method: 'GET', url: cloudUrl('/invitations'), rule: member('manage_users') },
  {
    method: 'POST',
    url: cloudUrl('/invitations'),
    rule: member('manage_users'),
    body: () => ({ email: `table${++unique}@invited.example`, role_id: 'ROLE_GUEST', permissions: 0 }),
  },
  {
    method: 'POST',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/invitations/${spare(f.spareInvitations)}/resend`,
    rule: member('manage_users'),
  },
  {
    method: 'DELETE',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/invitations/${spare(f.spareInvitations)}`,
    rule: member('manage_users'),
  },
  // The invitation page asks before anyone signs in; an unknown link is 404 whoever asks.
  {
    method: 'GET',
    url: () => '/apiv2/invitations/lookup?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    rule: { kind: 'public', status: 404 },
  },
  {
    method: 'GET',
    url: () => '/apiv2/auth/password-reset/lookup?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    rule: { kind: 'public', status: 404 },
  },
  {
    method: 'GET',
    url: () => '/apiv2/auth/email-change/lookup?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    rule: { kind: 'public', status: 404 },
  },
  { method: 'GET', url: cloudUrl('/change-log'), rule: member('manage_users') },
  { method: 'GET', url: cloudUrl('/change-log/export'), rule: member('manage_users') },
  { method: 'GET', url: cloudUrl('/notification-settings'), rule: member('manage_sites') },
  {
    method: 'PUT',
    url: cloudUrl('/notification-settings'),
    rule: member('manage_sites'),
    body: () => ({
      types: [
        {
          alert_type: 'DEV_REBOOT',
          push: { everyone: true, user_ids: [] },
          email: { everyone: true, user_ids: [] },
        },
      ],
    }),
  },
  ...(['assigned', 'other'] as const).flatMap((site): Call[] => [
    {
      method: 'GET',
      url: (f) => `/apiv2/cloud/${f.cloud.id}/site/${f.sites[site].id}/notification-settings`,
      rule: { kind: 'siteAction', site },
    },
    {
      method: 'PUT',
      url: (f) => `/apiv2/cloud/${f.cloud.id}/site/${f.sites[site].id}/notification-settings`,
      rule: { kind: 'siteAction', site },
      body: () => ({ types: [{ alert_type: 'DEV_REBOOT', follows_cloud: true }] }),
    },
  ]),
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
      const n = (++unique).toString(16).padStart(4, '0');
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
      // Each call adopts another of the fixture's pending devices.
      body: (f) => {
        const pending = f.pendingDevices[++adoptions];
        return { pending_id: pending?.id, sn: pending?.sn, site_id: f.sites[site].id };
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
    body: (f) => ({ name: `Group ${++unique}`, site_ids: [f.sites.assigned.id] }),
  },
  ...(['assigned', 'other'] as const).flatMap((site): Call[] => [
    {
      method: 'GET',
      url: (f) => `/apiv2/cloud/${f.cloud.id}/sites/${f.sites[site].id}`,
      rule: { kind: 'device', site },
    },
    {
      method: 'PATCH',
      url: (f) => `/apiv2/cloud/${f.cloud.id}/sites/${f.sites[site].id}`,
      rule: { kind: 'siteAction', site },
      body: () => ({ name: `Renamed site ${++unique}` }),
    },
  ]),
  // Each call deletes a spare site no Site User of the table is given.
  {
    method: 'DELETE',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/sites/${spare(f.spareSites)}`,
    rule: { kind: 'siteAction', site: 'other', permission: 'manage_sites' },
  },
  {
    method: 'GET',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/site-filters/${idOf(f.filter)}`,
    rule: member('manage_sites'),
  },
  {
    method: 'PATCH',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/site-filters/${idOf(f.filter)}`,
    rule: member('manage_sites'),
    body: () => ({ name: `Regrouped ${++unique}` }),
  },
  {
    method: 'DELETE',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/site-filters/${spare(f.spareFilters)}`,
    rule: member('manage_sites'),
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
  ...(['metrics', 'item-metrics', 'ports', 'files'] as const).flatMap((what) =>
    (['assigned', 'other'] as const).map(
      (site): Call => ({
        method: 'GET',
        url: (f) => `/apiv2/cloud/${f.cloud.id}/devices/${f.devices[`${site}Device`].id}/${what}`,
        rule: { kind: 'device', site },
      }),
    ),
  ),
  ...(['assigned', 'other'] as const).flatMap((site): Call[] => {
    const siteConfig =
      (path = '') =>
      (f: RoleCloud) =>
        `/apiv2/cloud/${f.cloud.id}/sites/${f.sites[site].id}/config${path}`;
    const deviceConfig =
      (path = '') =>
      (f: RoleCloud) =>
        `/apiv2/cloud/${f.cloud.id}/devices/${f.devices[`${site}Device`].id}/config${path}`;
    const read: Rule = { kind: 'configRead', site };
    const change: Rule = { kind: 'siteAction', site };
    return [
      { method: 'GET', url: siteConfig(), rule: read },
      { method: 'GET', url: siteConfig('/diff'), rule: read },
      { method: 'GET', url: siteConfig('/revisions'), rule: read },
      { method: 'GET', url: siteConfig('/devices'), rule: read },
      {
        method: 'PUT',
        url: siteConfig(),
        rule: change,
        body: () => ({ variables: { suffix: `${++unique}` } }),
      },
      { method: 'POST', url: siteConfig('/apply'), rule: change, body: () => ({ dryRun: true }) },
      {
        method: 'POST',
        url: (f) => siteConfig(`/revisions/${f.configRevisions[site]}/rollback`)(f),
        rule: change,
        body: () => ({ dryRun: true }),
      },
      { method: 'GET', url: deviceConfig(), rule: read },
      { method: 'PUT', url: deviceConfig(), rule: change, body: () => ({ variables: { suffix: 'a' } }) },
      { method: 'POST', url: deviceConfig('/apply'), rule: change, body: () => ({ dryRun: true }) },
      { method: 'GET', url: deviceConfig('/revisions'), rule: read },
      {
        method: 'POST',
        url: (f) => deviceConfig(`/revisions/${f.deviceConfigRevisions[site]}/rollback`)(f),
        rule: change,
        body: () => ({}),
      },
      // Nothing to settle: the device has sent no running configuration.
      {
        method: 'POST',
        url: deviceConfig('/sync'),
        rule: { kind: 'siteAction', site, status: 409 },
        body: () => ({ keep: 'console' }),
      },
    ];
  }),
  // Remote web access (docs/remote-access.md): the table's devices and recorder are offline, so whoever may
  // reach them is told so (409); a recorder's is for owners and administrators; every member lists the
  // tunnels they may see, and a made-up tunnel is no tunnel to anyone.
  ...(['assigned', 'other'] as const).map(
    (site): Call => ({
      method: 'POST',
      url: (f) => `/apiv2/cloud/${f.cloud.id}/devices/${f.devices[`${site}Device`].id}/tunnels`,
      rule: { kind: 'siteAction', site, status: 409 },
      body: () => ({ duration_min: 15 }),
    }),
  ),
  {
    method: 'POST',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/smartnvrs/${f.recorder.id}/tunnels`,
    rule: { kind: 'siteAction', site: 'assigned', status: 409 },
    body: () => ({ duration_min: 480 }),
  },
  { method: 'GET', url: cloudUrl('/tunnels?state=all'), rule: member() },
  { method: 'DELETE', url: cloudUrl('/tunnels/2147483647'), rule: { kind: 'member', status: 404 } },
  // The site map (docs/site-map.md): read by whoever sees the site, placing needs edit_map.
  ...(['assigned', 'other'] as const).flatMap((site): Call[] => [
    {
      method: 'GET',
      url: (f) => `/apiv2/cloud/${f.cloud.id}/sites/${f.sites[site].id}/map`,
      rule: { kind: 'device', site },
    },
    {
      method: 'PUT',
      url: (f) => `/apiv2/cloud/${f.cloud.id}/devices/${f.devices[`${site}Device`].id}/location`,
      rule: { kind: 'siteAction', site },
      body: () => ({ latitude: 51.5, longitude: -0.12 }),
    },
  ]),
  // Floor maps (docs/floor-maps.md): read by whoever sees the site, changes need edit_map.
  ...(['assigned', 'other'] as const).flatMap((site): Call[] => {
    const floors = (f: RoleCloud) => `/apiv2/cloud/${f.cloud.id}/sites/${f.sites[site].id}/floors`;
    const floor =
      (path = '') =>
      (f: RoleCloud) =>
        `${floors(f)}/${f.floors?.[site].floor ?? ':floorId'}${path}`;
    const read: Rule = { kind: 'device', site };
    const change: Rule = { kind: 'siteAction', site };
    return [
      { method: 'GET', url: floors, rule: read },
      { method: 'POST', url: floors, rule: change, body: () => ({ name: `Floor ${++unique}` }) },
      { method: 'PATCH', url: floor(), rule: change, body: () => ({ name: `Level ${++unique}` }) },
      { method: 'PUT', url: floor('/plan'), rule: change, multipart: true },
      { method: 'GET', url: floor('/plan'), rule: read },
      { method: 'DELETE', url: floor('/plan'), rule: change },
      {
        method: 'DELETE',
        url: (f) => `${floors(f)}/${spare(f.floors?.[site].spares)}`,
        rule: change,
      },
      {
        method: 'PUT',
        url: (f) => `/apiv2/cloud/${f.cloud.id}/devices/${f.devices[`${site}Device`].id}/floor-position`,
        rule: change,
        body: (f) => ({ floor_id: f.floors[site].floor, x: 0.25, y: 0.75 }),
      },
    ];
  }),
  // VPC branding (docs/vpc.md): manage_vpc on a vpc cloud (the table's cloud is one); the theme is public.
  { method: 'GET', url: cloudUrl('/vpc'), rule: member('manage_vpc') },
  {
    method: 'PUT',
    url: cloudUrl('/vpc'),
    rule: member('manage_vpc'),
    body: () => ({
      product_name: `Table Brand ${++unique}`,
      primary_color: '#123456',
      support_url: null,
      privacy_url: null,
      sign_in_text: null,
      host_name: null,
    }),
  },
  { method: 'PUT', url: cloudUrl('/vpc/images/logo'), rule: member('manage_vpc'), multipart: true },
  { method: 'GET', url: cloudUrl('/vpc/images/logo'), rule: member('manage_vpc') },
  { method: 'DELETE', url: cloudUrl('/vpc/images/logo'), rule: member('manage_vpc') },
  { method: 'GET', url: () => '/apiv2/theme', rule: { kind: 'public' } },
  // localhost is no brand's host name.
  { method: 'GET', url: () => '/apiv2/theme/logo', rule: { kind: 'public', status: 404 } },
  // The topology (docs/topology.md): read by whoever sees the site.
  ...(['assigned', 'other'] as const).map(
    (site): Call => ({
      method: 'GET',
      url: (f) => `/apiv2/cloud/${f.cloud.id}/sites/${f.sites[site].id}/topology`,
      rule: { kind: 'device', site },
    }),
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
  ...guestPortalCalls(),
  ...GUEST_CERTIFICATE_CALLS,
  ...GUEST_ACCOUNT_CALLS,
  ...LINQPATH_CALLS,
  ...REPORT_CALLS,
  ...SINGLE_SIGN_ON_CALLS,
  ...API_TOKEN_CALLS,
  ...WEBHOOK_CALLS,
  ...ACCOUNT_CALLS,
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
  ...PLATFORM_CALLS,
];

// Last of all, whatever rows are added above: every member but the only Owner leaves the cloud, so no row
// after it could still be answered as a member.
CALLS.push({ method: 'POST', url: cloudUrl('/leave'), rule: { kind: 'leave' } });

/** Captive portals (docs/guest-access.md#captive-portals) and the voucher page's public reads. */
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
      body: (f) => ({ site_id: f.sites.other.id, ssid: `Table ${++unique}`, name: 'Table portal' }),
    },
    { method: 'PATCH', url: portal(), rule: manage, body: () => ({ name: 'Table portal' }) },
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

/** The IP Cameras page's calls on the table's recorder, its camera cam-1 and the camera its scan found. */
function cameraCalls(): Call[] {
  const recorder = (path: string) => (f: RoleCloud) =>
    `/apiv2/cloud/${f.cloud.id}/smartnvrs/${f.recorder.id}${path}`;
  const camera = (path = '') => recorder(`/cameras/cam-1${path}`);
  const manage = member('manage_snvr');
  return [
    { method: 'GET', url: recorder('/cameras'), rule: member() },
    { method: 'GET', url: camera(), rule: member() },
    { method: 'GET', url: recorder('/discovered-cameras'), rule: member() },
    { method: 'POST', url: recorder('/camera-scans'), rule: manage },
    {
      method: 'POST',
      url: (f) =>
        recorder(`/discovered-cameras/${f.recorderCameras?.discoveredId ?? ':discoveredId'}/adopt`)(f),
      rule: manage,
      body: () => ({ name: 'Table camera' }),
    },
    { method: 'PUT', url: camera('/name'), rule: manage, body: () => ({ name: 'Table camera' }) },
    { method: 'PUT', url: camera('/recording'), rule: manage, body: () => ({ enabled: true }) },
    {
      method: 'PUT',
      url: camera('/recording-profile'),
      rule: manage,
      body: () => ({ profile: 'motion', retention_days: 14 }),
    },
    { method: 'DELETE', url: camera(), rule: manage },
  ];
}
