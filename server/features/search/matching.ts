// How one search source matches a column, written so each condition can use an index of
// server/db/schema (see the report of each query in bench/README.md).
import { type SQL, sql } from 'drizzle-orm';
import { normalizeMac, type SearchSource } from '../../../core/search.ts';
import { escapeLike, likeContains } from '../../db/like.ts';

export type MatchKind = 'text' | 'mac' | 'ip' | 'serial';

export const SOURCE_KIND: Readonly<Record<SearchSource, MatchKind>> = {
  name: 'text',
  location: 'text',
  hostname: 'text',
  email: 'text',
  mac: 'mac',
  ip: 'ip',
  serial: 'serial',
};

/** A match condition and its rank: 0 exact, 1 prefix, 2 anywhere else. */
export type Matcher = { match: (column: SQL) => SQL; rank: (column: SQL) => SQL };

// Upper end of a prefix range: U+FFFF sorts after every character in C and C.UTF-8 ordering and has
// the highest primary weight in Unicode (ICU) collations. Unlike LIKE 'prefix%', a range lets a plain
// btree (without text_pattern_ops) serve a prefix search in those collations; the LIKE beside it keeps
// the answer exact.
const RANGE_END = '\uffff';

const FULL_MAC = /^[0-9a-f]{2}(?::[0-9a-f]{2}){5}$/;

function textMatcher(query: string): Matcher {
  const contains = likeContains(query);
  const prefix = `${escapeLike(query)}%`;
  const lower = query.toLowerCase();
  return {
    // Trigram GIN indexes (gin_trgm_ops) serve ILIKE '%...%'.
    match: (column) => sql`${column} ILIKE ${contains}`,
    rank: (column) =>
      sql`CASE WHEN lower(${column}) = ${lower} THEN 0 WHEN ${column} ILIKE ${prefix} THEN 1 ELSE 2 END`,
  };
}

/** MACs are stored lowercase with colons; a full MAC is an equality, a partial one a substring. */
function macMatcher(query: string): Matcher {
  const mac = normalizeMac(query) ?? query.toLowerCase();
  const prefix = `${escapeLike(mac)}%`;
  const contains = likeContains(mac);
  return {
    match: (column) => (FULL_MAC.test(mac) ? sql`${column} = ${mac}` : sql`${column} LIKE ${contains}`),
    rank: (column) =>
      sql`CASE WHEN ${column} = ${mac} THEN 0 WHEN ${column} LIKE ${prefix} THEN 1 ELSE 2 END`,
  };
}

function prefixMatcher(bound: string, pattern: string, like: 'LIKE' | 'ILIKE'): Matcher['match'] {
  const end = bound + RANGE_END;
  const prefix = `${escapeLike(pattern)}%`;
  return (column) =>
    sql`(${column} >= ${bound} AND ${column} < ${end} AND ${column} ${sql.raw(like)} ${prefix})`;
}

/** IP addresses match by prefix: `10.0` finds 10.0.x.y. */
function ipMatcher(query: string): Matcher {
  return {
    match: prefixMatcher(query, query, 'LIKE'),
    rank: (column) => sql`CASE WHEN ${column} = ${query} THEN 0 ELSE 1 END`,
  };
}

/** Serial numbers match by prefix, whatever the case typed; devices report them in capitals. */
function serialMatcher(query: string): Matcher {
  const upper = query.toUpperCase();
  return {
    match: prefixMatcher(upper, query, 'ILIKE'),
    rank: (column) => sql`CASE WHEN upper(${column}) = ${upper} THEN 0 ELSE 1 END`,
  };
}

/**
 * Rows the database looks at per object type and list. Ranking and the most recently updated order
 * apply among these, so a search for a word shared by thousands of objects costs about the same as a
 * precise one; the list pages (linked from the panel) show every match.
 */
export const SEARCH_CANDIDATES = 100;

/**
 * The first SEARCH_CANDIDATES matching rows. A lone address or serial source reads its btree in order
 * and stops there. Otherwise the rows are numbered instead of limited: a LIMIT would let the planner
 * prefer a table scan that stops early, which reads most of the table when the matches sit at its end,
 * while the numbering keeps the index (bitmap) plan and still stops after the last candidate.
 */
export function candidates(columns: SQL, from: SQL, where: SQL, indexOrder: SQL | null): SQL {
  if (indexOrder) {
    return sql`SELECT ${columns} FROM ${from} WHERE ${where} ORDER BY ${indexOrder} LIMIT ${SEARCH_CANDIDATES}`;
  }
  return sql`SELECT * FROM (SELECT ${columns}, row_number() OVER () AS candidate FROM ${from} WHERE ${where})
    numbered WHERE candidate <= ${SEARCH_CANDIDATES}`;
}

/** Whether a source alone is matched on a btree range that can be read in order. */
export const readsInOrder = (source: SearchSource) => source === 'ip' || source === 'serial';

export function matcherFor(source: SearchSource, query: string): Matcher {
  switch (SOURCE_KIND[source]) {
    case 'text':
      return textMatcher(query);
    case 'mac':
      return macMatcher(query);
    case 'ip':
      return ipMatcher(query);
    case 'serial':
      return serialMatcher(query);
  }
}
