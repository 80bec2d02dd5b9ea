// The query keys of the change log.
import type { ChangeLogFilters } from './get-change-log.ts';

export const changeLogKeys = {
  all: (cloudId: number) => ['change-log', cloudId] as const,
  page: (cloudId: number, filters: ChangeLogFilters, offset: number) =>
    [...changeLogKeys.all(cloudId), filters, offset] as const,
};
