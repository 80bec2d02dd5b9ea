// Floor maps' reads and writes (docs/floor-maps.md): a site's floors, their plans, and devices' places.
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { FLOORS_MAX, type Floor, type FloorDevice, type FloorScale } from '../../../core/api/floor-maps.ts';
import type { HealthId, StatusId } from '../../../core/domain.ts';
import { actorOf, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';
import { storeFile } from '../files/repository.ts';

type FloorRow = {
  id: number;
  name: string;
  position: number;
  plan_file_id: number | null;
  plan_name: string | null;
  plan_content_type: string | null;
  plan_size: number | null;
  scale_x_1: number | null;
  scale_y_1: number | null;
  scale_x_2: number | null;
  scale_y_2: number | null;
  scale_metres: number | null;
};

function floorOf(row: FloorRow): Floor {
  const scale: FloorScale | null =
    row.scale_metres === null
      ? null
      : {
          x1: Number(row.scale_x_1),
          y1: Number(row.scale_y_1),
          x2: Number(row.scale_x_2),
          y2: Number(row.scale_y_2),
          metres: Number(row.scale_metres),
        };
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    plan:
      row.plan_file_id === null
        ? null
        : {
            file_id: row.plan_file_id,
            name: row.plan_name ?? '',
            content_type: row.plan_content_type ?? '',
            size: Number(row.plan_size),
          },
    scale,
  };
}

const FLOOR_COLUMNS = sql`f.id, f.name, f.position, f.plan_file_id, u.name AS plan_name,
  u.content_type AS plan_content_type, u.size AS plan_size, f.scale_x_1, f.scale_y_1, f.scale_x_2,
  f.scale_y_2, f.scale_metres`;

export type FloorSite = { id: number; name: string };

export async function findSite(db: Database, cloudId: number, siteId: number): Promise<FloorSite | null> {
  const [site] = await queryRows<FloorSite>(
    db,
    sql`SELECT id, name FROM sites WHERE id = ${siteId} AND cloud_id = ${cloudId} AND deleted_at IS NULL`,
  );
  return site ?? null;
}

/** The site's floors in order: a site has at most FLOORS_MAX. */
export async function listFloors(db: Database, cloudId: number, siteId: number): Promise<Floor[]> {
  const rows = await queryRows<FloorRow>(
    db,
    sql`SELECT ${FLOOR_COLUMNS} FROM floors f LEFT JOIN uploaded_files u ON u.id = f.plan_file_id
        WHERE f.site_id = ${siteId} AND f.cloud_id = ${cloudId}
        ORDER BY f.position, f.id LIMIT ${FLOORS_MAX}`,
  );
  return rows.map(floorOf);
}

export async function findFloor(
  db: Database,
  cloudId: number,
  siteId: number,
  floorId: number,
): Promise<Floor | null> {
  const [row] = await queryRows<FloorRow>(
    db,
    sql`SELECT ${FLOOR_COLUMNS} FROM floors f LEFT JOIN uploaded_files u ON u.id = f.plan_file_id
        WHERE f.id = ${floorId} AND f.site_id = ${siteId} AND f.cloud_id = ${cloudId}`,
  );
  return row ? floorOf(row) : null;
}

type DeviceRow = Omit<FloorDevice, 'online' | 'clients'> & { blocked: boolean; clients: number | null };
const ONLINE: readonly StatusId[] = ['STATUS_ONLINE', 'STATUS_SKIPPED_HB'];

