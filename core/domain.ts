// Enumerations of docs/entities.md, docs/states.md, docs/roles.md, shared by the server and the web app.

/** docs/roles.md roles. */
export const ROLES = ['ROLE_OWNER', 'ROLE_ADMIN', 'ROLE_GUEST', 'ROLE_USER'] as const;
export type RoleId = (typeof ROLES)[number];

/** docs/roles.md cloud permission bits. */
export const CLOUD_PERMISSION = {
  manage_licenses: 1,
  manage_snvr: 2,
  manage_vpc: 4,
  manage_sites: 8,
} as const;
export type CloudPermission = keyof typeof CLOUD_PERMISSION;
export const ALL_CLOUD_PERMISSIONS = Object.values(CLOUD_PERMISSION).reduce((a, b) => a | b, 0);

/** docs/roles.md site-level permissions. */
export const SITE_PERMISSIONS = [
  'read_device',
  'read_site',
  'register',
  'delete_device',
  'change_site_config',
  'change_device_config',
  'rename_device',
  'change_device_state',
  'view_sensitive_config',
  'edit_site',
  'live_actions',
  'live_data',
  'firmware',
  'export_data',
  'view_config',
  'dashboards',
  'edit_map',
  'change_lock_config',
] as const;
export type SitePermission = (typeof SITE_PERMISSIONS)[number];

/** docs/entities.md cloud plan types. */
export const PLAN_TYPES = ['trial', 'intro', 'vpc'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** docs/entities.md health ids. */
export const HEALTH_IDS = ['HEALTH_UNKNOWN', 'HEALTH_NORMAL', 'HEALTH_WARNING', 'HEALTH_CRITICAL'] as const;
export type HealthId = (typeof HEALTH_IDS)[number];

/** Device online status; docs/entities.md: online is STATUS_ONLINE or STATUS_SKIPPED_HB. */
export const STATUS_IDS = ['STATUS_ONLINE', 'STATUS_SKIPPED_HB', 'STATUS_OFFLINE'] as const;
export type StatusId = (typeof STATUS_IDS)[number];

/** docs/entities.md alert types. */
export const ALERT_TYPES = [
  'DEV_CONFIG_FAILED',
  'DEV_UNREACHABLE',
  'DEV_REBOOT',
  'BOOTBANK_REVERT',
  'POWER_CONSUMPTION',
  'DEV_REQ_ACTION',
  'MEDIA_SYNC_FAILURE',
  'TIME_UNSYNCED',
  'LINK_60G_DOWN',
  'STREAM_FAILED',
  'TASK_FAILED',
  'UCI_FILE_SYNC',
  'CHANNEL_CHANGED',
  'FW_UPGRADED',
  'FW_DOWNGRADED',
  'DEV_MANAGE_DEVICE_UNREACHABLE',
  // The cloud's guest access certificate ends within 30 days (docs/guest-access.md#certificate-and-nas).
  'GUEST_CERT_EXPIRING',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** docs/entities.md task types. */
export const TASK_TYPES = [
  'TASK_CONFIG_CHANGE',
  'TASK_RECEIVED_CONFIG',
  'TASK_FACTORY_RESET',
  'TASK_FW_UPDATE',
  'TASK_FW_AUTO_UPDATE',
  'TASK_FW_ROLLING_UPDATE',
  'TASK_NETCAP',
  'TASK_PACKET_DUMP',
  'TASK_REBOOT',
  'TASK_REPORT',
  'TASK_TROUBLESHOOT',
  'TASK_SDWAN_CERT',
  'TASK_ADDON_SYNC_KEY',
  'TASK_ADDON',
  'TASK_MANAGED_DEVICE_UPDATE',
  'TASK_MANAGED_DEVICE_FW_UPDATE',
  'TASK_ONVIF_SCAN_AND_COLLECT',
  'TASK_TUNNEL_OPEN',
  'TASK_CAMERA_ADOPT',
  'TASK_CAMERA_REMOVE',
  'TASK_CAMERA_RENAME',
  'TASK_CAMERA_RECORDING',
  'TASK_CAMERA_PROFILE',
] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** docs/states.md task states: the first four are in progress, the rest finished. */
export const ACTIVE_TASK_STATES = ['TASK_PENDING', 'TASK_STANDBY', 'TASK_WAIT_ACK', 'TASK_RUNNING'] as const;
export const FINISHED_TASK_STATES = ['TASK_SUCCESS', 'TASK_FAIL', 'TASK_TIMEOUT', 'TASK_CANCELED'] as const;
export const TASK_STATES = [...ACTIVE_TASK_STATES, ...FINISHED_TASK_STATES] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** docs/entities.md invitation states. */
export const INVITATION_STATES = [
  'INVITATION_DECLINED',
  'REGISTRATION_PENDING',
  'REGISTERED',
  'EXPIRED',
] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** docs/entities.md measurement units. */
export const MEASUREMENT_UNITS = ['METRIC', 'IMPERIAL'] as const;
export type MeasurementUnits = (typeof MEASUREMENT_UNITS)[number];

/**
 * Product types of the brand catalogue; the device menu depends on them (docs/navigation.md#navigation-drawer).
 * wifi: access points; ptmp: point-to-multipoint radios; metrolinq: point-to-point radios;
 * smartnvr: the smart network video recorder.
 */
export const PRODUCT_TYPES = [
  'wifi',
  'ptmp',
  'metrolinq',
  'mesh',
  'gateway',
  'switch',
  'glinq',
  'smartnvr',
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
/** The families of devices on sites (smart NVRs belong to the cloud). */
export const DEVICE_FAMILIES = PRODUCT_TYPES.filter((type) => type !== 'smartnvr');

/** Online as docs/entities.md has it (not blocked, reporting), or not: the device list's status filter. */
export const DEVICE_CONNECTIONS = ['online', 'offline'] as const;
