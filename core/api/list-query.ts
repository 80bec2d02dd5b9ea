// The query and answer shape shared by the cloud's list calls (devices, sites, users): a search text and
// one page of rows with the total, paged on the server so a cloud of any size answers as fast.
import { type Static, type TSchema, Type } from 'typebox';
import { MIN_SEARCH_LENGTH } from '../constants.ts';
import { LIST_FILTER_MAX_LENGTH } from '../limits.ts';
import { closed } from './closed.ts';

/** Most rows one list call answers. */
export const LIST_LIMIT_MAX = 100;
/** Rows a list page shows at a time. */
export const LIST_PAGE_SIZE = 50;
/** A list call stops counting matches past this many, or past the end of the page asked for when further. */
export const LIST_COUNT_MAX = 10_000;
/** Shortest search text, once trimmed: each search can then use the trigram indexes (as Search Everywhere). */
export const LIST_SEARCH_MIN_LENGTH = MIN_SEARCH_LENGTH;

// Only white space (no search), or at least LIST_SEARCH_MIN_LENGTH characters between the first and last
// that are not white space.
const SEARCH_PATTERN = `^\\s*$|^\\s*\\S[\\s\\S]{${LIST_SEARCH_MIN_LENGTH - 2},}\\S\\s*$`;

export const ListQuery = Type.Object(
  {
    /** Case-insensitive text to look for; empty or absent lists everything. */
    search: Type.Optional(Type.String({ maxLength: LIST_FILTER_MAX_LENGTH, pattern: SEARCH_PATTERN })),
    offset: Type.Integer({ minimum: 0, maximum: 2147483647, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: LIST_LIMIT_MAX, default: LIST_PAGE_SIZE }),
  },
  closed,
);
export type ListQuery = Static<typeof ListQuery>;

/** One page of a list as the server reads it: the search trimmed, '' to list everything. */
export type ListPageRequest = { search: string; offset: number; limit: number };
export const listPageRequest = ({ search, offset, limit }: ListQuery): ListPageRequest => ({
  search: search?.trim() ?? '',
  offset,
  limit,
});

/** One page of rows and how many rows match. */
export const ListPage = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    total: Type.Integer({ minimum: 0 }),
    /** More than `total` rows match: counting stopped there, so a cloud of any size answers fast. */
    total_capped: Type.Boolean(),
  });
export type ListPage<T> = { items: T[]; total: number; total_capped: boolean };
