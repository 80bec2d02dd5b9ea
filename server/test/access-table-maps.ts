// The access table's rows for remote web access, the site map, floor maps, VPC branding, the topology and
// the navigation reads.
import { cloudUrl, member, nextUnique, spare } from './access-rows.ts';
import type { Call, Rule } from './access-rules.ts';
import type { RoleCloud } from './role-cloud.ts';

export const MAP_CALLS: Call[] = [
  // Remote web access (docs/remote-access.md): the table's devices and recorder are offline, so whoever may
  // reach them is told so (409); a recorder's is for owners and administrators; every member lists the
  // tunnels they may see, and a made-up tunnel is no tunnel to anyone. A tunnel is its opener's: a cloud
  // token, which acts for no person, is refused them all.
  ...(['assigned', 'other'] as const).map(
    (site): Call => ({
      method: 'POST',
      url: (f) => `/apiv2/cloud/${f.cloud.id}/devices/${f.devices[`${site}Device`].id}/tunnels`,
      person: true,
      rule: { kind: 'siteAction', site, status: 409 },
      body: () => ({ duration_min: 15 }),
    }),
  ),
  {
    method: 'POST',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/smartnvrs/${f.recorder.id}/tunnels`,
    person: true,
    rule: { kind: 'siteAction', site: 'assigned', status: 409 },
    body: () => ({ duration_min: 480 }),
  },
  { method: 'GET', url: cloudUrl('/tunnels?state=all'), rule: member(), person: true },
  {
    method: 'DELETE',
    url: cloudUrl('/tunnels/2147483647'),
    rule: { kind: 'member', status: 404 },
    person: true,
  },
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
      { method: 'POST', url: floors, rule: change, body: () => ({ name: `Floor ${nextUnique()}` }) },
      { method: 'PATCH', url: floor(), rule: change, body: () => ({ name: `Level ${nextUnique()}` }) },
      // A cloud token uploads as the member it stands for; the plan has no uploader (docs/api-tokens.md).
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
      product_name: `Table Brand ${nextUnique()}`,
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
];
