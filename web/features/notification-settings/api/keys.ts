// The query keys of the notification settings pages; their queries and changes take them from here.
export const notificationSettingsKeys = {
  all: (cloudId: number) => ['notification-settings', cloudId] as const,
  cloud: (cloudId: number) => [...notificationSettingsKeys.all(cloudId), 'cloud'] as const,
  /** Every site's settings, which follow the cloud's where a site has none of its own. */
  sites: (cloudId: number) => [...notificationSettingsKeys.all(cloudId), 'site'] as const,
  site: (cloudId: number, siteId: number) => [...notificationSettingsKeys.sites(cloudId), siteId] as const,
};
