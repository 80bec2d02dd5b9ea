// A simulated smart NVR's cameras (docs/cameras.md): those it records, with their streams and recording
// settings, and those on its network it does not record yet, which its ONVIF scan finds. The console's
// camera tasks change them here, and the next heartbeat lists them as they are.
import type { Camera, CameraStream, RecordingProfile, TaskResult } from '../core/fleet/protocol.ts';

/** A camera the recorder records: what its heartbeat lists, less the stream state of the moment. */
export type SimCamera = Omit<Camera, 'stream' | 'bitrateKbps' | 'main' | 'sub'> & {
  main: CameraStream;
  sub: CameraStream;
  recording: boolean;
  profile: RecordingProfile;
  retentionDays: number;
  storageUsedBytes: number;
};

/** A camera on the recorder's network, as an ONVIF scan reports it. */
type NetworkCamera = NonNullable<TaskResult['cameras']>[number] & { firmware: string };

const MODELS = [
  { manufacturer: 'Axis', model: 'P3265-LVE', firmware: '11.9.60', width: 1920, height: 1080 },
  { manufacturer: 'Hanwha', model: 'XNV-8080R', firmware: '2.21.01', width: 2592, height: 1944 },
  { manufacturer: 'Bosch', model: 'FLEXIDOME 5100i', firmware: '8.90.0029', width: 2560, height: 1440 },
  { manufacturer: 'Hikvision', model: 'DS-2CD2347G2', firmware: '5.7.3', width: 2688, height: 1520 },
] as const;
const SUB: CameraStream = { codec: 'h264', width: 640, height: 360 };
/** The camera of each recorder whose main stream is H.265 (docs/cameras.md#the-simulators-recorders). */
const H265_CAMERA = 2;
/** Cameras on a recorder's network it does not record at first. */
const UNADOPTED = ['Lobby', 'Loading Bay', 'Rear Exit'];

const modelOf = (n: number) => MODELS[n % MODELS.length] as (typeof MODELS)[number];
const addressOf = (n: number) => `192.168.50.${10 + n}`;

/** The recorder's `count` cameras, cam-1 to cam-N, and a few more on its network. */
export function createRecorderCameras(count: number) {
  const cameras: SimCamera[] = Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const model = modelOf(n);
    return {
      id: `cam-${n}`,
      name: `Camera ${String(n).padStart(2, '0')}`,
      model: model.model,
      ip: addressOf(n),
      firmware: model.firmware,
      main: { codec: n === H265_CAMERA ? 'h265' : 'h264', width: model.width, height: model.height },
      sub: { ...SUB },
      recording: true,
      profile: n % 3 === 0 ? 'motion' : 'continuous',
      retentionDays: 30,
      storageUsedBytes: n * 37_000_000_000,
    };
  });
  const network: NetworkCamera[] =
    count === 0
      ? []
      : UNADOPTED.map((name, index) => {
          const n = count + index + 1;
          const { manufacturer, model, firmware } = modelOf(n);
          return { ip: addressOf(n), manufacturer, model, firmware, name: `Camera ${name}` };
        });
  let nextId = count + 1;

  const find = (cameraId: unknown) => cameras.find((camera) => camera.id === cameraId);

  return {
    /** The cameras it records; the same array throughout, changed in place. */
    cameras,
    /** What an ONVIF scan finds: the cameras on its network it does not record. */
    scan(): NonNullable<TaskResult['cameras']> {
      return network.map(({ ip, manufacturer, model, name }) => ({ ip, manufacturer, model, name }));
    },
    /** One camera as a heartbeat lists it now: sending (footage adds up while recorded) or failed. */
    report(camera: SimCamera, failed: boolean, bitrateKbps: number, intervalS: number): Camera {
      if (!failed && camera.recording && camera.profile !== 'schedule')
        camera.storageUsedBytes += Math.round(
          ((bitrateKbps * 1000) / 8) * intervalS * (camera.profile === 'motion' ? 0.2 : 1),
        );
      if (!failed) camera.lastFrameAt = new Date().toISOString();
      return { ...camera, stream: failed ? 'failed' : 'streaming', bitrateKbps: failed ? 0 : bitrateKbps };
    },
    /** Records the camera found at `ip` under `name`; an error when no camera there waits to be added. */
    adopt(ip: unknown, name: unknown): string | null {
      const at = network.findIndex((camera) => camera.ip === ip);
      const found = network[at];
      if (!found || typeof name !== 'string') return `No camera to add at ${String(ip)}`;
      network.splice(at, 1);
      const model = MODELS.find((candidate) => candidate.model === found.model) ?? modelOf(0);
      cameras.push({
        id: `cam-${nextId++}`,
        name,
        model: found.model,
        ip: found.ip,
        firmware: found.firmware,
        main: { codec: 'h264', width: model.width, height: model.height },
        sub: { ...SUB },
        recording: true,
        profile: 'continuous',
        retentionDays: 30,
        storageUsedBytes: 0,
      });
      return null;
    },
    /** Stops recording the camera; it stays on the network, for a scan to find again. */
    remove(cameraId: unknown): string | null {
      const camera = find(cameraId);
      if (!camera) return `No camera ${String(cameraId)}`;
      cameras.splice(cameras.indexOf(camera), 1);
      const { manufacturer } = MODELS.find((model) => model.model === camera.model) ?? modelOf(0);
      network.push({
        ip: camera.ip ?? addressOf(cameras.length + network.length + 1),
        manufacturer,
        model: camera.model ?? 'ONVIF camera',
        firmware: camera.firmware ?? '1.0.0',
        name: camera.name,
      });
      return null;
    },
    /** Applies one change to a camera; an error when it has no such camera. */
    change(cameraId: unknown, apply: (camera: SimCamera) => void): string | null {
      const camera = find(cameraId);
      if (!camera) return `No camera ${String(cameraId)}`;
      apply(camera);
      return null;
    },
  };
}

export type RecorderCameras = ReturnType<typeof createRecorderCameras>;
