import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { intArray, jsonRows } from '../db/rows.ts';
import type { AppliedHeartbeat } from './heartbeats.ts';

/**
 * Keeps the cameras each recorder's heartbeat lists (docs/cameras.md#from-the-heartbeat): every listed one
 * is written as reported, and one of the recorder's cameras the heartbeat leaves out is marked removed
 * (until a heartbeat lists it again). A heartbeat without `cameras` leaves the recorder's rows as they are.
 */
export async function storeCameras(tx: Database, applied: readonly AppliedHeartbeat[]): Promise<void> {
  const rows: Record<string, unknown>[] = [];
  const recorderIds: number[] = [];
  for (const { agent, report, at } of applied) {
    if (agent.smartNvrId === null || report.cameras === undefined) continue;
    recorderIds.push(agent.smartNvrId);
    const seen = new Set<string>();
    for (const camera of report.cameras) {
      if (seen.has(camera.id)) continue;
      seen.add(camera.id);
      rows.push({
        cloud_id: agent.cloudId,
        nvr: agent.smartNvrId,
        camera_id: camera.id,
        name: camera.name,
        model: camera.model ?? null,
        ip: camera.ip ?? null,
        firmware: camera.firmware ?? null,
        main_codec: camera.main?.codec ?? null,
        main_width: camera.main?.width ?? null,
        main_height: camera.main?.height ?? null,
        sub_codec: camera.sub?.codec ?? null,
        sub_width: camera.sub?.width ?? null,
        sub_height: camera.sub?.height ?? null,
        stream: camera.stream,
        bitrate: camera.bitrateKbps,
        recording: camera.recording ?? null,
        profile: camera.profile ?? null,
        retention: camera.retentionDays ?? null,
        storage: camera.storageUsedBytes ?? null,
        last_frame: camera.lastFrameAt ?? null,
        at: at.toISOString(),
      });
    }
  }
  if (recorderIds.length === 0) return;
  if (rows.length > 0) {
    // Sorted, so concurrent batches lock the rows in the same order.
    rows.sort((a, b) =>
      a.nvr === b.nvr ? (String(a.camera_id) < String(b.camera_id) ? -1 : 1) : Number(a.nvr) - Number(b.nvr),
    );
    await tx.execute(sql`
      INSERT INTO recorder_cameras (cloud_id, smart_nvr_id, camera_id, name, model, ip, firmware, main_codec,
        main_width, main_height, sub_codec, sub_width, sub_height, stream, bitrate_kbps, recording,
        recording_profile, retention_days, storage_used_bytes, last_frame_at, first_seen_at, last_seen_at,
        removed_at)
      SELECT v.cloud_id, v.nvr, v.camera_id, v.name, v.model, v.ip, v.firmware, v.main_codec, v.main_width,
        v.main_height, v.sub_codec, v.sub_width, v.sub_height, v.stream, v.bitrate, v.recording, v.profile,
        v.retention, v.storage, v.last_frame, v.at, v.at, NULL
      FROM jsonb_to_recordset(${jsonRows(rows)}) AS v(cloud_id int, nvr int, camera_id text, name text,
        model text, ip text, firmware text, main_codec text, main_width int, main_height int, sub_codec text,
        sub_width int, sub_height int, stream text, bitrate int, recording boolean, profile text,
        retention int, storage bigint, last_frame timestamptz, at timestamptz)
      ON CONFLICT (smart_nvr_id, camera_id) DO UPDATE SET cloud_id = excluded.cloud_id, name = excluded.name,
        model = excluded.model, ip = excluded.ip, firmware = excluded.firmware,
        main_codec = excluded.main_codec, main_width = excluded.main_width, main_height = excluded.main_height,
        sub_codec = excluded.sub_codec, sub_width = excluded.sub_width, sub_height = excluded.sub_height,
        stream = excluded.stream, bitrate_kbps = excluded.bitrate_kbps, recording = excluded.recording,
        recording_profile = excluded.recording_profile, retention_days = excluded.retention_days,
        storage_used_bytes = excluded.storage_used_bytes, last_frame_at = excluded.last_frame_at,
        last_seen_at = excluded.last_seen_at, removed_at = NULL`);
  }
  const listed = rows.map((row) => ({ nvr: row.nvr, camera_id: row.camera_id }));
  const at = applied[0]?.at.toISOString() ?? new Date().toISOString();
  await tx.execute(sql`
    UPDATE recorder_cameras c SET removed_at = ${at}::timestamptz
    WHERE c.smart_nvr_id = ANY(${intArray(recorderIds)}) AND c.removed_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(${jsonRows(listed)}) AS v(nvr int, camera_id text)
        WHERE v.nvr = c.smart_nvr_id AND v.camera_id = c.camera_id)`);
}

/** A scan's finding as a recorder reports it (TASK_ONVIF_SCAN_AND_COLLECT's result `cameras`). */
type FoundCamera = { ip: string; manufacturer: string; model: string; name: string };

/**
 * A recorder's ONVIF scan that succeeded replaces what its previous scan found
 * (docs/cameras.md#discovered-cameras): one row per address, the first of a repeated one kept.
 */
export async function storeDiscoveredCameras(
  tx: Database,
  scan: { cloudId: number; smartNvrId: number; taskId: number; at: Date; cameras: readonly FoundCamera[] },
): Promise<void> {
  const byIp = new Map<string, FoundCamera>();
  for (const camera of scan.cameras) if (!byIp.has(camera.ip)) byIp.set(camera.ip, camera);
  const rows = [...byIp.values()]
    .sort((a, b) => (a.ip < b.ip ? -1 : 1))
    .map(({ ip, manufacturer, model, name }) => ({ ip, manufacturer, model, name }));
  await tx.execute(sql`
    DELETE FROM discovered_cameras d WHERE d.smart_nvr_id = ${scan.smartNvrId}
      AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(${jsonRows(rows)}) AS v(ip text) WHERE v.ip = d.ip)`);
  if (rows.length === 0) return;
  await tx.execute(sql`
    INSERT INTO discovered_cameras (cloud_id, smart_nvr_id, ip, manufacturer, model, name, task_id, found_at)
    SELECT ${scan.cloudId}, ${scan.smartNvrId}, v.ip, v.manufacturer, v.model, v.name, ${scan.taskId},
      ${scan.at.toISOString()}::timestamptz
    FROM jsonb_to_recordset(${jsonRows(rows)}) AS v(ip text, manufacturer text, model text, name text)
    ON CONFLICT (smart_nvr_id, ip) DO UPDATE SET cloud_id = excluded.cloud_id,
      manufacturer = excluded.manufacturer, model = excluded.model, name = excluded.name,
      task_id = excluded.task_id, found_at = excluded.found_at`);
}
