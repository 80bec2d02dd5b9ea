// The access table's rows for sites and site groupings, the uploaded files, and each device's own reads.
import { cloudUrl, idOf, member, nextUnique, spare } from './access-rows.ts';
import type { Call } from './access-rules.ts';

export const SITE_CALLS: Call[] = [
  {
    method: 'POST',
    url: cloudUrl('/sites'),
    rule: member('manage_sites'),
    body: () => ({ name: `New ${nextUnique()}` }),
  },
  { method: 'GET', url: cloudUrl('/site-filters-select'), rule: member() },
  // A cloud token acts for no person: the active grouping is the caller’s own, a saved one has a maker.
  {
    method: 'POST',
    url: cloudUrl('/site-filters-select'),
    person: true,
    rule: member('manage_sites'),
    body: (f) => ({ siteFilterId: f.filter.id }),
  },
  { method: 'DELETE', url: cloudUrl('/site-filters-select'), rule: member(), person: true },
  {
    method: 'POST',
    url: cloudUrl('/site-filters'),
    person: true,
    rule: member('manage_sites'),
    body: (f) => ({ name: `Group ${nextUnique()}`, site_ids: [f.sites.assigned.id] }),
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
      body: () => ({ name: `Renamed site ${nextUnique()}` }),
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
    body: () => ({ name: `Regrouped ${nextUnique()}` }),
  },
  {
    method: 'DELETE',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/site-filters/${spare(f.spareFilters)}`,
    rule: member('manage_sites'),
  },
  // A cloud token uploads as the member it stands for; the file has no uploader (docs/api-tokens.md).
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
];
