// What the clouds feature offers the shell and the other features.
export { useDeclineInvitation } from './api/decline-invitation.ts';
export { advertisementQueryOptions, useAdvertisement } from './api/get-advertisement.ts';
export { cloudQueryOptions, useCloud } from './api/get-cloud.ts';
export { useCloudList } from './api/get-clouds.ts';
export { licenseStatusQueryOptions, useLicenseStatus } from './api/get-license-status.ts';
export { useUnreadInvitations } from './api/get-unread-invitations.ts';
export { useJoinCloud } from './api/join-cloud.ts';
export { cloudsKeys } from './api/keys.ts';
