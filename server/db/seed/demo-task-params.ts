import type { TaskType } from '../../../core/domain.ts';
import { type DeviceType, FIRMWARE } from './demo-device-traits.ts';
import type { Random } from './random.ts';

/** Product types a task of each type may target, and how many devices it takes. */
export const TASK_TARGETS: Readonly<
  Record<TaskType, { types?: readonly DeviceType[]; min: number; max: number }>
> = {
  TASK_CONFIG_CHANGE: { min: 2, max: 12 },
  TASK_RECEIVED_CONFIG: { min: 1, max: 1 },
  TASK_FACTORY_RESET: { min: 1, max: 1 },
  TASK_FW_UPDATE: { types: ['wifi', 'ptmp', 'metrolinq', 'mesh'], min: 3, max: 20 },
  TASK_FW_AUTO_UPDATE: { types: ['switch'], min: 2, max: 8 },
  TASK_FW_ROLLING_UPDATE: { types: ['wifi'], min: 6, max: 25 },
  TASK_NETCAP: { types: ['wifi', 'glinq'], min: 1, max: 1 },
  TASK_PACKET_DUMP: { types: ['gateway', 'switch'], min: 1, max: 1 },
  TASK_REBOOT: { min: 1, max: 5 },
  TASK_REPORT: { min: 2, max: 10 },
  TASK_TROUBLESHOOT: { min: 1, max: 1 },
  TASK_SDWAN_CERT: { types: ['gateway'], min: 1, max: 2 },
  TASK_ADDON_SYNC_KEY: { types: ['gateway'], min: 1, max: 3 },
  TASK_ADDON: { types: ['gateway'], min: 1, max: 3 },
  TASK_MANAGED_DEVICE_UPDATE: { types: ['switch'], min: 2, max: 6 },
  TASK_MANAGED_DEVICE_FW_UPDATE: { types: ['switch'], min: 2, max: 6 },
  // Targets the smart NVR itself, not devices.
  TASK_ONVIF_SCAN_AND_COLLECT: { min: 0, max: 0 },
  // Opened by remote web access, not seeded as history.
  TASK_TUNNEL_OPEN: { min: 0, max: 0 },
  // A recorder's cameras change through its IP Cameras page, not seeded as history.
  TASK_CAMERA_ADOPT: { min: 0, max: 0 },
  TASK_CAMERA_REMOVE: { min: 0, max: 0 },
  TASK_CAMERA_RENAME: { min: 0, max: 0 },
  TASK_CAMERA_RECORDING: { min: 0, max: 0 },
  TASK_CAMERA_PROFILE: { min: 0, max: 0 },
};

/** A few meaningful parameters per task type; firmware tasks name the firmware of the targets' type. */
export function taskParams(type: TaskType, productType: DeviceType, random: Random): Record<string, unknown> {
  const firmware = FIRMWARE[productType][0];
  switch (type) {
    case 'TASK_CONFIG_CHANGE':
      return { section: random.pick(['wireless', 'network', 'system']), changes: random.int(1, 8) };
    case 'TASK_RECEIVED_CONFIG':
      return { source: 'device', revision: random.int(100, 400) };
    case 'TASK_FACTORY_RESET':
      return { keepRegistration: true };
    case 'TASK_FW_UPDATE':
      return { firmware, productType };
    case 'TASK_FW_AUTO_UPDATE':
      return { firmware, productType, window: '02:00-04:00' };
    case 'TASK_FW_ROLLING_UPDATE':
      return { firmware, productType, batchSize: 5, pauseMinutes: 10 };
    case 'TASK_NETCAP':
      return { interface: 'wlan0', durationSeconds: 60 };
    case 'TASK_PACKET_DUMP':
      return { interface: 'eth0', filter: 'port 53', maxPackets: 5000 };
    case 'TASK_REBOOT':
      return { reason: random.pick(['Maintenance window', 'Firmware activation', 'Requested by support']) };
    case 'TASK_REPORT':
      return { report: random.pick(['uptime', 'clients', 'inventory']), format: random.pick(['pdf', 'csv']) };
    case 'TASK_TROUBLESHOOT':
      // One of the tools, with its inputs (docs/tools.md#the-tools).
      return random.pick([
        { tool: 'ping', host: '8.8.8.8', count: 4 },
        { tool: 'traceroute', host: 'example.com', maxHops: 30 },
        { tool: 'dns', name: 'example.com', recordType: 'A' },
        { tool: 'http', url: 'https://example.com/', method: 'GET' },
      ]);
    case 'TASK_SDWAN_CERT':
      return { tunnel: 'hq-harbor', validDays: 365 };
    case 'TASK_ADDON_SYNC_KEY':
      return { addon: 'authport' };
    case 'TASK_ADDON':
      return { addon: 'authport', action: 'enable' };
    case 'TASK_MANAGED_DEVICE_UPDATE':
      return { setting: 'poe-schedule', ports: [1, 2, 3, 4, 5, 6, 7, 8] };
    case 'TASK_MANAGED_DEVICE_FW_UPDATE':
      return { firmware: FIRMWARE.switch[0] };
    case 'TASK_ONVIF_SCAN_AND_COLLECT':
      return { subnet: '10.10.9.0/24', camerasFound: random.int(6, 16) };
    case 'TASK_TUNNEL_OPEN':
      return { tunnelId: 1, service: 'web' };
    case 'TASK_CAMERA_ADOPT':
      return { ip: '192.168.50.20', name: 'Camera Lobby' };
    case 'TASK_CAMERA_REMOVE':
      return { cameraId: 'cam-1' };
    case 'TASK_CAMERA_RENAME':
      return { cameraId: 'cam-1', name: 'Camera 01 Entrance' };
    case 'TASK_CAMERA_RECORDING':
      return { cameraId: 'cam-1', enabled: true };
    case 'TASK_CAMERA_PROFILE':
      return { cameraId: 'cam-1', profile: 'motion', retentionDays: 30 };
  }
}