/** The site's live devices with their health, clients and place on one of the site's floors. */
export async function floorDevices(db: Database, cloudId: number, siteId: number): Promise<FloorDevice[]> {
  const rows = await queryRows<DeviceRow & { health_id: HealthId }>(
    db,
    sql`SELECT d.id, d.name, d.product_type, d.status_id, d.blocked, d.health_id,
          (SELECT m.clients FROM device_metrics m WHERE m.agent_id = a.id ORDER BY m.at DESC LIMIT 1) AS clients,
          f.id AS floor_id, CASE WHEN f.id IS NULL THEN NULL ELSE p.x END AS x,
          CASE WHEN f.id IS NULL THEN NULL ELSE p.y END AS y
        FROM devices d
        LEFT JOIN device_agents a ON a.device_id = d.id
        LEFT JOIN floor_positions p ON p.device_id = d.id
        LEFT JOIN floors f ON f.id = p.floor_id AND f.site_id = d.site_id
        WHERE d.cloud_id = ${cloudId} AND d.site_id = ${siteId} AND d.deleted_at IS NULL AND NOT d.decomm
        ORDER BY d.name, d.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    product_type: row.product_type,
    status_id: row.status_id,
    online: !row.blocked && ONLINE.includes(row.status_id),
    health_id: row.health_id,
    clients: row.clients === null ? null : Number(row.clients),
    floor_id: row.floor_id,
    x: row.x === null ? null : Number(row.x),
    y: row.y === null ? null : Number(row.y),
  }));
}

/** A floor's change is a change of its site in the change log, naming the floor. */
const recordSite = (
  tx: Database,
  request: FastifyRequest,
  cloudId: number,
  site: FloorSite,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) =>
  audit(tx, actorOf(request), {
    cloudId,
    action: 'changed',
    objectType: 'site',
    objectId: site.id,
    objectName: site.name,
    before,
    after,
  });

/** Adds a floor after the others; null when the site already has FLOORS_MAX floors. */
export async function createFloor(
  db: Database,
  request: FastifyRequest,
  cloudId: number,
  site: FloorSite,
  name: string,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    // One floor added at a time per site, so two at once cannot pass the cap together.
    await tx.execute(sql`SELECT id FROM sites WHERE id = ${site.id} FOR UPDATE`);
    const [count] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM floors WHERE site_id = ${site.id}`,
    );
    const n = Number(count?.n ?? 0);
    if (n >= FLOORS_MAX) return null;
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO floors (cloud_id, site_id, name, position) VALUES (${cloudId}, ${site.id}, ${name}, ${n})
          RETURNING id`,
    );
    await recordSite(tx, request, cloudId, site, null, { floor: name });
    return row?.id ?? null;
  });
}

/** Writes the floors' order: `ids` is every floor of the site, first to last. */
async function writeOrder(tx: Database, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map((id, position) => sql`(${id}::int, ${position}::int)`),
    sql`, `,
  );
  await tx.execute(
    sql`UPDATE floors SET position = v.position, updated_at = now()
        FROM (VALUES ${values}) AS v(id, position) WHERE floors.id = v.id`,
  );
}

export async function updateFloor(
  db: Database,
  request: FastifyRequest,
  cloudId: number,
  site: FloorSite,
  floor: Floor,
  change: { name?: string; position?: number; scale?: FloorScale | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM sites WHERE id = ${site.id} FOR UPDATE`);
    if (change.name !== undefined) {
      await tx.execute(
        sql`UPDATE floors SET name = ${change.name}, updated_at = now() WHERE id = ${floor.id}`,
      );
    }
    if (change.scale !== undefined) {
      const s = change.scale;
      await tx.execute(
        sql`UPDATE floors SET scale_x_1 = ${s?.x1 ?? null}::float8, scale_y_1 = ${s?.y1 ?? null}::float8,
              scale_x_2 = ${s?.x2 ?? null}::float8, scale_y_2 = ${s?.y2 ?? null}::float8,
              scale_metres = ${s?.metres ?? null}::float8, updated_at = now()
            WHERE id = ${floor.id}`,
      );
    }
    if (change.position !== undefined) {
      const ids = (await listFloors(tx, cloudId, site.id)).map((f) => f.id).filter((id) => id !== floor.id);
      ids.splice(Math.min(change.position, ids.length), 0, floor.id);
      await writeOrder(tx, ids);
    }
    const before: Record<string, unknown> = { floor: floor.name };
    const after: Record<string, unknown> = { floor: change.name ?? floor.name };
    if (change.name !== undefined) before.name = floor.name;
    if (change.name !== undefined) after.name = change.name;
    if (change.position !== undefined) {
      before.position = floor.position;
      after.position = change.position;
    }
    if (change.scale !== undefined) {
      before.scale = floor.scale;
      after.scale = change.scale;
    }
    await recordSite(tx, request, cloudId, site, before, after);
  });
}

