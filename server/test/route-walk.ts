// For tests that walk every route: the routes as the app registers them (so a new route cannot be missed),
// the access table's working call for each, and a fingerprint of everything the database holds.
import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import type { Database } from '../db/connect.ts';
import { queryRows } from '../db/rows.ts';
import type { Call } from './access-rules.ts';
import { createTestApp, type Session, type TestApp } from './app.ts';
import type { RoleCloud } from './role-cloud.ts';

export type WalkedRoute = { method: string; url: string; schema: RouteOptions['schema'] };

/** The test app with every route it registered (HEAD twins left out: they share their GET's schemas). */
export async function createWalkedApp(
  configEnv: NodeJS.ProcessEnv = {},
): Promise<{ t: TestApp; routes: WalkedRoute[] }> {
  const routes: WalkedRoute[] = [];
  const t = await createTestApp(
    {
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema });
        }
      },
    },
    configEnv,
  );
  await t.app.ready();
  return { t, routes };
}

/** Whether a concrete URL (its query aside) is an instance of a route's pattern ('/sites/:siteId'). */
export function matchesPattern(pattern: string, url: string): boolean {
  const path = url.split('?')[0] ?? '';
  const source = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`).test(path);
}

/** The access table's call of a route, if it has one: the first row of the method whose URL fits. */
export function tableCall(calls: Call[], route: WalkedRoute, f: RoleCloud): Call | undefined {
  return calls.find((call) => call.method === route.method && matchesPattern(route.url, call.url(f)));
}

/** The headers of a call by someone its rule lets through: its Owner, a platform administrator, or anyone. */
export function permittedHeaders(call: Call, f: RoleCloud): Record<string, string> {
  const session: Session | null =
    call.rule.kind === 'public'
      ? null
      : f.sessions[call.rule.kind === 'platformAdmin' ? 'platformAdmin' : 'owner'];
  const auth = session
    ? { cookie: session.cookie, 'x-csrf-token': session.csrfToken }
    : { cookie: 'csrf_token=walk', 'x-csrf-token': 'walk' };
  return { ...call.headers?.(f), ...auth };
}

/** Tables a request changes whatever it asks: its session's last use and the rate-limit buckets. */
const BOOKKEEPING = ['sessions', 'api_rate_limits', 'login_throttles'];

/**
 * A digest of every row of every table (the request bookkeeping aside), by table, in one statement: two
 * fingerprints are equal when the database holds the same data.
 */
export async function tableFingerprints(db: Database): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const digests = tables
    .filter(({ name }) => !BOOKKEEPING.includes(name))
    .map(
      ({ name }) =>
        sql`SELECT ${name} AS name,
              md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest
            FROM ${sql.identifier(name)} t`,
    );
  const rows = await queryRows<{ name: string; digest: string }>(db, sql.join(digests, sql` UNION ALL `));
  return Object.fromEntries(rows.map(({ name, digest }) => [name, digest]));
}
