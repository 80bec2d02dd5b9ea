// The site map's reads and writes (docs/site-map.md): a site's devices with their place, health and links.
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { SiteMapDevice, SiteMapLink } from '../../../core/api/site-map.ts';
import type { HealthId, StatusId } from '../../../core/domain.ts';
import { productBrand } from '../../../core/product-catalogue.ts';
import { actorOf, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';
import { uplinkOf } from '../devices/list-repository.ts';

type RadioLink = { peerMac: string; band: string; up: boolean; capacityMbps?: number };
type Telemetry = {
  wan?: { name: string; up: boolean }[];
  links?: RadioLink[];
  meshPeers?: { mac: string; capacityMbps: number; hops: number }[];
  ports?: { port: number; link: boolean; speedMbps: number }[];
};

type DeviceRow = {
  id: number;
  name: string;
  mac: string;
  product_brand_id: number;
  product_type: string;
  status_id: StatusId;
  blocked: boolean;
  health_id: HealthId;
  latitude: number | null;
  longitude: number | null;
  clients: number | null;
  telemetry: Telemetry | null;
};

export type MapSite = { id: number; name: string; latitude: number | null; longitude: number | null };

export async function findSite(db: Database, cloudId: number, siteId: number): Promise<MapSite | null> {
  const [site] = await queryRows<MapSite>(
    db,
    sql`SELECT id, name, latitude, longitude FROM sites
        WHERE id = ${siteId} AND cloud_id = ${cloudId} AND deleted_at IS NULL`,
  );
  return site ?? null;
}

/** The site's live devices, with only the parts of their latest heartbeat the map draws. */
async function siteDeviceRows(db: Database, cloudId: number, siteId: number): Promise<DeviceRow[]> {
  return queryRows<DeviceRow>(
    db,
    sql`SELECT d.id, d.name, lower(d.mac) AS mac, d.product_brand_id, d.product_type,
          d.status_id, d.blocked, d.health_id, d.latitude, d.longitude,
          (SELECT m.clients FROM device_metrics m WHERE m.agent_id = a.id ORDER BY m.at DESC LIMIT 1) AS clients,
          CASE WHEN a.telemetry IS NULL THEN NULL ELSE jsonb_build_object('wan', a.telemetry -> 'wan',
            'links', a.telemetry -> 'links', 'meshPeers', a.telemetry -> 'meshPeers',
            'ports', a.telemetry -> 'ports') END AS telemetry
        FROM devices d LEFT JOIN device_agents a ON a.device_id = d.id
        WHERE d.cloud_id = ${cloudId} AND d.site_id = ${siteId} AND d.deleted_at IS NULL AND NOT d.decomm
        ORDER BY d.name, d.id`,
  );
}

const ONLINE: readonly StatusId[] = ['STATUS_ONLINE', 'STATUS_SKIPPED_HB'];

/**
 * Radio links between two devices of the site, once per pair: a link is up when either end reports it up
 * (the other end's report may be a heartbeat older).
 */
function linksOf(rows: DeviceRow[]): SiteMapLink[] {
  const byMac = new Map(rows.map((row) => [row.mac, row.id]));
  const pairs = new Map<string, SiteMapLink>();
  for (const row of rows) {
    for (const link of row.telemetry?.links ?? []) {
      const peer = byMac.get(link.peerMac.toLowerCase());
      if (peer === undefined || peer === row.id) continue;
      const [from, to] = row.id < peer ? [row.id, peer] : [peer, row.id];
      const key = `${from}-${to}`;
      const known = pairs.get(key);
      const state = link.up ? 'up' : 'down';
      if (known) {
        if (state === 'up') known.state = 'up';
        known.capacity_mbps ??= link.capacityMbps ?? null;
        continue;
      }
      pairs.set(key, {
        from_device_id: from,
        to_device_id: to,
        band: link.band,
        state,
        capacity_mbps: link.capacityMbps ?? null,
      });
    }
  }
  return [...pairs.values()];
}

export async function siteMapContent(
  db: Database,
  cloudId: number,
  siteId: number,
): Promise<{ devices: SiteMapDevice[]; links: SiteMapLink[] }> {
  const rows = await siteDeviceRows(db, cloudId, siteId);
  const devices = rows.map(
    (row): SiteMapDevice => ({
      id: row.id,
      name: row.name,
      model: productBrand(row.product_brand_id)?.name ?? null,
      product_type: row.product_type,
      status_id: row.status_id,
      online: !row.blocked && ONLINE.includes(row.status_id),
      blocked: row.blocked,
      health_id: row.health_id,
      clients: row.clients === null ? null : Number(row.clients),
      uplink: uplinkOf(row.telemetry),
      latitude: row.latitude,
      longitude: row.longitude,
    }),
  );
  return { devices, links: linksOf(rows) };
}

export type LocatedDevice = {
  id: number;
  name: string;
  site_id: number | null;
  latitude: number | null;
  longitude: number | null;
};

export async function findDevice(db: Database, cloudId: number, deviceId: number) {
  const [device] = await queryRows<LocatedDevice>(
    db,
    sql`SELECT id, name, site_id, latitude, longitude FROM devices
        WHERE id = ${deviceId} AND cloud_id = ${cloudId} AND deleted_at IS NULL`,
  );
  return device ?? null;
}

/** Sets the device's place and records the change in the change log, together. */
export async function moveDevice(
  db: Database,
  request: FastifyRequest,
  cloudId: number,
  device: LocatedDevice,
  place: { latitude: number | null; longitude: number | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`UPDATE devices SET latitude = ${place.latitude}::float8, longitude = ${place.longitude}::float8,
            updated_at = now()
          WHERE id = ${device.id} AND cloud_id = ${cloudId}`,
    );
    await audit(tx, actorOf(request), {
      cloudId,
      action: 'changed',
      objectType: 'device',
      objectId: device.id,
      objectName: device.name,
      before: { latitude: device.latitude, longitude: device.longitude },
      after: place,
    });
  });
}
