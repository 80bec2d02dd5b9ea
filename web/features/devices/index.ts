// What the devices feature offers the shell and the other features.
export { useDevices } from './api/get-devices.ts';
export { useRegistrationSites } from './api/get-registration-sites.ts';
export { devicesKeys } from './api/keys.ts';
export { registerDevice } from './api/register-device.ts';
export { type FieldErrors, registrationErrors, SERIAL_PATTERN } from './components/registration-errors.ts';
export { RegistrationSiteField, type SiteChoice } from './components/registration-site-field.tsx';
export { familyLabelKey, HEALTH_LABEL_KEYS } from './labels.ts';
