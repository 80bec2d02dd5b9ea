// A smart NVR's cameras as the console keeps them (docs/cameras.md): the recorder_cameras rows its heartbeats
// write, and the discovered_cameras rows its ONVIF scans leave.
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type {
  CameraFilter,
  CameraItem,
  CameraStreamInfo,
  DiscoveredCamera,
} from '../../../core/api/cameras.ts';
import type { ListPage, ListPageRequest } from '../../../core/api/list-query.ts';
import type { TaskState } from '../../../core/domain.ts';
import type { Database } from '../../db/connect.ts';
import { countCapped } from '../../db/count-capped.ts';
import { likeContains } from '../../db/like.ts';
import { queryRows } from '../../db/rows.ts';
import { discoveredCameras, recorderCameras } from '../../db/schema/cameras.ts';
import { smartNvrs } from '../../db/schema/inventory.ts';

type CameraRow = typeof recorderCameras.$inferSelect;

const stream = (
  codec: CameraRow['mainCodec'],
  width: number | null,
  height: number | null,
): CameraStreamInfo | null => (codec && width && height ? { codec, width, height } : null);

function cameraItem(row: CameraRow): CameraItem {
  return {
    id: row.cameraId,
    name: row.name,
    model: row.model,
    ip: row.ip,
    firmware: row.firmware,
    main: stream(row.mainCodec, row.mainWidth, row.mainHeight),
    sub: stream(row.subCodec, row.subWidth, row.subHeight),
    status: row.stream,
    bitrate_kbps: row.bitrateKbps,
    recording: row.recording,
    recording_profile: row.recordingProfile,
    retention_days: row.retentionDays,
    storage_used_bytes: row.storageUsedBytes,
    last_frame_at: row.lastFrameAt?.toISOString() ?? null,
    last_seen_at: row.lastSeenAt.toISOString(),
  };
}

/** The cameras a recorder lists now: one of the cloud's recorders, not removed. */
const listed = (cloudId: number, recorderId: number) =>
  and(
    eq(recorderCameras.cloudId, cloudId),
    eq(recorderCameras.smartNvrId, recorderId),
    isNull(recorderCameras.removedAt),
  ) as SQL;

/**
 * One camera of the cloud's recorder, as the streaming pages need it: its name, its streams' codec and
 * picture size (null when the recorder has not said) and its stream state; null for a camera the recorder
 * does not list now.
 */
export async function getCamera(
  db: Database,
  cloudId: number,
  recorderId: number,
  cameraId: string,
): Promise<Pick<CameraItem, 'id' | 'name' | 'main' | 'sub' | 'status'> | null> {
  const camera = await findCamera(db, cloudId, recorderId, cameraId);
  return (
    camera && { id: camera.id, name: camera.name, main: camera.main, sub: camera.sub, status: camera.status }
  );
}

/** One camera of the cloud's recorder with all the page shows of it; null when it lists no such camera. */
export async function findCamera(
  db: Database,
  cloudId: number,
  recorderId: number,
  cameraId: string,
): Promise<CameraItem | null> {
  const [row] = await db
    .select()
    .from(recorderCameras)
    .where(and(listed(cloudId, recorderId), eq(recorderCameras.cameraId, cameraId)));
  return row ? cameraItem(row) : null;
}

/** The cloud's recorder, not deleted, and whether it reports now; null when there is none. */
export async function findRecorder(db: Database, cloudId: number, recorderId: number) {
  const [row] = await db
    .select({ id: smartNvrs.id, name: smartNvrs.name, statusId: smartNvrs.statusId })
    .from(smartNvrs)
    .where(and(eq(smartNvrs.id, recorderId), eq(smartNvrs.cloudId, cloudId), isNull(smartNvrs.deletedAt)));
  return row
    ? {
        id: row.id,
        name: row.name,
        online: row.statusId === 'STATUS_ONLINE' || row.statusId === 'STATUS_SKIPPED_HB',
      }
    : null;
}