/** Deletes the floor and its plan; its devices are on no floor after it, and the others close up. */
export async function deleteFloor(
  db: Database,
  request: FastifyRequest,
  cloudId: number,
  site: FloorSite,
  floor: Floor,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM sites WHERE id = ${site.id} FOR UPDATE`);
    await tx.execute(sql`DELETE FROM floors WHERE id = ${floor.id}`);
    if (floor.plan) await tx.execute(sql`DELETE FROM uploaded_files WHERE id = ${floor.plan.file_id}`);
    await writeOrder(
      tx,
      (await listFloors(tx, cloudId, site.id)).map((f) => f.id),
    );
    await recordSite(tx, request, cloudId, site, { floor: floor.name }, null);
  });
}

/** Stores a new plan for the floor in place of its old one; the old plan's scale no longer holds. */
export async function replacePlan(
  db: Database,
  request: FastifyRequest,
  cloudId: number,
  site: FloorSite,
  floor: Floor,
  plan: { userId: number | null; name: string; contentType: string; data: Buffer },
): Promise<void> {
  await db.transaction(async (tx) => {
    const stored = await storeFile(tx, {
      cloudId,
      uploadedByUserId: plan.userId,
      name: plan.name,
      contentType: plan.contentType,
      data: plan.data,
    });
    await tx.execute(
      sql`UPDATE floors SET plan_file_id = ${stored.id}, scale_x_1 = NULL, scale_y_1 = NULL, scale_x_2 = NULL,
            scale_y_2 = NULL, scale_metres = NULL, updated_at = now()
          WHERE id = ${floor.id}`,
    );
    if (floor.plan) await tx.execute(sql`DELETE FROM uploaded_files WHERE id = ${floor.plan.file_id}`);
    await recordSite(
      tx,
      request,
      cloudId,
      site,
      { floor: floor.name, plan: floor.plan?.name ?? null },
      { floor: floor.name, plan: stored.name },
    );
  });
}

/** Takes the floor's plan away (and its scale); devices keep their places for the next plan. */
export async function removePlan(
  db: Database,
  request: FastifyRequest,
  cloudId: number,
  site: FloorSite,
  floor: Floor,
): Promise<void> {
  if (!floor.plan) return;
  const planFileId = floor.plan.file_id;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`UPDATE floors SET plan_file_id = NULL, scale_x_1 = NULL, scale_y_1 = NULL, scale_x_2 = NULL,
            scale_y_2 = NULL, scale_metres = NULL, updated_at = now()
          WHERE id = ${floor.id}`,
    );
    await tx.execute(sql`DELETE FROM uploaded_files WHERE id = ${planFileId}`);
    await recordSite(
      tx,
      request,
      cloudId,
      site,
      { floor: floor.name, plan: floor.plan?.name ?? null },
      { floor: floor.name, plan: null },
    );
  });
}

export async function planContent(db: Database, cloudId: number, fileId: number) {
  const [file] = await queryRows<{ name: string; content_type: string; data: Buffer }>(
    db,
    sql`SELECT name, content_type, data FROM uploaded_files WHERE id = ${fileId} AND cloud_id = ${cloudId}`,
  );
  return file ?? null;
}

export type PositionedDevice = {
  id: number;
  name: string;
  site_id: number | null;
  floor_id: number | null;
  x: number | null;
  y: number | null;
};

/** The device with its place on one of its site's floors. */
export async function findDevice(db: Database, cloudId: number, deviceId: number) {
  const [device] = await queryRows<PositionedDevice>(
    db,
    sql`SELECT d.id, d.name, d.site_id, f.id AS floor_id,
          CASE WHEN f.id IS NULL THEN NULL ELSE p.x END AS x, CASE WHEN f.id IS NULL THEN NULL ELSE p.y END AS y
        FROM devices d
        LEFT JOIN floor_positions p ON p.device_id = d.id
        LEFT JOIN floors f ON f.id = p.floor_id AND f.site_id = d.site_id
        WHERE d.id = ${deviceId} AND d.cloud_id = ${cloudId} AND d.deleted_at IS NULL`,
  );
  return device ?? null;
}

/** Puts the device on a floor (or on none) and records the change in the change log, together. */
export async function positionDevice(
  db: Database,
  request: FastifyRequest,
  cloudId: number,
  device: PositionedDevice,
  place: { floor_id: number; x: number; y: number } | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (place) {
      await tx.execute(
        sql`INSERT INTO floor_positions (device_id, floor_id, x, y)
            VALUES (${device.id}, ${place.floor_id}, ${place.x}::float8, ${place.y}::float8)
            ON CONFLICT (device_id) DO UPDATE SET floor_id = excluded.floor_id, x = excluded.x, y = excluded.y,
              updated_at = now()`,
      );
    } else {
      await tx.execute(sql`DELETE FROM floor_positions WHERE device_id = ${device.id}`);
    }
    await audit(tx, actorOf(request), {
      cloudId,
      action: 'changed',
      objectType: 'device',
      objectId: device.id,
      objectName: device.name,
      before: { floor_id: device.floor_id, x: device.x, y: device.y },
      after: place ?? { floor_id: null, x: null, y: null },
    });
  });
}
