// The query keys of the Reports page (docs/reports.md).
export const reportKeys = {
  all: (cloudId: number) => ['reports', cloudId] as const,
  schedules: (cloudId: number, offset: number) => [...reportKeys.all(cloudId), 'schedules', offset] as const,
  runs: (cloudId: number, offset: number) => [...reportKeys.all(cloudId), 'runs', offset] as const,
  options: (cloudId: number, siteSearch: string) =>
    [...reportKeys.all(cloudId), 'options', siteSearch] as const,
};
