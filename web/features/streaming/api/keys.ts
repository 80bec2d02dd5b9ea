// The query keys of streaming; its queries and changes take them from here.
export const streamingKeys = {
  all: (cloudId: number, smartNvrId: number) => ['streaming', cloudId, smartNvrId] as const,
  cameras: (cloudId: number, smartNvrId: number) =>
    [...streamingKeys.all(cloudId, smartNvrId), 'cameras'] as const,
  accessLog: (cloudId: number, smartNvrId: number, offset: number) =>
    [...streamingKeys.all(cloudId, smartNvrId), 'access-log', offset] as const,
};
