// The query keys of the Captive Portals page; its queries and changes take them from here.
export const guestPortalKeys = {
  all: (cloudId: number) => ['guest-portals', cloudId] as const,
  list: (cloudId: number, siteId: number | null, offset = 0, limit = 0) =>
    [...guestPortalKeys.all(cloudId), 'list', siteId, offset, limit] as const,
  plans: (cloudId: number) => [...guestPortalKeys.all(cloudId), 'plans'] as const,
};
