// The query keys of the LinqPath page (docs/linqpath.md).
export const linqpathKeys = {
  all: (cloudId: number) => ['linqpath', cloudId] as const,
  plans: (cloudId: number, offset: number, limit: number) =>
    [...linqpathKeys.all(cloudId), 'plans', offset, limit] as const,
  places: (cloudId: number, search: string) => [...linqpathKeys.all(cloudId), 'places', search] as const,
};
