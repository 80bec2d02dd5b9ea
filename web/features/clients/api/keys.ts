// The query keys of the wireless clients' pages; their queries and the live events
// (web/shell/live-event-keys.ts) take them from here.
import type { TimeRange } from '../../../../core/time-range.ts';
import type { ClientListParams, ClientScope } from './get-clients.ts';

export const clientsKeys = {
  /** Every client list and client page of the cloud. */
  all: (cloudId: number) => ['clients', cloudId] as const,
  list: (cloudId: number, scope: ClientScope, params: ClientListParams) =>
    [...clientsKeys.all(cloudId), 'list', scope, params] as const,
  client: (cloudId: number, clientId: number, range: TimeRange | undefined) =>
    [...clientsKeys.all(cloudId), 'client', clientId, range ?? 'all'] as const,
  stays: (cloudId: number, clientId: number, range: TimeRange | undefined, offset: number) =>
    [...clientsKeys.all(cloudId), 'stays', clientId, range ?? 'all', offset] as const,
};
