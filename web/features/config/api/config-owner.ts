// Whose configuration a call is about: a site's (its documents per kind) or one device's. Revisions, their
// rollback and variables work the same on both, under the owner's configuration address.
export type ConfigOwner = { readonly kind: 'site' | 'device'; readonly id: number };

/** The owner's configuration address: /apiv2/cloud/:cloudId/sites/:siteId/config or .../devices/:deviceId/config. */
export const ownerConfigPath = (cloudId: number, owner: ConfigOwner) =>
  `/apiv2/cloud/${cloudId}/${owner.kind === 'site' ? 'sites' : 'devices'}/${owner.id}/config`;
