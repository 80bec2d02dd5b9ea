import { type SQL, sql } from 'drizzle-orm';
import type { SearchObjectType, SearchSource } from '../../../core/search.ts';
import type { Database } from '../../db/connect.ts';
import { candidates, matcherFor, readsInOrder, SOURCE_KIND } from './matching.ts';
import { type Hit, inSites, type SearchScope, type SearchTerms } from './repository.ts';

/** object_history.field for each search source. */
const HISTORY_FIELD: Readonly<Record<SearchSource, string>> = {
  name: 'name',
  location: 'location',
  hostname: 'hostname',
  mac: 'mac',
  ip: 'ip',
  serial: 'sn',
  email: 'email',
};
const SOURCE_OF_FIELD = Object.fromEntries(Object.entries(HISTORY_FIELD).map(([s, f]) => [f, s])) as Record<
  string,
  SearchSource
>;

type HistoryRow = {
  object_type: SearchObjectType;
  object_id: number;
  site_id: number | null;
  rank: number;
  fields: [string, string][];
  title: string | null;
  deleted_at: string | null;
  updated_at: number;
};

/** The object types whose past values the caller may see. */
function historyTypes(scope: SearchScope): SearchObjectType[] {
  const types: SearchObjectType[] = [];
  if (!scope.siteIds || scope.siteIds.length > 0) types.push('site', 'device', 'client');
  if (scope.seesUsers) types.push('user');
  return types;
}

/**
 * Objects whose past names or addresses (object_history rows no longer valid) match, at most `limit`
 * per object type, each with the past values that matched. The site is where the value was seen;
 * updated_at is when it stopped being valid. Uses object_history_value_trgm for names and
 * object_history_cloud_value_idx for addresses and serial numbers.
 */
export async function findPastValues(
  db: Database,
  scope: SearchScope,
  terms: SearchTerms,
  limit: number,
): Promise<Hit[]> {
  const types = historyTypes(scope);
  const sources = [...terms.sources];
  if (types.length === 0 || sources.length === 0) return [];
  const value = sql`h.value`;
  // Name-type sources share one condition, so the trigram index is scanned once.
  const groups = new Map<string, string[]>();
  for (const source of sources) {
    const key = SOURCE_KIND[source] === 'text' ? 'text' : source;
    groups.set(key, [...(groups.get(key) ?? []), HISTORY_FIELD[source]]);
  }
  const arms = [...groups].map(([key, fields]) => {
    const matcher = matcherFor(key === 'text' ? 'name' : (key as SearchSource), terms.query);
    const fieldList = sql.join(
      fields.map((f) => sql`${f}`),
      sql`, `,
    );
    return {
      match: sql`(h.field IN (${fieldList}) AND ${matcher.match(value)})`,
      rank: sql`WHEN h.field IN (${fieldList}) THEN ${matcher.rank(value)}`,
    };
  });
  const where: SQL[] = [
    sql`h.cloud_id = ${scope.cloudId}`,
    sql`h.valid_to < now()`,
    sql`h.object_type IN (${sql.join(
      types.map((t) => sql`${t}`),
      sql`, `,
    )})`,
  ];
  const stillVisible: SQL[] = [];
  if (scope.siteIds) {
    where.push(inSites(sql`h.site_id`, scope.siteIds));
    // An object that moved to a site the caller cannot see is not shown either; a gone one is.
    stillVisible.push(
      sql`(present.title IS NULL OR o.object_type = 'user' OR ${inSites(sql`present.site_id`, scope.siteIds)})`,
    );
  }
  const columns = sql`h.object_type, h.object_id, h.field, h.value, h.site_id, h.valid_to,
    CASE ${sql.join(
      arms.map((a) => a.rank),
      sql` `,
    )} END AS rank`;
  const condition = sql`${sql.join(where, sql` AND `)} AND (${sql.join(
    arms.map((a) => a.match),
    sql` OR `,
  )})`;
  const [only] = sources;
  const order = sources.length === 1 && only && readsInOrder(only) ? value : null;
  const query = sql`
    WITH hits AS MATERIALIZED (${candidates(columns, sql`object_history h`, condition, order)}
    ), objects AS (
      SELECT object_type, object_id, min(rank) AS rank, max(valid_to) AS valid_to,
        (array_agg(site_id ORDER BY valid_to DESC))[1] AS site_id,
        json_agg(json_build_array(field, value) ORDER BY valid_to DESC) AS fields,
        row_number() OVER (PARTITION BY object_type ORDER BY min(rank), max(valid_to) DESC, object_id DESC) AS n
      FROM hits GROUP BY object_type, object_id
    )
    SELECT o.object_type, o.object_id, o.site_id, o.rank, o.fields, present.title,
      to_char(present.deleted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS deleted_at,
      floor(extract(epoch from o.valid_to))::float8 AS updated_at
    FROM objects o
      -- The object as it is now, if it still exists (one lateral join plans much faster than four).
      LEFT JOIN LATERAL (
        SELECT name AS title, deleted_at, id AS site_id FROM sites
          WHERE o.object_type = 'site' AND id = o.object_id AND cloud_id = ${scope.cloudId}
        UNION ALL
        SELECT name, deleted_at, site_id FROM devices
          WHERE o.object_type = 'device' AND id = o.object_id AND cloud_id = ${scope.cloudId}
        UNION ALL
        SELECT coalesce(nullif(hostname, ''), mac), NULL, site_id FROM wireless_clients
          WHERE o.object_type = 'client' AND id = o.object_id AND cloud_id = ${scope.cloudId}
        UNION ALL
        SELECT coalesce(nullif(trim(firstname || ' ' || lastname), ''), email), deleted_at, NULL FROM users
          WHERE o.object_type = 'user' AND id = o.object_id
      ) present ON true
    WHERE ${sql.join([sql`o.n <= ${limit}`, ...stillVisible], sql` AND `)}`;
  const result = await db.execute(query);
  return (result as unknown as { rows: HistoryRow[] }).rows.map((row) => {
    const fields = row.fields.map(([field, past]) => ({
      source: SOURCE_OF_FIELD[field] as SearchSource,
      value: past,
    }));
    return {
      objectType: row.object_type,
      objectId: Number(row.object_id),
      cloudId: scope.cloudId,
      siteId: row.site_id === null ? null : Number(row.site_id),
      // An object gone from its table is known by the value it had.
      title: row.title ?? fields[0]?.value ?? '',
      fields,
      rank: Number(row.rank),
      deletedAt: row.deleted_at,
      updatedAt: Number(row.updated_at),
    };
  });
}