function filterCondition(filter: CameraFilter): SQL | undefined {
  switch (filter) {
    case 'all':
      return undefined;
    case 'recording':
      return sql`${recorderCameras.recording} IS TRUE`;
    case 'not_recording':
      return sql`${recorderCameras.recording} IS NOT TRUE`;
    default:
      return eq(recorderCameras.stream, filter);
  }
}

/**
 * One page of a recorder's cameras by name (recorder_cameras_nvr_name_idx), the search matched against
 * name, model, address and the camera's id; a recorder has at most 64, so the search needs no index.
 */
export async function listCameras(
  db: Database,
  cloudId: number,
  recorderId: number,
  page: ListPageRequest & { filter: CameraFilter },
): Promise<ListPage<CameraItem>> {
  const pattern = page.search === '' ? null : likeContains(page.search);
  const where = and(
    listed(cloudId, recorderId),
    filterCondition(page.filter),
    pattern === null
      ? undefined
      : sql`(${recorderCameras.name} ILIKE ${pattern} OR ${recorderCameras.model} ILIKE ${pattern}
          OR ${recorderCameras.ip} ILIKE ${pattern} OR ${recorderCameras.cameraId} ILIKE ${pattern})`,
  ) as SQL;
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(recorderCameras)
      .where(where)
      .orderBy(asc(recorderCameras.name), asc(recorderCameras.cameraId))
      .offset(page.offset)
      .limit(page.limit),
    countCapped(db, recorderCameras, where, page),
  ]);
  return { items: rows.map(cameraItem), ...counted };
}

/** The cameras the recorder's latest scan found that it does not record now, by address. */
export async function listDiscoveredCameras(
  db: Database,
  cloudId: number,
  recorderId: number,
  page: { offset: number; limit: number },
  /** Only this one. */
  discoveredId?: number,
): Promise<ListPage<DiscoveredCamera>> {
  const where = and(
    eq(discoveredCameras.cloudId, cloudId),
    eq(discoveredCameras.smartNvrId, recorderId),
    discoveredId === undefined ? undefined : eq(discoveredCameras.id, discoveredId),
    sql`NOT EXISTS (SELECT 1 FROM ${recorderCameras} c WHERE c.smart_nvr_id = ${discoveredCameras.smartNvrId}
      AND c.ip = ${discoveredCameras.ip} AND c.removed_at IS NULL)`,
  ) as SQL;
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(discoveredCameras)
      .where(where)
      .orderBy(asc(discoveredCameras.ip))
      .offset(page.offset)
      .limit(page.limit),
    countCapped(db, discoveredCameras, where, page),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      ip: row.ip,
      manufacturer: row.manufacturer,
      model: row.model,
      name: row.name,
      found_at: row.foundAt.toISOString(),
    })),
    ...counted,
  };
}

/** A camera the recorder's latest scan found, that it does not record now; null otherwise. */
export async function findDiscoveredCamera(
  db: Database,
  cloudId: number,
  recorderId: number,
  discoveredId: number,
): Promise<DiscoveredCamera | null> {
  const page = await listDiscoveredCameras(db, cloudId, recorderId, { offset: 0, limit: 1 }, discoveredId);
  return page.items[0] ?? null;
}

/** The recorder's latest ONVIF scan (task_targets_nvr_idx), or null when none was run. */
export async function latestScan(db: Database, recorderId: number) {
  const [row] = await queryRows<{ task_id: number; task_state: TaskState; execute_at: Date | string }>(
    db,
    sql`
    SELECT k.id AS task_id, k.task_state, k.execute_at
    FROM task_targets t JOIN tasks k ON k.id = t.task_id
    WHERE t.smart_nvr_id = ${recorderId} AND k.type_id = 'TASK_ONVIF_SCAN_AND_COLLECT'
    ORDER BY t.task_id DESC LIMIT 1`,
  );
  return row
    ? { task_id: row.task_id, task_state: row.task_state, execute_at: new Date(row.execute_at).toISOString() }
    : null;
}
