import type { AlertType, HealthId } from '../../../core/domain.ts';
import { type DeviceType, FIRMWARE } from './demo-device-traits.ts';
import type { SeededDevice } from './demo-devices.ts';
import type { SeededTask } from './demo-tasks.ts';
import type { Random } from './random.ts';

type AlertData = readonly [string | null, string | null, string | null];

export type AlertRule = {
  health: readonly HealthId[];
  /** Raised by the smart NVR rather than a device. */
  recorder?: true;
  /** Product types that raise it; any device when missing. */
  types?: readonly DeviceType[];
  /** Only models whose SKU contains this, for example the 60 GHz ones. */
  sku?: string;
};

const WARNING: readonly HealthId[] = ['HEALTH_WARNING'];
const CRITICAL: readonly HealthId[] = ['HEALTH_CRITICAL'];
const NORMAL: readonly HealthId[] = ['HEALTH_NORMAL'];

export const ALERT_RULES: Readonly<Record<AlertType, AlertRule>> = {
  DEV_CONFIG_FAILED: { health: ['HEALTH_WARNING', 'HEALTH_CRITICAL'] },
  DEV_UNREACHABLE: { health: CRITICAL },
  DEV_REBOOT: { health: WARNING },
  BOOTBANK_REVERT: { health: CRITICAL },
  POWER_CONSUMPTION: { health: WARNING, types: ['switch'] },
  DEV_REQ_ACTION: { health: WARNING },
  MEDIA_SYNC_FAILURE: { health: WARNING, recorder: true },
  TIME_UNSYNCED: { health: WARNING },
  LINK_60G_DOWN: { health: CRITICAL, types: ['metrolinq', 'mesh'], sku: '-60' },
  STREAM_FAILED: { health: ['HEALTH_CRITICAL', 'HEALTH_WARNING'], recorder: true },
  TASK_FAILED: { health: WARNING },
  UCI_FILE_SYNC: { health: WARNING, types: ['wifi', 'ptmp', 'metrolinq', 'mesh', 'glinq'] },
  CHANNEL_CHANGED: { health: NORMAL, types: ['wifi', 'glinq', 'ptmp'] },
  FW_UPGRADED: { health: NORMAL },
  FW_DOWNGRADED: { health: WARNING },
  DEV_MANAGE_DEVICE_UNREACHABLE: { health: CRITICAL, types: ['gateway'] },
};

const CAMERAS = [
  'Camera 01 Entrance',
  'Camera 03 Loading Dock',
  'Camera 07 Parking',
  'Camera 12 Server Room',
];
const CHANNELS: Readonly<Record<'2.4' | '5', readonly number[]>> = {
  '2.4': [1, 6, 11],
  '5': [36, 40, 44, 48, 100, 149, 153, 157, 161],
};

export type AlertContext = {
  device: SeededDevice | undefined;
  /** Devices of the same cloud, for peers of links and managed devices. */
  devices: readonly SeededDevice[];
  task: SeededTask | undefined;
  random: Random;
};

/** alertData1..3 of each alert type: what a person needs to understand the alert. */
export function alertData(type: AlertType, { device, devices, task, random }: AlertContext): AlertData {
  const [newest, older = newest] = device ? FIRMWARE[device.productType] : ['', ''];
  const orFirst = (candidates: SeededDevice[]) => (candidates.length > 0 ? candidates : devices.slice(0, 1));
  const sameSite = (types: readonly string[]) =>
    devices.filter(
      (other) => other !== device && other.siteId === device?.siteId && types.includes(other.productType),
    );
  switch (type) {
    case 'DEV_CONFIG_FAILED':
      return ['wireless', 'Channel 165 is not allowed in the configured country', `r${random.int(120, 480)}`];
    case 'DEV_UNREACHABLE':
      return [String(random.int(5, 240)), device?.ip ?? null, null];
    case 'DEV_REBOOT':
      return [random.pick(['Power loss', 'Watchdog', 'Requested by user']), `${random.int(1, 2000)}h`, null];
    case 'BOOTBANK_REVERT':
    case 'FW_DOWNGRADED':
      return [newest, older, null];
    case 'FW_UPGRADED':
      return [older, newest, null];
    case 'POWER_CONSUMPTION':
      return [`${random.int(371, 399)}.5`, '370.0', `port ${random.int(1, 24)}`];
    case 'DEV_REQ_ACTION':
      return [random.pick(['set-country-code', 'accept-licence', 'replace-certificate']), null, null];
    case 'MEDIA_SYNC_FAILURE':
      return [random.pick(CAMERAS), 'Storage volume not reachable', null];
    case 'STREAM_FAILED':
      return [String(random.int(1, 16)), random.pick(CAMERAS), 'RTSP session timed out'];
    case 'TIME_UNSYNCED':
      return ['pool.ntp.org', String(random.int(30, 900)), null];
    case 'LINK_60G_DOWN': {
      const peer = random.pick(orFirst(sameSite(['metrolinq', 'mesh'])));
      return [peer.name, peer.mac, String(random.int(1, 45))];
    }
    case 'TASK_FAILED': {
      const failed = task?.targets.filter((target) => target.state !== 'TASK_SUCCESS').length ?? 1;
      return [
        String(task?.id ?? ''),
        task?.typeId ?? null,
        `${failed} of ${task?.targets.length ?? 1} devices`,
      ];
    }
    case 'UCI_FILE_SYNC':
      return ['/etc/config/wireless', 'Checksum mismatch after sync', null];
    case 'CHANNEL_CHANGED': {
      const band = device?.productType === 'ptmp' || random.chance(0.6) ? '5' : '2.4';
      const channels = CHANNELS[band];
      const from = random.int(0, channels.length - 1);
      const to = (from + random.int(1, channels.length - 1)) % channels.length;
      return [String(channels[from]), String(channels[to]), band];
    }
    case 'DEV_MANAGE_DEVICE_UNREACHABLE': {
      const managed = random.pick(orFirst(sameSite(['switch'])));
      return [managed.name, managed.ip, null];
    }
  }
}
