import { type SQL, sql } from 'drizzle-orm';
import type { SearchObjectType, SearchSource } from '../../../core/search.ts';
import type { Database } from '../../db/connect.ts';
import { intArray, queryRows } from '../../db/rows.ts';
import { candidates, matcherFor, readsInOrder } from './matching.ts';

/** Whose search: the cloud, the caller, the sites they may see (null = all) and whether they see users. */
export type SearchScope = {
  cloudId: number;
  userId: number;
  siteIds: number[] | null;
  seesUsers: boolean;
};

/** What to look for: the trimmed query and the sources to search. */
export type SearchTerms = { query: string; sources: ReadonlySet<SearchSource> };

/** One object that matched, before it becomes a docs/entities.md search result. */
export type Hit = {
  objectType: SearchObjectType;
  objectId: number;
  cloudId: number;
  siteId: number | null;
  title: string;
  fields: { source: SearchSource; value: string }[];
  /** 0 exact, 1 prefix, 2 anywhere else (the best of its fields). */
  rank: number;
  deletedAt: string | null;
  /** Seconds since the epoch. */
  updatedAt: number;
};

export type ObjectSearch = {
  objectType: SearchObjectType;
  /** FROM and JOIN clauses. */
  from: SQL;
  /** Conditions every row must meet (cloud, visibility). */
  where: SQL[];
  objectId: SQL;
  cloudId: SQL;
  siteId: SQL;
  title: SQL;
  updated: SQL;
  /** The deletion time, for objects that stay in their table once deleted. */
  deleted: SQL | null;
  /** The searchable columns by source. */
  columns: Partial<Record<SearchSource, SQL>>;
};

type ObjectRow = {
  object_id: number;
  cloud_id: number;
  site_id: number | null;
  title: string;
  deleted_at: string | null;
  updated_at: number;
  rank: number;
  [column: `v${number}` | `m${number}`]: unknown;
};

const isoTime = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const epochSeconds = (column: SQL) => sql`floor(extract(epoch from ${column}))::float8`;
export const inSites = (column: SQL, siteIds: readonly number[]) =>
  sql`${column} = ANY(${intArray(siteIds)})`;

/**
 * The best current matches of one object type (at most `limit`) and, for objects that stay in their
 * table once deleted, the best deleted ones, all from one bounded scan of the candidates.
 */
export async function findObjects(
  db: Database,
  search: ObjectSearch,
  terms: SearchTerms,
  limit: number,
): Promise<{ current: Hit[]; deleted: Hit[] }> {
  const sources = (Object.keys(search.columns) as SearchSource[]).filter((s) => terms.sources.has(s));
  if (sources.length === 0) return { current: [], deleted: [] };
  const parts = sources.map((source, index) => {
    const column = search.columns[source] as SQL;
    const matcher = matcherFor(source, terms.query);
    return { source, column, index, match: matcher.match(column), rank: matcher.rank(column) };
  });
  const deleted = search.deleted ?? sql`NULL::timestamptz`;
  const columns = sql`${search.objectId} AS object_id, ${search.cloudId} AS cloud_id, ${search.siteId} AS site_id,
    ${search.title} AS title, ${deleted} AS deleted, ${search.updated} AS updated,
    ${sql.join(
      parts.map(
        (p) => sql`${p.column} AS ${sql.raw(`v${p.index}`)}, ${p.match} AS ${sql.raw(`m${p.index}`)}`,
      ),
      sql`, `,
    )},
    LEAST(${sql.join(
      parts.map((p) => sql`CASE WHEN ${p.match} THEN ${p.rank} END`),
      sql`, `,
    )}) AS rank`;
  const where = sql`${sql.join(search.where, sql` AND `)} AND (${sql.join(
    parts.map((p) => p.match),
    sql` OR `,
  )})`;
  const [only] = parts;
  const order = parts.length === 1 && only && readsInOrder(only.source) ? only.column : null;
  const query = sql`
    WITH candidates AS MATERIALIZED (${candidates(columns, search.from, where, order)}
    ), ranked AS (
      (SELECT * FROM candidates WHERE deleted IS NULL ORDER BY rank, updated DESC, object_id DESC LIMIT ${limit})
      UNION ALL
      (SELECT * FROM candidates WHERE deleted IS NOT NULL ORDER BY rank, updated DESC, object_id DESC
        LIMIT ${search.deleted ? limit : 0})
    )
    SELECT ranked.*, ${isoTime(sql`deleted`)} AS deleted_at, ${epochSeconds(sql`updated`)} AS updated_at
    FROM ranked`;
  const hits = (await queryRows<ObjectRow>(db, query)).map(
    (row): Hit => ({
      objectType: search.objectType,
      objectId: Number(row.object_id),
      cloudId: Number(row.cloud_id),
      siteId: row.site_id === null ? null : Number(row.site_id),
      title: row.title,
      fields: parts
        .filter((p) => row[`m${p.index}`] === true)
        .map((p) => ({ source: p.source, value: String(row[`v${p.index}`]) })),
      rank: Number(row.rank),
      deletedAt: row.deleted_at,
      updatedAt: Number(row.updated_at),
    }),
  );
  return { current: hits.filter((h) => !h.deletedAt), deleted: hits.filter((h) => h.deletedAt) };
}

