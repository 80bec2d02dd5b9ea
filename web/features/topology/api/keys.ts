// The query keys of the topology; its query and the live updates (web/shell/live-event-keys.ts) take them from here.
export const topologyKeys = {
  all: (cloudId: number) => ['topology', cloudId] as const,
  site: (cloudId: number, siteId: number) => [...topologyKeys.all(cloudId), siteId] as const,
};
