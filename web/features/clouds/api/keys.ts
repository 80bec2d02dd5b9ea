// The query keys of the person's clouds and of one cloud's settings; their queries and changes take them
// from here.
export const cloudsKeys = {
  list: () => ['clouds', 'list'] as const,
  /** One cloud's settings, and what hangs off them (license status, advertisement). */
  cloud: (cloudId: number) => ['clouds', 'cloud', cloudId] as const,
  licenseStatus: (cloudId: number) => [...cloudsKeys.cloud(cloudId), 'license-status'] as const,
  /** Every cloud's promotional dialog, which the administration's video changes refresh. */
  advertisements: () => ['clouds', 'advertisement'] as const,
  advertisement: (cloudId: number) => [...cloudsKeys.advertisements(), cloudId] as const,
  unreadInvitations: () => ['clouds', 'unread-invitations'] as const,
};
