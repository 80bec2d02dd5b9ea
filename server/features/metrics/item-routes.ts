// A device's per-item series (docs/telemetry.md#per-item-series) for the Statistics pages, for whoever may
// read the devices of its site; a smart NVR's (its cameras and storage) for the members of its cloud.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DeviceItemMetricsResponse } from '../../../core/api/item-metrics.ts';
import { DeviceParams, MetricsQuery, SmartNvrMetricsParams } from '../../../core/api/metrics.ts';
import type { TimeRange } from '../../../core/time-range.ts';
import { DEFAULT_TIME_RANGE, TIME_RANGE_SPANS } from '../../../core/time-range.ts';
import { membershipOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/connect.ts';
import { errors } from '../../errors.ts';
import { readFailovers, readItemRows } from '../../fleet/metric-store.ts';
import { signedInErrors } from '../../http-schemas.ts';
import { itemSeries, rangeTimes } from './item-series.ts';
import { findSmartNvrAgent } from './repository.ts';
import { readableDevice } from './routes.ts';

export function itemMetricRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/devices/:deviceId/item-metrics',
      {
        schema: {
          tags: ['devices'],
          summary:
            "A device's radios, SSIDs, ports, WAN ports, cameras and recording storage over the last 24 " +
            'hours or 7 days (per hour) or 30 days (per day), and the failovers of a gateway in the range; ' +
            'needs read_device on its site',
          params: DeviceParams,
          querystring: MetricsQuery,
          response: { 200: DeviceItemMetricsResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const device = await readableDevice(db, membershipOf(request), request.params.deviceId);
        return itemMetrics(db, device.agentId, request.query.range ?? DEFAULT_TIME_RANGE);
      },
    );

    app.get(
      '/smartnvrs/:smartNvrId/item-metrics',
      {
        schema: {
          tags: ['devices'],
          operationId: 'getSmartNvrItemMetrics',
          summary:
            "A smart NVR's cameras (bitrate, streaming) and recording storage over the last 24 hours or 7 days " +
            '(per hour) or 30 days (per day)',
          params: SmartNvrMetricsParams,
          querystring: MetricsQuery,
          response: { 200: DeviceItemMetricsResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, smartNvrId } = request.params;
        const recorder = await findSmartNvrAgent(db, cloudId, smartNvrId);
        if (!recorder) throw errors.notFound('No such smart NVR in this cloud.');
        return itemMetrics(db, recorder.agentId, request.query.range ?? DEFAULT_TIME_RANGE);
      },
    );
  };
}

/** The agent's items over the range, and its failovers in it; empty series before it first reports. */
async function itemMetrics(db: Database, agentId: number | null, range: TimeRange) {
  const now = new Date();
  const from = new Date(now.getTime() - TIME_RANGE_SPANS[range].spanMs);
  const at = rangeTimes(range, now);
  const [rows, failovers] =
    agentId === null
      ? [[], []]
      : await Promise.all([
          readItemRows(db, agentId, range, now),
          readFailovers(db, agentId, from.getTime(), now.getTime()),
        ]);
  return { range, from: from.toISOString(), to: now.toISOString(), at, ...itemSeries(rows, at), failovers };
}
