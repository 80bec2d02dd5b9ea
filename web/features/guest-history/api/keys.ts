// The query keys of History (docs/guest-access.md#history).
import type { SessionListQuery } from '../../../../core/api/guest-sessions.ts';

export const guestHistoryKeys = {
  all: (cloudId: number) => ['guest-history', cloudId] as const,
  list: (cloudId: number, query: Partial<SessionListQuery>) =>
    [...guestHistoryKeys.all(cloudId), 'list', query] as const,
};
