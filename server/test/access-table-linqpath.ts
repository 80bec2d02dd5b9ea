// The access table's rows for LinqPath (docs/linqpath.md#who-may-use-it): saved plans are read by the
// members who see every site and changed with manage_sites; a made-up plan is none (404).
import type { Call, Rule } from './access-rules.ts';
import type { RoleCloud } from './role-cloud.ts';

const readers: Rule = { kind: 'allSites' };
const editors: Rule = { kind: 'member', permission: 'manage_sites' };
const plans =
  (path = '') =>
  (f: RoleCloud) =>
    `/apiv2/cloud/${f.cloud.id}/linqpath/plans${path}`;
const MISSING = '/2147483647';

/** A 60 GHz link of about 550 m between two typed points (catalogue model 150: ML-60-PTP-XR-1G). */
export const tableLinqPathInputs = () => {
  const end = (label: string, latitude: number) => ({
    label,
    latitude,
    longitude: -122.4,
    height_m: 12,
    product_brand_id: 150,
    cable_loss_db: 0,
    device_id: null,
    site_id: null,
  });
  return {
    kind: 'ptp',
    a: end('Roof A', 37.7),
    b: end('Roof B', 37.705),
    rain_zone: 'K',
    availability_percent: 99.99,
    polarization: 'horizontal',
    terrain: [],
  };
};

let unique = 0;

export const LINQPATH_CALLS: Call[] = [
  {
    method: 'GET',
    url: (f) => `/apiv2/cloud/${f.cloud.id}/linqpath/places?search=Site`,
    rule: { kind: 'member' },
  },
  { method: 'GET', url: plans('?limit=10'), rule: readers },
  { method: 'GET', url: plans(MISSING), rule: { kind: 'allSites', status: 404 } },
  { method: 'GET', url: plans(`${MISSING}/pdf`), rule: { kind: 'allSites', status: 404 } },
  {
    method: 'POST',
    url: plans(),
    rule: editors,
    body: () => ({ name: `Table plan ${++unique}`, inputs: tableLinqPathInputs() }),
  },
  {
    method: 'PATCH',
    url: plans(MISSING),
    rule: { ...editors, status: 404 },
    body: () => ({ name: 'Renamed' }),
  },
  { method: 'DELETE', url: plans(MISSING), rule: { ...editors, status: 404 } },
];
