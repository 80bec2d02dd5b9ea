// A site's topology (docs/topology.md): its devices and the links their reports draw, in two queries
// whatever the site's size, made together: the devices with their latest heartbeat, and their LLDP neighbours.
import { sql } from 'drizzle-orm';
import type { TopologyNode } from '../../../core/api/topology.ts';
import type { HealthId, StatusId } from '../../../core/domain.ts';
import { productBrand } from '../../../core/product-catalogue.ts';
import { buildEdges, type LldpReport, type TopologyDevice } from '../../../core/topology.ts';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';

type DeviceRow = {
  id: number;
  name: string;
  mac: string;
  product_brand_id: number;
  product_type: string;
  status_id: StatusId;
  health_id: HealthId;
  reported_at: string | Date | null;
  telemetry: Pick<TopologyDevice, 'ports' | 'links' | 'meshPeers' | 'managedDevices'> | null;
};

type LldpRow = {
  device_id: number;
  local_port: string;
  chassis_id: string;
  port_id: string;
  last_seen_at: string | Date;
};

const asDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

export async function siteTopology(
  db: Database,
  cloudId: number,
  siteId: number,
  intervalS: number,
  now = new Date(),
) {
  // Both at once. devices_cloud_site_idx finds the site's devices, device_agents_device_key their agents.
  const devicesRead = queryRows<DeviceRow>(
    db,
    sql`SELECT d.id, d.name, d.mac, d.product_brand_id, d.product_type, d.status_id, d.health_id,
          a.last_heartbeat_at AS reported_at,
          CASE WHEN a.telemetry IS NULL THEN NULL ELSE jsonb_build_object('ports', a.telemetry -> 'ports',
            'links', a.telemetry -> 'links', 'meshPeers', a.telemetry -> 'meshPeers',
            'managedDevices', a.telemetry -> 'managedDevices') END AS telemetry
        FROM devices d LEFT JOIN device_agents a ON a.device_id = d.id
        WHERE d.cloud_id = ${cloudId} AND d.site_id = ${siteId} AND d.deleted_at IS NULL AND NOT d.decomm
        ORDER BY d.name, d.id`,
  );
  // The neighbours' primary key starts with the device: one index range per device of the site.
  const lldpRead = queryRows<LldpRow>(
    db,
    sql`SELECT n.device_id, n.local_port, n.chassis_id, n.port_id, n.last_seen_at
        FROM devices d JOIN lldp_neighbours n ON n.device_id = d.id
        WHERE d.cloud_id = ${cloudId} AND d.site_id = ${siteId} AND d.deleted_at IS NULL AND NOT d.decomm`,
  );
  const [rows, lldp] = await Promise.all([devicesRead, lldpRead]);
  const nodes = rows.map(
    (row): TopologyNode => ({
      id: row.id,
      name: row.name,
      model: productBrand(row.product_brand_id)?.name ?? null,
      family: row.product_type,
      status_id: row.status_id,
      health_id: row.health_id,
    }),
  );
  const devices = rows.map(
    (row): TopologyDevice => ({
      id: row.id,
      mac: row.mac,
      family: row.product_type,
      reportedAt: row.reported_at === null ? null : asDate(row.reported_at),
      ports: row.telemetry?.ports ?? undefined,
      links: row.telemetry?.links ?? undefined,
      meshPeers: row.telemetry?.meshPeers ?? undefined,
      managedDevices: row.telemetry?.managedDevices ?? undefined,
    }),
  );
  const reports = lldp.map(
    (row): LldpReport => ({
      deviceId: row.device_id,
      localPort: row.local_port,
      chassisId: row.chassis_id,
      portId: row.port_id,
      lastSeenAt: asDate(row.last_seen_at),
    }),
  );
  return { nodes, edges: buildEdges(devices, reports, { now, intervalS }) };
}
