// The i18n key of each task type's readable title (texts in locales/*.json): the task pages and the alert
// texts (core/alerts/alert-texts.ts) name a task the same way.
import type { TaskType } from './domain.ts';

/** A readable title per task type. */
export const TASK_TYPE_TITLE_KEYS = {
  TASK_CONFIG_CHANGE: 'tasks.typeTitle.configChange',
  TASK_RECEIVED_CONFIG: 'tasks.typeTitle.receivedConfig',
  TASK_FACTORY_RESET: 'tasks.typeTitle.factoryReset',
  TASK_FW_UPDATE: 'tasks.typeTitle.fwUpdate',
  TASK_FW_AUTO_UPDATE: 'tasks.typeTitle.fwAutoUpdate',
  TASK_FW_ROLLING_UPDATE: 'tasks.typeTitle.fwRollingUpdate',
  TASK_NETCAP: 'tasks.typeTitle.netcap',
  TASK_PACKET_DUMP: 'tasks.typeTitle.packetDump',
  TASK_REBOOT: 'tasks.typeTitle.reboot',
  TASK_REPORT: 'tasks.typeTitle.report',
  TASK_TROUBLESHOOT: 'tasks.typeTitle.troubleshoot',
  TASK_SDWAN_CERT: 'tasks.typeTitle.sdwanCert',
  TASK_ADDON_SYNC_KEY: 'tasks.typeTitle.addonSyncKey',
  TASK_ADDON: 'tasks.typeTitle.addon',
  TASK_MANAGED_DEVICE_UPDATE: 'tasks.typeTitle.managedDeviceUpdate',
  TASK_MANAGED_DEVICE_FW_UPDATE: 'tasks.typeTitle.managedDeviceFwUpdate',
  TASK_ONVIF_SCAN_AND_COLLECT: 'tasks.typeTitle.onvifScanAndCollect',
  TASK_TUNNEL_OPEN: 'tasks.typeTitle.tunnelOpen',
  TASK_CAMERA_ADOPT: 'tasks.typeTitle.cameraAdopt',
  TASK_CAMERA_REMOVE: 'tasks.typeTitle.cameraRemove',
  TASK_CAMERA_RENAME: 'tasks.typeTitle.cameraRename',
  TASK_CAMERA_RECORDING: 'tasks.typeTitle.cameraRecording',
  TASK_CAMERA_PROFILE: 'tasks.typeTitle.cameraProfile',
} as const satisfies Record<TaskType, string>;
