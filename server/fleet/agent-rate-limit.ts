// The agent API's limits per source address (docs/security.md, Rate limits): calling home is paced
// tightly in the database buckets every server process shares; heartbeats, events and the command channel
// loosely, in this process's memory, so the hot path never waits for a database round trip.
import { isIPv6 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type Budget, spend } from '../auth/rate-limit.ts';
import type { Database } from '../db/connect.ts';
import { errors } from '../errors.ts';

/** Adoption calls a minute per address (AGENT_ADOPT_RATE_LIMIT), with five minutes' worth as a burst. */
export const adoptBudget = (perMinute: number): Budget => ({
  perSecond: perMinute / 60,
  burst: perMinute * 5,
});

/** Other agent requests a second per address (AGENT_RATE_LIMIT), with ten seconds' worth as a burst. */
export const agentBudget = (perSecond: number): Budget => ({ perSecond, burst: perSecond * 10 });

/**
 * Whom a limit counts: an IPv4 address (also when written as IPv6), or an IPv6 address's /64 network,
 * which one subscriber usually holds whole.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1] as string;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === '' ? [] : tail.split(':');
  const groups = ip.includes('::')
    ? [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Token buckets in this process's memory. With several server processes each keeps its own, so an address
 * gets up to that many times the rate. At most `maxKeys` addresses are tracked: past it, full buckets are
 * dropped (a missing bucket is a full one), then the oldest.
 */
export function memoryBuckets(budget: Budget, maxKeys = 100_000) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const prune = (now: number) => {
    for (const [key, bucket] of buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * budget.perSecond >= budget.burst) buckets.delete(key);
    }
    for (const key of buckets.keys()) {
      if (buckets.size < maxKeys) break;
      buckets.delete(key);
    }
  };
  return {
    /** Takes one request; 0 when it may go ahead, else the seconds until the bucket holds one again. */
    take(key: string, now = performance.now()): number {
      let bucket = buckets.get(key);
      if (!bucket) {
        if (buckets.size >= maxKeys) prune(now);
        bucket = { tokens: budget.burst, at: now };
        buckets.set(key, bucket);
      } else {
        bucket.tokens = Math.min(budget.burst, bucket.tokens + ((now - bucket.at) / 1000) * budget.perSecond);
        bucket.at = now;
      }
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / budget.perSecond));
    },
  };
}

/**
 * Charges every request of the agent API (registered in its plugin, before the credential is read and the
 * body parsed) to its source address: 429 with Retry-After past the budget. A limit of 0 turns it off.
 */
export function registerAgentRateLimit(
  app: FastifyInstance,
  db: Database,
  limits: { adoptPerMinute: number; perSecond: number },
): void {
  const loose = limits.perSecond > 0 ? memoryBuckets(agentBudget(limits.perSecond)) : null;
  const tight = limits.adoptPerMinute > 0 ? adoptBudget(limits.adoptPerMinute) : null;
  app.addHook('onRequest', async (request) => {
    const key = addressKey(request.ip);
    const adopting = request.routeOptions.url?.endsWith('/adopt') === true;
    let wait = 0;
    if (adopting && tight) wait = await spend(db, `agent-adopt:${key}`, tight);
    else if (!adopting && loose) wait = loose.take(key);
    if (wait > 0) throw errors.tooManyRequests(wait);
  });
}
