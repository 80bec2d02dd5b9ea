import type { Database } from '../db/connect.ts';
import type { AppliedHeartbeat } from './heartbeats.ts';

/** Every heartbeat's numbers, into the time-series store. */
export async function writeHeartbeatMetrics(
  _tx: Database,
  _applied: readonly AppliedHeartbeat[],
): Promise<void> {}
