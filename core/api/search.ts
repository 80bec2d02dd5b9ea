// Schemas of Search Everywhere (docs/entities.md Search result, docs/validation.md, docs/api.md#the-calls), shared by server and web app.
import { type Static, Type } from 'typebox';
import { MIN_SEARCH_LENGTH } from '../constants.ts';
import { MAX_SEARCH_LENGTH, SEARCH_OBJECT_TYPES, SEARCH_SOURCES } from '../search.ts';
import { closed } from './closed.ts';

export const SearchSourceSchema = Type.Enum(SEARCH_SOURCES);

/**
 * docs/api.md#the-calls body of search/find. The query needs 3 characters once trimmed; without sources the input
 * kind decides them (core/search.ts defaultSources).
 */
export const SearchFindBody = Type.Object(
  {
    query: Type.String({ minLength: MIN_SEARCH_LENGTH, maxLength: MAX_SEARCH_LENGTH }),
    sources: Type.Optional(
      Type.Array(SearchSourceSchema, { minItems: 1, maxItems: SEARCH_SOURCES.length, uniqueItems: true }),
    ),
  },
  closed,
);
export type SearchFind = Static<typeof SearchFindBody>;

/** One matched field of a result and where it was found. */
export const SearchFieldSchema = Type.Object({ source: SearchSourceSchema, value: Type.String() });
export type SearchField = Static<typeof SearchFieldSchema>;

/** docs/entities.md Search result, with its field names. */
export const SearchResultSchema = Type.Object({
  object_type: Type.Enum(SEARCH_OBJECT_TYPES),
  title: Type.String(),
  /** The fields that matched, with their source; for a historical result the past values. */
  fields: Type.Array(SearchFieldSchema),
  historical: Type.Boolean(),
  object_id: Type.Integer(),
  cloud_id: Type.Integer(),
  /** The object's site; for a historical result the site where the past value was seen. */
  site_id: Type.Union([Type.Integer(), Type.Null()]),
  /** ISO 8601 date-time when the object was deleted, else null. */
  deleted_at: Type.Union([Type.String(), Type.Null()]),
  /**
   * Seconds since the epoch: when the object last changed (a client: when it was last seen); for a
   * historical result, when the past value stopped being valid.
   */
  updated_at: Type.Integer(),
  /**
   * A wireless client's whereabouts, so two clients of one name can be told apart: its site (for a
   * historical result, where the past value was seen), the device it is on now (a current result only)
   * and when it was last seen (for a historical result, when the past value stopped). Wireless clients only.
   */
  client: Type.Optional(
    Type.Object({
      site: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
      device: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
      last_seen_at: Type.String(),
    }),
  ),
});
export type SearchResult = Static<typeof SearchResultSchema>;

/** At most 3 results per object type in each list (docs/constants.md). */
export const SearchFindResponse = Type.Object({
  current: Type.Array(SearchResultSchema),
  historical: Type.Array(SearchResultSchema),
});
export type SearchFindResult = Static<typeof SearchFindResponse>;
