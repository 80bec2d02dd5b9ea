// What a list page shows: the search of its address (the source of truth, so links and back/forward
// work) and the page of rows, which starts again at the first when the search changes.
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { routes } from '../../../core/routes.ts';
import { isSearchable, trimQuery } from '../../../core/search.ts';
import { useRouteParams } from '../../shell/use-route-match.ts';

/** The list pages: cloud-level routes that declare the `search` query (SPEC §2.1). */
export type ListRouteKey = 'devices' | 'sites' | 'users' | 'clouds';

export interface ListPageParams {
  /** What is searched for: the address's text trimmed, or '' when it is too short to search. */
  readonly search: string;
  /** The first row of the page. */
  readonly offset: number;
}

export function useListPageParams(routeKey: ListRouteKey) {
  const { cloudId } = useRouteParams(routeKey);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const text = searchParams.get('search') ?? '';
  const search = isSearchable(text) ? trimQuery(text) : '';
  const [paging, setPaging] = useState({ search, offset: 0 });
  const offset = paging.search === search ? paging.offset : 0;
  return {
    routeKey,
    cloudId,
    /** The address's text, as the search box shows it. */
    text,
    params: { search, offset } satisfies ListPageParams,
    /** A new search is a new address (and history entry); the same search again changes nothing. */
    setSearch(term: string) {
      if (term === search) return;
      navigate(routes[routeKey].href({ cloudId }, { query: { search: term === '' ? undefined : term } }));
    },
    setOffset: (next: number) => setPaging({ search, offset: next }),
  };
}

export type ListPageState = ReturnType<typeof useListPageParams>;
