// The query keys of the search panel.
import type { SearchFind } from '../../../../core/api/search.ts';

export const searchKeys = {
  all: (cloudId: number) => ['search', cloudId] as const,
  find: (cloudId: number, body: SearchFind) =>
    [...searchKeys.all(cloudId), body.query, body.sources ?? null] as const,
};
