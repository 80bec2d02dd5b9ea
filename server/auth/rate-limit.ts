import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/connect.ts';
import { apiRateLimits } from '../db/schema/accounts.ts';
import { errors } from '../errors.ts';

/** A token bucket: `perSecond` requests a second on average, `burst` at once after a quiet spell. */
export type Budget = { perSecond: number; burst: number };

/**
 * The API's budgets from API_RATE_LIMIT (requests a second per caller): each signed-in session, each API
 * token, or each address without either, gets that rate with ten seconds of it as a burst; a cloud's members share four
 * times as much, so one member cannot starve the others.
 */
export function apiBudgets(perSecond: number): { caller: Budget; cloud: Budget } {
  return {
    caller: { perSecond, burst: perSecond * 10 },
    cloud: { perSecond: perSecond * 4, burst: perSecond * 40 },
  };
}

const b = apiRateLimits;
const elapsedS = sql`extract(epoch from (now() - ${b.updatedAt}))`;

/**
 * Takes one request from a bucket, in one statement so concurrent requests and server processes share it.
 * Answers 0 when the request may go ahead, else the seconds until the bucket holds one again.
 */
export async function spend(db: Database, key: string, budget: Budget): Promise<number> {
  const available = sql`least(${budget.burst}::float8, ${b.tokens} + ${elapsedS} * ${budget.perSecond})`;
  const taken = await db
    .insert(b)
    .values({ key, tokens: budget.burst - 1 })
    .onConflictDoUpdate({
      target: b.key,
      set: { tokens: sql`${available} - 1`, updatedAt: sql`now()` },
      setWhere: sql`${available} >= 1`,
    })
    .returning({ key: b.key });
  if (taken.length > 0) return 0;
  const [row] = await db
    .select({ seconds: sql<number>`ceil((1 - ${available}) / ${budget.perSecond})::int` })
    .from(b)
    .where(eq(b.key, key));
  return Math.max(1, row?.seconds ?? 1);
}

/** Drops buckets that have been full for a while: a missing bucket is a full one. */
export async function purgeRateLimits(db: Database): Promise<void> {
  await db.delete(b).where(lt(b.updatedAt, sql`now() - interval '10 minutes'`));
}

const isApi = (request: FastifyRequest) => {
  const url = request.routeOptions.url;
  return url?.startsWith('/apiv2/') && !url.startsWith('/apiv2/docs');
};

/**
 * Charges every API request to its caller (the session, else the address) and, once the cloud scope has
 * checked membership, to the cloud: a caller outside a cloud cannot spend its budget. Runs before the body
 * is read. A perSecond of 0 turns the limit off.
 */
export function registerRateLimit(app: FastifyInstance, db: Database, perSecond: number): void {
  if (perSecond <= 0) return;
  const budgets = apiBudgets(perSecond);
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!isApi(request)) return payload;
    // A bearer request is charged to its token (docs/api-tokens.md), whoever owns it.
    const caller = request.apiToken
      ? `token:${request.apiToken.id}`
      : request.session
        ? `session:${request.session.idHash}`
        : `address:${request.ip}`;
    let wait = await spend(db, caller, budgets.caller);
    if (wait === 0 && request.membership) {
      wait = await spend(db, `cloud:${request.membership.cloudId}`, budgets.cloud);
    }
    if (wait > 0) throw errors.tooManyRequests(wait);
    return payload;
  });
}
