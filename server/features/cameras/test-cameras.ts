// A smart NVR with cameras for the camera tests and the access table: its cameras as a heartbeat would
// have written them, and a camera its latest scan found.
import type { Camera } from '../../../core/fleet/protocol.ts';
import type { Database } from '../../db/connect.ts';
import { discoveredCameras, recorderCameras } from '../../db/schema/cameras.ts';

/** A recorder's camera as its heartbeat lists it, every field given; `fields` override. */
export function reportedCamera(n: number, fields: Partial<Camera> = {}): Camera {
  return {
    id: `cam-${n}`,
    name: `Camera ${String(n).padStart(2, '0')}`,
    stream: 'streaming',
    bitrateKbps: 4000,
    model: 'P3265-LVE',
    ip: `192.168.50.${10 + n}`,
    firmware: '11.9.60',
    main: { codec: n === 1 ? 'h265' : 'h264', width: 1920, height: 1080 },
    sub: { codec: 'h264', width: 640, height: 360 },
    recording: true,
    profile: 'continuous',
    retentionDays: 30,
    storageUsedBytes: 120_000_000_000,
    lastFrameAt: new Date().toISOString(),
    ...fields,
  };
}

/** Writes the recorder's camera `cam-1` and a discovered camera at 192.168.50.99, as the console keeps them. */
export async function seedRecorderCameras(db: Database, cloudId: number, smartNvrId: number) {
  await db.insert(recorderCameras).values({
    cloudId,
    smartNvrId,
    cameraId: 'cam-1',
    name: 'Camera 01',
    model: 'P3265-LVE',
    ip: '192.168.50.11',
    mainCodec: 'h264',
    mainWidth: 1920,
    mainHeight: 1080,
    subCodec: 'h264',
    subWidth: 640,
    subHeight: 360,
    stream: 'streaming',
    bitrateKbps: 4000,
    recording: true,
    recordingProfile: 'continuous',
    retentionDays: 30,
  });
  const [discovered] = await db
    .insert(discoveredCameras)
    .values({ cloudId, smartNvrId, ip: '192.168.50.99', manufacturer: 'Axis', model: 'M3106', name: 'Lobby' })
    .returning({ id: discoveredCameras.id });
  return { cameraId: 'cam-1', discoveredId: discovered?.id ?? 0 };
}
