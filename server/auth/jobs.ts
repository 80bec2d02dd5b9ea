import type { PeriodicJob } from '../background/runner.ts';
import type { Database } from '../db/connect.ts';
import { purgeRateLimits } from './rate-limit.ts';
import { purgeExpiredSessions } from './sessions.ts';
import { purgeLoginThrottles } from './throttle.ts';

const MINUTE_MS = 60_000;

/** Sessions past their lifetime, login counters past their window and idle rate-limit buckets go. */
export function accessJobs(db: Database): PeriodicJob[] {
  return [
    { name: 'sessions-retention', everyMs: 60 * MINUTE_MS, run: () => purgeExpiredSessions(db) },
    { name: 'login-throttles-retention', everyMs: 5 * MINUTE_MS, run: () => purgeLoginThrottles(db) },
    { name: 'rate-limits-retention', everyMs: 5 * MINUTE_MS, run: () => purgeRateLimits(db) },
  ];
}
