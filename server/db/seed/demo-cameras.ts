// The demo recorders' cameras (docs/cameras.md), as their heartbeats would have left them, so the IP Cameras
// page is full without the simulator; the licensed recorder's last scan found two more.
import type { Database } from '../connect.ts';
import { discoveredCameras, recorderCameras } from '../schema/cameras.ts';
import type { SeededSmartNvr } from './demo-licenses.ts';
import { insertRows } from './insert.ts';
import { shift } from './time.ts';

const MODELS = [
  { model: 'P3265-LVE', firmware: '11.9.60', width: 1920, height: 1080 },
  { model: 'XNV-8080R', firmware: '2.21.01', width: 2592, height: 1944 },
  { model: 'FLEXIDOME 5100i', firmware: '8.90.0029', width: 2560, height: 1440 },
  { model: 'DS-2CD2347G2', firmware: '5.7.3', width: 2688, height: 1520 },
] as const;

const NAMES: Readonly<Record<string, readonly string[]>> = {
  'HQ Smart NVR': ['Entrance', 'Lobby', 'Loading Dock', 'Yard', 'Stairs', 'Gate', 'Parking', 'Server Room'],
  'Warehouse Smart NVR': ['Dock 1', 'Dock 2', 'Aisle A', 'Aisle B', 'Office'],
};

/** The cameras a demo recorder records, by its id and name (`cam-1` and up). */
export function demoCamerasOf(recorderName: string): { id: string; name: string }[] {
  return (NAMES[recorderName] ?? []).map((place, index) => ({
    id: `cam-${index + 1}`,
    name: `Camera ${String(index + 1).padStart(2, '0')} ${place}`,
  }));
}

export async function seedRecorderCameras(
  db: Database,
  recorders: readonly SeededSmartNvr[],
  now: Date,
): Promise<void> {
  const rows: (typeof recorderCameras.$inferInsert)[] = [];
  recorders.forEach((recorder, r) => {
    demoCamerasOf(recorder.name).forEach((camera, index) => {
      const n = index + 1;
      const model = MODELS[n % MODELS.length] as (typeof MODELS)[number];
      // One camera of the warehouse fails to stream; it keeps its last frame's time.
      const failed = r === 1 && n === 4;
      rows.push({
        cloudId: recorder.cloudId,
        smartNvrId: recorder.id,
        cameraId: camera.id,
        name: camera.name,
        model: model.model,
        ip: `10.${10 + r}.9.${10 + n}`,
        firmware: model.firmware,
        // Each recorder's cam-2 sends H.265 (docs/cameras.md#the-simulators-recorders).
        mainCodec: n === 2 ? 'h265' : 'h264',
        mainWidth: model.width,
        mainHeight: model.height,
        subCodec: 'h264',
        subWidth: 640,
        subHeight: 360,
        stream: failed ? 'failed' : 'streaming',
        bitrateKbps: failed ? 0 : 2000 + n * 350,
        recording: n !== 5,
        recordingProfile: n % 3 === 0 ? 'motion' : 'continuous',
        retentionDays: n % 3 === 0 ? 14 : 30,
        storageUsedBytes: n * 37_000_000_000,
        lastFrameAt: failed ? shift(now, { minutes: -42 }) : now,
        firstSeenAt: shift(now, { days: -200 + n }),
        lastSeenAt: now,
      });
    });
  });
  await insertRows(db, recorderCameras, rows);
  const licensed = recorders.find((recorder) => recorder.licensed);
  if (!licensed) return;
  await insertRows(
    db,
    discoveredCameras,
    [
      { ip: '10.10.9.30', manufacturer: 'Axis', model: 'M3106-L Mk II', name: 'Camera Reception' },
      { ip: '10.10.9.31', manufacturer: 'Hanwha', model: 'XND-6080RV', name: 'Camera Back Office' },
    ].map((found) => ({
      ...found,
      cloudId: licensed.cloudId,
      smartNvrId: licensed.id,
      foundAt: shift(now, { hours: -3 }),
    })),
  );
}
