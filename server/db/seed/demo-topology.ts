// The demo's LLDP neighbours (docs/topology.md#lldp): each demo site cabled as the simulator cables it
// (sim/lldp.ts), listed now by both ends, so the topology draws every cable from the start; the
// simulator's heartbeats keep them fresh.
import { sql } from 'drizzle-orm';
import { planRadioLinks } from '../../../core/fleet/radio-links.ts';
import { modelHardware, portCount } from '../../../core/product-hardware.ts';
import { isRemoteEnd, joinWiring, lldpOf } from '../../../sim/lldp.ts';
import type { Place } from '../../../sim/places.ts';
import type { Database } from '../connect.ts';
import { jsonRows, queryRows } from '../rows.ts';

type Row = {
  id: number;
  sn: string;
  mac: string;
  hostname: string | null;
  product_type: string;
  product_brand_id: number;
  site_id: number;
};

export async function seedTopology(db: Database, cloudId: number, now: Date): Promise<void> {
  const devices = await queryRows<Row>(
    db,
    sql`SELECT id, sn, mac, hostname, product_type, product_brand_id, site_id FROM devices
        WHERE cloud_id = ${cloudId} AND site_id IS NOT NULL AND deleted_at IS NULL AND NOT decomm`,
  );
  // The radio links the simulator plans for these devices: their far ends are cabled to nothing here.
  const peers = planRadioLinks(
    devices.map((device) => ({
      sn: device.sn,
      mac: device.mac,
      productBrandId: device.product_brand_id,
      productType: device.product_type,
      place: `site-${device.site_id}`,
    })),
  );
  const places = new Map<number, Place>();
  for (const device of devices) {
    let place = places.get(device.site_id);
    if (!place) {
      place = { aps: [], clients: new Map() };
      places.set(device.site_id, place);
    }
    const hardware = modelHardware(device.product_brand_id);
    joinWiring(place, {
      mac: device.mac,
      type: device.product_type,
      name: device.hostname || device.mac,
      ports: hardware?.ports ? portCount(hardware.ports) : 0,
      wanPorts: hardware?.wanPorts ?? 0,
      remote: isRemoteEnd(hardware?.link?.role, device.mac, peers.get(device.mac)?.links ?? []),
    });
  }
  const rows = devices.flatMap((device) =>
    lldpOf(places.get(device.site_id) as Place, device.mac).map((neighbour) => ({
      device_id: device.id,
      local_port: neighbour.localPort,
      chassis_id: neighbour.chassisId.toLowerCase(),
      port_id: neighbour.portId,
      system_name: neighbour.systemName ?? null,
    })),
  );
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO lldp_neighbours (device_id, local_port, chassis_id, port_id, system_name, last_seen_at)
    SELECT v.device_id, v.local_port, v.chassis_id, v.port_id, v.system_name, ${now.toISOString()}::timestamptz
    FROM jsonb_to_recordset(${jsonRows(rows)}) AS v(device_id int, local_port text, chassis_id text,
      port_id text, system_name text)
    ON CONFLICT DO NOTHING`);
}
