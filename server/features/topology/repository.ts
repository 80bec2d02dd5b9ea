// A site's topology (docs/topology.md): its devices and the links their reports draw, in two queries
// whatever the site's size, made together: the devices with the links their latest heartbeat reports
// (device_links, not the heartbeat's whole telemetry), and their LLDP neighbours.
import { sql } from 'drizzle-orm';
import type { TopologyModel, TopologyNode } from '../../../core/api/topology.ts';
import type { HealthId } from '../../../core/domain.ts';
import { productBrand } from '../../../core/product-catalogue.ts';
import {
  buildEdges,
  type LinkReports,
  type LldpReport,
  type TopologyDevice,
} from '../../../core/topology.ts';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';

type DeviceRow = {
  id: number;
  name: string;
  mac: string;
  product_brand_id: number;
  product_type: string;
  health_id: HealthId;
  /** Milliseconds since the epoch, cheaper to read than a timestamp. */
  reported_at: number | null;
  links: LinkReports | null;
};

type LldpRow = {
  device_id: number;
  local_port: string;
  chassis_id: string;
  port_id: string;
  last_seen_at: number;
};

export async function siteTopology(
  db: Database,
  cloudId: number,
  siteId: number,
  intervalS: number,
  now = new Date(),
) {
  // Both at once. devices_cloud_site_idx finds the site's devices, device_agents_device_key their agents
  // (for the time of their latest heartbeat) and device_links' primary key their links.
  const devicesRead = queryRows<DeviceRow>(
    db,
    sql`SELECT d.id, d.name, d.mac, d.product_brand_id, d.product_type, d.health_id,
          (extract(epoch FROM a.last_heartbeat_at) * 1000)::float8 AS reported_at, l.links
        FROM devices d LEFT JOIN device_agents a ON a.device_id = d.id
          LEFT JOIN device_links l ON l.device_id = d.id
        WHERE d.cloud_id = ${cloudId} AND d.site_id = ${siteId} AND d.deleted_at IS NULL AND NOT d.decomm
        ORDER BY d.name, d.id`,
  );
  // The neighbours' primary key starts with the device: one index range per device of the site.
  const lldpRead = queryRows<LldpRow>(
    db,
    sql`SELECT n.device_id, n.local_port, n.chassis_id, n.port_id,
          (extract(epoch FROM n.last_seen_at) * 1000)::float8 AS last_seen_at
        FROM devices d JOIN lldp_neighbours n ON n.device_id = d.id
        WHERE d.cloud_id = ${cloudId} AND d.site_id = ${siteId} AND d.deleted_at IS NULL AND NOT d.decomm`,
  );
  const [rows, lldp] = await Promise.all([devicesRead, lldpRead]);
  // Each model once: its name and family are the same for every device of it.
  const models: TopologyModel[] = [];
  const modelIndex = new Map<string, number>();
  const modelOf = (row: DeviceRow) => {
    const key = `${row.product_brand_id} ${row.product_type}`;
    let index = modelIndex.get(key);
    if (index === undefined) {
      index = models.length;
      models.push({ name: productBrand(row.product_brand_id)?.name ?? null, family: row.product_type });
      modelIndex.set(key, index);
    }
    return index;
  };
  const nodes = rows.map(
    (row): TopologyNode => ({ id: row.id, name: row.name, model: modelOf(row), health_id: row.health_id }),
  );
  const devices = rows.map(
    (row): TopologyDevice => ({
      ...row.links,
      id: row.id,
      mac: row.mac,
      family: row.product_type,
      reportedAt: row.reported_at === null ? null : new Date(row.reported_at),
    }),
  );
  const reports = lldp.map(
    (row): LldpReport => ({
      deviceId: row.device_id,
      localPort: row.local_port,
      chassisId: row.chassis_id,
      portId: row.port_id,
      lastSeenAt: new Date(row.last_seen_at),
    }),
  );
  return { models, nodes, edges: buildEdges(devices, reports, { now, intervalS }) };
}
