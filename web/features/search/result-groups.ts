// Search Everywhere's results as the panel lists them (docs/navigation.md#top-bar-panels, docs/entities.md, docs/constants.md): grouped by object type, current
// matches and historical ones ("where was this MAC last seen") in groups of their own, at most 3 a group,
// each linking to where the object is listed.
import type { SearchFindResult, SearchResult } from '../../../core/api/search.ts';
import { MAX_MATCHES_PER_GROUP } from '../../../core/constants.ts';
import { routes } from '../../../core/routes.ts';
import { SEARCH_OBJECT_TYPES, type SearchObjectType } from '../../../core/search.ts';

export interface ResultGroup {
  readonly type: SearchObjectType;
  readonly historical: boolean;
  readonly results: readonly SearchResult[];
}

export function groupResults(found: SearchFindResult): ResultGroup[] {
  const pick = (list: readonly SearchResult[], type: SearchObjectType) =>
    list.filter((result) => result.object_type === type).slice(0, MAX_MATCHES_PER_GROUP);
  return SEARCH_OBJECT_TYPES.flatMap((type) => [
    { type, historical: false, results: pick(found.current, type) },
    { type, historical: true, results: pick(found.historical, type) },
  ]).filter((group) => group.results.length > 0);
}

/**
 * docs/navigation.md#routes: the list page of the result's cloud, searching for what was typed; a wireless client opens
 * on its site, and a client seen on no site falls back to the devices list.
 */
export function resultHref(result: SearchResult, query: string): string {
  const cloud = { cloudId: result.cloud_id };
  const options = { query: { search: query } };
  switch (result.object_type) {
    case 'cloud':
      return routes.clouds.href(cloud, options);
    case 'site':
      return routes.sites.href(cloud, options);
    case 'device':
      return routes.devices.href(cloud, options);
    case 'user':
      return routes.users.href(cloud, options);
    case 'client':
      return result.site_id === null
        ? routes.devices.href(cloud, options)
        : routes.siteClient.href({ siteId: result.site_id, clientId: result.object_id });
  }
}
