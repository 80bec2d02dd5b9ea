// What the auth feature offers the shell and the other features.
export type { DeploymentTheme, Me, Membership, MeUser } from './api/get-me.ts';
export { accessOf, getMe, meQueryOptions, useCachedMe, useMe } from './api/get-me.ts';
export { authKeys } from './api/keys.ts';
export { useProductName } from './use-product-name.ts';