const visibleSite = (scope: SearchScope, column: SQL): SQL[] =>
  scope.siteIds ? [inSites(column, scope.siteIds)] : [];

/** Clouds the caller belongs to, whichever cloud they search from. */
const cloudSearch = (scope: SearchScope): ObjectSearch => ({
  objectType: 'cloud',
  from: sql`clouds c JOIN memberships cm ON cm.cloud_id = c.id`,
  where: [sql`cm.user_id = ${scope.userId}`, sql`c.deleted_at IS NULL`],
  objectId: sql`c.id`,
  cloudId: sql`c.id`,
  siteId: sql`NULL::int`,
  title: sql`c.name`,
  updated: sql`c.updated_at`,
  deleted: null,
  columns: { name: sql`c.name` },
});

// sites_name_trgm, sites_location_trgm
const siteSearch = (scope: SearchScope): ObjectSearch => ({
  objectType: 'site',
  from: sql`sites s`,
  where: [sql`s.cloud_id = ${scope.cloudId}`, ...visibleSite(scope, sql`s.id`)],
  objectId: sql`s.id`,
  cloudId: sql`s.cloud_id`,
  siteId: sql`s.id`,
  title: sql`s.name`,
  updated: sql`s.updated_at`,
  deleted: sql`s.deleted_at`,
  columns: { name: sql`s.name`, location: sql`s.location` },
});

// devices_name_trgm, devices_hostname_trgm, devices_mac_idx, devices_ip_idx, devices_sn_idx
const deviceSearch = (scope: SearchScope): ObjectSearch => ({
  objectType: 'device',
  from: sql`devices d`,
  where: [sql`d.cloud_id = ${scope.cloudId}`, ...visibleSite(scope, sql`d.site_id`)],
  objectId: sql`d.id`,
  cloudId: sql`d.cloud_id`,
  siteId: sql`d.site_id`,
  title: sql`d.name`,
  updated: sql`d.updated_at`,
  deleted: sql`d.deleted_at`,
  columns: {
    name: sql`d.name`,
    hostname: sql`d.hostname`,
    mac: sql`d.mac`,
    ip: sql`d.ip`,
    serial: sql`d.sn`,
  },
});

// users_name_trgm (its expression exactly), users_email_trgm; members through memberships_cloud_idx
const userSearch = (scope: SearchScope): ObjectSearch => ({
  objectType: 'user',
  from: sql`users u JOIN memberships um ON um.user_id = u.id`,
  where: [sql`um.cloud_id = ${scope.cloudId}`, sql`u.deleted_at IS NULL`],
  objectId: sql`u.id`,
  cloudId: sql`um.cloud_id`,
  siteId: sql`NULL::int`,
  title: sql`coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.email)`,
  updated: sql`u.updated_at`,
  deleted: null,
  columns: { name: sql`(u.firstname || ' ' || u.lastname)`, email: sql`u.email` },
});

// wireless_clients_cloud_mac_idx, wireless_clients_cloud_ip_idx, wireless_clients_hostname_trgm
const clientSearch = (scope: SearchScope): ObjectSearch => ({
  objectType: 'client',
  from: sql`wireless_clients w`,
  where: [sql`w.cloud_id = ${scope.cloudId}`, ...visibleSite(scope, sql`w.site_id`)],
  objectId: sql`w.id`,
  cloudId: sql`w.cloud_id`,
  siteId: sql`w.site_id`,
  title: sql`coalesce(nullif(w.hostname, ''), w.mac)`,
  updated: sql`w.last_seen_at`,
  deleted: null,
  columns: { mac: sql`w.mac`, ip: sql`w.ip`, hostname: sql`w.hostname` },
});

/** The searches the caller's scope allows, one query per object type. */
export function objectSearches(scope: SearchScope): ObjectSearch[] {
  const searches = [cloudSearch(scope)];
  if (!scope.siteIds || scope.siteIds.length > 0) {
    searches.push(siteSearch(scope), deviceSearch(scope), clientSearch(scope));
  }
  if (scope.seesUsers) searches.push(userSearch(scope));
  return searches;
}
