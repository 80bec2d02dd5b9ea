import type { SearchFindResult, SearchResult } from '../../../core/api/search.ts';
import { MAX_MATCHES_PER_GROUP } from '../../../core/constants.ts';
import { SEARCH_OBJECT_TYPES } from '../../../core/search.ts';
import type { Database } from '../../db/connect.ts';
import { clientWhereabouts } from './client-whereabouts.ts';
import { findPastValues } from './history-repository.ts';
import { findObjects, type Hit, objectSearches, type SearchScope, type SearchTerms } from './repository.ts';

const objectKey = (hit: Hit) => `${hit.objectType}:${hit.objectId}`;
const valueKey = (hit: Hit, field: Hit['fields'][number]) =>
  `${objectKey(hit)}:${field.source}:${field.value.toLowerCase()}`;

const byRelevance = (a: Hit, b: Hit) =>
  SEARCH_OBJECT_TYPES.indexOf(a.objectType) - SEARCH_OBJECT_TYPES.indexOf(b.objectType) ||
  a.rank - b.rank ||
  b.updatedAt - a.updatedAt ||
  b.objectId - a.objectId;

/** The first `limit` hits of each object type, in type order, best first. */
function topPerType(hits: Hit[], limit: number): Hit[] {
  const taken = new Map<string, number>();
  return [...hits].sort(byRelevance).filter((hit) => {
    const count = taken.get(hit.objectType) ?? 0;
    taken.set(hit.objectType, count + 1);
    return count < limit;
  });
}

/**
 * Deleted objects and past values, one result per object with the values that matched; a value the
 * object still has (it is among the current results with it) is not repeated.
 */
function historicalHits(current: Hit[], past: Hit[]): Hit[] {
  const currentValues = new Set(current.flatMap((hit) => hit.fields.map((field) => valueKey(hit, field))));
  const merged = new Map<string, Hit>();
  for (const hit of past) {
    const known = merged.get(objectKey(hit));
    const target = known ?? { ...hit, fields: [] };
    if (known) {
      target.rank = Math.min(known.rank, hit.rank);
      target.updatedAt = Math.max(known.updatedAt, hit.updatedAt);
      target.deletedAt ??= hit.deletedAt;
    }
    const seen = new Set(target.fields.map((field) => valueKey(target, field)));
    for (const field of hit.fields) {
      const key = valueKey(target, field);
      if (seen.has(key) || currentValues.has(key)) continue;
      seen.add(key);
      target.fields.push(field);
    }
    merged.set(objectKey(hit), target);
  }
  return [...merged.values()].filter((hit) => hit.fields.length > 0);
}

function present(hit: Hit, historical: boolean): SearchResult {
  return {
    object_type: hit.objectType,
    title: hit.title,
    fields: hit.fields,
    historical,
    object_id: hit.objectId,
    cloud_id: hit.cloudId,
    site_id: hit.siteId,
    deleted_at: hit.deletedAt,
    updated_at: hit.updatedAt,
  };
}

/**
 * docs/api.md#the-calls search/find: the caller's current matches and the historical ones (deleted objects, past
 * names and addresses), at most 3 per object type in each list (docs/constants.md). The per-type queries run
 * concurrently; each looks at a bounded number of candidate rows.
 */
export async function searchEverywhere(
  db: Database,
  scope: SearchScope,
  terms: SearchTerms,
): Promise<SearchFindResult> {
  // Up to 3 current objects per type can hide a historical one, so twice as many are fetched.
  const [past, ...found] = await Promise.all([
    findPastValues(db, scope, terms, 2 * MAX_MATCHES_PER_GROUP),
    ...objectSearches(scope).map((search) => findObjects(db, search, terms, MAX_MATCHES_PER_GROUP)),
  ]);
  const current = topPerType(
    found.flatMap((result) => result.current),
    MAX_MATCHES_PER_GROUP,
  );
  const deleted = found.flatMap((result) => result.deleted);
  const historical = topPerType(historicalHits(current, [...deleted, ...past]), MAX_MATCHES_PER_GROUP);
  const whereabouts = await clientWhereabouts(db, scope.cloudId, current, historical);
  return {
    current: current.map((hit) => ({ ...present(hit, false), ...whereabouts.current(hit) })),
    historical: historical.map((hit) => ({ ...present(hit, true), ...whereabouts.historical(hit) })),
  };
}
