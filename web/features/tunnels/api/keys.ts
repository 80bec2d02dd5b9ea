// The query keys of tunnels (docs/remote-access.md); the list, opening and closing take them from here.
import type { TunnelListQuery } from '../../../../core/api/tunnels.ts';

export const tunnelKeys = {
  all: (cloudId: number) => ['tunnels', cloudId] as const,
  list: (cloudId: number, query: Partial<TunnelListQuery>) =>
    [...tunnelKeys.all(cloudId), 'list', query] as const,
};
