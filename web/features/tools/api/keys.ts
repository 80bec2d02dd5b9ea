// The query keys of the Tools page; task live events refresh them all (web/shell/live-event-keys.ts).
export const toolsKeys = {
  all: (cloudId: number) => ['tools', cloudId] as const,
  devices: (cloudId: number, search: string) => ['tools', cloudId, 'devices', search] as const,
  runs: (cloudId: number, offset: number) => ['tools', cloudId, 'runs', offset] as const,
  run: (cloudId: number, taskId: number) => ['tools', cloudId, 'run', taskId] as const,
};
