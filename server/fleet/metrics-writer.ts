import { metricItems } from '../../core/fleet/metric-items.ts';
import { metricSample } from '../../core/fleet/metric-sample.ts';
import type { Database } from '../db/connect.ts';
import type { AppliedHeartbeat } from './heartbeats.ts';
import { writeMetricSamples } from './metric-store.ts';

/** Every heartbeat's numbers, into the time-series store, in the batch's transaction. */
export function writeHeartbeatMetrics(tx: Database, applied: readonly AppliedHeartbeat[]): Promise<void> {
  return writeMetricSamples(
    tx,
    applied.map(({ agent, report, at }) => ({
      agentId: agent.id,
      at,
      sample: metricSample(report),
      items: metricItems(report),
    })),
  );
}
