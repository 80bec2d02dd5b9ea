// What a list page shows: the search of its address (the source of truth, so links and back/forward
// work) and the page of rows, which starts again at the first when the search changes.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { isSearchable, trimQuery } from '../../../core/search.ts';
import { useChangeQuery } from '../address-query.ts';
import { useRouteParams } from '../use-route-match.ts';

/** The list pages: routes that declare the `search` query (docs/navigation.md#routes), and a site's devices. */
export type ListRouteKey = 'devices' | 'siteDevices' | 'sites' | 'users' | 'clouds';

export interface ListPageParams {
  /** What is searched for: the address's text trimmed, or '' when it is too short to search. */
  readonly search: string;
  /** The first row of the page. */
  readonly offset: number;
}

export function useListPageParams(routeKey: ListRouteKey) {
  const { cloudId } = useRouteParams(routeKey);
  const changeQuery = useChangeQuery();
  const [searchParams] = useSearchParams();
  const text = searchParams.get('search') ?? '';
  const search = isSearchable(text) ? trimQuery(text) : '';
  // The page starts again at the first whenever the address's query (search or filters) changes.
  const query = searchParams.toString();
  const [paging, setPaging] = useState({ query, offset: 0 });
  const offset = paging.query === query ? paging.offset : 0;
  return {
    routeKey,
    cloudId,
    /** The address's text, as the search box shows it. */
    text,
    params: { search, offset } satisfies ListPageParams,
    /**
     * A new search is a new address (and history entry) that keeps the list's other filters; the same
     * search again changes nothing.
     */
    setSearch(term: string) {
      if (term !== search) changeQuery({ search: term });
    },
    setOffset: (next: number) => setPaging({ query, offset: next }),
  };
}

export type ListPageState = ReturnType<typeof useListPageParams>;
