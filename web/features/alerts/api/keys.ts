// The query keys of the alert badge and its panel; the queries, the changes and the live events
// (web/shell/live-event-keys.ts) take their keys from here.
export const alertsKeys = {
  all: (cloudId: number) => ['alerts', cloudId] as const,
  recent: (cloudId: number) => [...alertsKeys.all(cloudId), 'recent'] as const,
  recentTotals: (cloudId: number) => [...alertsKeys.all(cloudId), 'recent-totals'] as const,
};
