// i18n keys of task types and states (docs/entities.md, docs/states.md), as static maps so every key is checked by the compiler.
import type { TaskState, TaskType } from '../../../core/domain.ts';

/** docs/states.md: how each task state is shown (the English texts are core/tasks.ts TASK_STATE_LABELS). */
export const TASK_STATE_KEYS = {
  TASK_PENDING: 'tasks.state.pending',
  TASK_STANDBY: 'tasks.state.standby',
  TASK_WAIT_ACK: 'tasks.state.waitAck',
  TASK_RUNNING: 'tasks.state.running',
  TASK_SUCCESS: 'tasks.state.success',
  TASK_FAIL: 'tasks.state.fail',
  TASK_TIMEOUT: 'tasks.state.timeout',
  TASK_CANCELED: 'tasks.state.canceled',
} as const satisfies Record<TaskState, string>;

// Alert texts name a task by its type's title too, so the keys live in core.
export { TASK_TYPE_TITLE_KEYS } from '../../../core/task-type-titles.ts';

/** A one-line description per task type. */
export const TASK_TYPE_DESCRIPTION_KEYS = {
  TASK_CONFIG_CHANGE: 'tasks.typeDescription.configChange',
  TASK_RECEIVED_CONFIG: 'tasks.typeDescription.receivedConfig',
  TASK_FACTORY_RESET: 'tasks.typeDescription.factoryReset',
  TASK_FW_UPDATE: 'tasks.typeDescription.fwUpdate',
  TASK_FW_AUTO_UPDATE: 'tasks.typeDescription.fwAutoUpdate',
  TASK_FW_ROLLING_UPDATE: 'tasks.typeDescription.fwRollingUpdate',
  TASK_NETCAP: 'tasks.typeDescription.netcap',
  TASK_PACKET_DUMP: 'tasks.typeDescription.packetDump',
  TASK_REBOOT: 'tasks.typeDescription.reboot',
  TASK_REPORT: 'tasks.typeDescription.report',
  TASK_TROUBLESHOOT: 'tasks.typeDescription.troubleshoot',
  TASK_SDWAN_CERT: 'tasks.typeDescription.sdwanCert',
  TASK_ADDON_SYNC_KEY: 'tasks.typeDescription.addonSyncKey',
  TASK_ADDON: 'tasks.typeDescription.addon',
  TASK_MANAGED_DEVICE_UPDATE: 'tasks.typeDescription.managedDeviceUpdate',
  TASK_MANAGED_DEVICE_FW_UPDATE: 'tasks.typeDescription.managedDeviceFwUpdate',
  TASK_ONVIF_SCAN_AND_COLLECT: 'tasks.typeDescription.onvifScanAndCollect',
  TASK_TUNNEL_OPEN: 'tasks.typeDescription.tunnelOpen',
  TASK_CAMERA_ADOPT: 'tasks.typeDescription.cameraAdopt',
  TASK_CAMERA_REMOVE: 'tasks.typeDescription.cameraRemove',
  TASK_CAMERA_RENAME: 'tasks.typeDescription.cameraRename',
  TASK_CAMERA_RECORDING: 'tasks.typeDescription.cameraRecording',
  TASK_CAMERA_PROFILE: 'tasks.typeDescription.cameraProfile',
} as const satisfies Record<TaskType, string>;
