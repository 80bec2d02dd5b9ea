import { type AlertData, encodeAlertData } from '../../../core/alerts/alert-params.ts';
import type { AlertType, HealthId } from '../../../core/domain.ts';
import { type DevicePeers, planRadioLinks } from '../../../core/fleet/radio-links.ts';
import { modelHardware } from '../../../core/product-hardware.ts';
import { type DeviceType, FIRMWARE } from './demo-device-traits.ts';
import type { SeededDevice } from './demo-devices.ts';
import type { SeededTask } from './demo-tasks.ts';
import type { Random } from './random.ts';

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
  POWER_CONSUMPTION: { health: WARNING, types: ['switch'], sku: 'POE' },
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
  // A cloud's, never a device's: the demo seeds none (seedAlerts).
  GUEST_CERT_EXPIRING: { health: WARNING },
};

const CHANNELS: Readonly<Record<'2.4' | '5' | '6' | '60', readonly number[]>> = {
  '2.4': [1, 6, 11],
  '5': [36, 40, 44, 48, 100, 149, 153, 157, 161],
  '6': [5, 21, 37, 53, 69, 85, 101, 117],
  '60': [1, 2, 3, 4, 5, 6],
};

/** The radio links of the cloud's devices (core/fleet/radio-links.ts), planned once per device list. */
const LINKS = new WeakMap<readonly SeededDevice[], Map<string, DevicePeers>>();
function linkPeersOf(devices: readonly SeededDevice[], device: SeededDevice): string[] {
  let plan = LINKS.get(devices);
  if (!plan) {
    plan = planRadioLinks(devices.map((other) => ({ ...other, place: `site-${other.siteId}` })));
    LINKS.set(devices, plan);
  }
  return plan.get(device.mac)?.links.map((peer) => peer.mac) ?? [];
}

export type AlertContext = {
  device: SeededDevice | undefined;
  /** Devices of the same cloud, for peers of links and managed devices. */
  devices: readonly SeededDevice[];
  task: SeededTask | undefined;
  /** The recorder's camera a camera alert is about (its key). */
  camera: { id: string; name: string } | undefined;
  random: Random;
};

/** alertData1..3 of each alert type, written as its definition says (core/alerts/alert-params.ts). */
export function alertData(
  type: AlertType,
  { device, devices, task, camera, random }: AlertContext,
): AlertData {
  const [newest, older = newest] = device ? FIRMWARE[device.productType] : ['', ''];
  const orFirst = (candidates: SeededDevice[]) => (candidates.length > 0 ? candidates : devices.slice(0, 1));
  const sameSite = (types: readonly string[]) =>
    devices.filter(
      (other) => other !== device && other.siteId === device?.siteId && types.includes(other.productType),
    );
  switch (type) {
    case 'DEV_CONFIG_FAILED':
      return encodeAlertData(type, { reason: 'Channel 165 is not allowed in the configured country' });
    case 'DEV_UNREACHABLE':
      return encodeAlertData(type, { silence: random.int(5, 240) * 60 });
    case 'DEV_REBOOT':
      return encodeAlertData(type, {
        reason: random.pick(['power', 'watchdog', 'user'] as const),
        uptime: random.int(1, 2000) * 3600,
      });
    case 'BOOTBANK_REVERT':
      return encodeAlertData(type, { failed: newest, running: older });
    case 'FW_DOWNGRADED':
      return encodeAlertData(type, { from: newest, to: older });
    case 'FW_UPGRADED':
      return encodeAlertData(type, { from: older, to: newest });
    case 'POWER_CONSUMPTION': {
      // Over the switch model's PoE budget by 1 to 8%.
      const budget = (device && modelHardware(device.productBrandId)?.ports?.poeBudgetW) || 370;
      const over = random.int(1, 8);
      return encodeAlertData(type, { used: Math.round(budget * (100 + over)) / 100, budget });
    }
    case 'DEV_REQ_ACTION':
      return encodeAlertData(type, {
        action: random.pick(['set the country code', 'accept the license', 'replace the certificate']),
      });
    case 'MEDIA_SYNC_FAILURE':
      return encodeAlertData(type, { camera: camera?.name ?? null, reason: 'Storage volume not reachable' });
    case 'STREAM_FAILED':
      return encodeAlertData(type, { camera: camera?.name ?? null, reason: 'RTSP session timed out' });
    case 'TIME_UNSYNCED':
      return encodeAlertData(type, { offset: random.int(30, 900) });
    case 'LINK_60G_DOWN': {
      // The device at the link's other end, when the link has one.
      const nearby = random.pick(orFirst(sameSite(['metrolinq', 'mesh']))).mac;
      return encodeAlertData(type, { peer: (device && linkPeersOf(devices, device)[0]) ?? nearby });
    }
    case 'TASK_FAILED': {
      const targets = task?.targets ?? [];
      const failed = targets.filter((target) => target.state !== 'TASK_SUCCESS').length;
      return encodeAlertData(type, {
        task: task?.id ?? null,
        type: task?.typeId ?? null,
        devices: { failed: Math.max(failed, 1), total: Math.max(targets.length, 1) },
      });
    }
    case 'UCI_FILE_SYNC':
      return encodeAlertData(type, { files: 'wireless, network', keys: null });
    case 'CHANNEL_CHANGED': {
      // A subscriber or base station moves on its link's band.
      const band =
        device?.productType === 'ptmp'
          ? ((modelHardware(device.productBrandId)?.link?.band as '5' | '6' | '60' | undefined) ?? '5')
          : random.chance(0.6)
            ? '5'
            : '2.4';
      const channels = CHANNELS[band];
      const from = random.int(0, channels.length - 1);
      const to = (from + random.int(1, channels.length - 1)) % channels.length;
      return encodeAlertData(type, { from: channels[from] ?? null, to: channels[to] ?? null, band });
    }
    case 'DEV_MANAGE_DEVICE_UNREACHABLE': {
      const managed = random.pick(orFirst(sameSite(['switch'])));
      return encodeAlertData(type, { name: managed.name, mac: managed.mac });
    }
    case 'GUEST_CERT_EXPIRING':
      return encodeAlertData(type, { subject: 'CN=wifi.example.com', left: 30 * 86_400 });
  }
}
