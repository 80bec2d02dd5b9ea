// The access table's rows for a cloud's own calls: the cloud and its licenses, the dashboard, the recorder
// and its cameras and streams, alerts and tasks, search, and the device and client lists.
import { clientIds, cloudUrl, member, nextUnique, signedIn, spare } from './access-rows.ts';
import type { Call } from './access-rules.ts';
import type { RoleCloud } from './role-cloud.ts';

export const CLOUD_CALLS: Call[] = [
  { method: 'GET', url: cloudUrl(''), rule: member() },
  // A cloud token acts for no person: this sets the caller’s own alerts in the cloud.
  {
    method: 'POST',
    url: cloudUrl(''),
    rule: member(),
    body: () => ({ user: { push_alerts: true } }),
    person: true,
  },
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
    body: () => ({ name: `Table cloud ${nextUnique()}` }),
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
  // (409); a made-up view or signature is refused (404, 403) to everyone in the cloud. A view is the
  // person's who opens it, but the recorder and the view named are checked first: a cloud token is told
  // what the Administrator is, except for the signed media, whose viewer is checked first.
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
  // A cloud token acts for no person: a view is the person’s who opened it (docs/streaming.md).
  {
    method: 'GET',
    url: (f) =>
      `/apiv2/cloud/${f.cloud.id}/smartnvrs/${f.recorder.id}/media/2000000/live.m3u8?exp=99999999999&sig=made-up`,
    person: true,
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
  { method: 'POST', url: cloudUrl('/mark-alerts-as-viewed'), rule: member(), person: true },
  { method: 'GET', url: cloudUrl('/recent-tasks'), rule: member() },
  { method: 'GET', url: cloudUrl('/alerts'), rule: member() },
  { method: 'GET', url: cloudUrl('/alerts/export'), rule: member() },
  { method: 'GET', url: cloudUrl('/tasks/export'), rule: member() },
  // Every member may call it; what each may acknowledge is in server/features/alerts/history.test.ts.
  {
    method: 'POST',
    url: cloudUrl('/alerts/acknowledge'),
    person: true,
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
    person: true,
    rule: member('manage_users'),
    body: () => ({ alert_type: 'DEV_REBOOT', minutes: 15, comment: '' }),
  },
  { method: 'GET', url: cloudUrl('/recent-tasks-count'), rule: member() },
  { method: 'POST', url: cloudUrl('/mark-task-tracker-as-viewed'), rule: member(), person: true },
  {
    method: 'POST',
    url: cloudUrl('/search/find'),
    rule: member(),
    body: () => ({ query: 'Site' }),
    person: true,
  },
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
];

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
