// What the device-dashboard feature offers the shell and the other features.
export { firmwareQueryOptions } from './api/get-firmware.ts';
export { deviceDashboardKeys } from './api/keys.ts';
