// What the devices feature offers the shell and the other features.
export { useDevices } from './api/get-devices.ts';
export { devicesKeys } from './api/keys.ts';
export { familyLabelKey, HEALTH_LABEL_KEYS } from './labels.ts';
