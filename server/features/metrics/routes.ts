// A device's Statistics (docs/navigation.md#navigation-drawer: Wireless, Networks, System) and a switch's Ports and Files, for
// whoever may read the devices of its site.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  type DeviceFileReading,
  DeviceFilesResponse,
  DeviceMetricsResponse,
  DeviceParams,
  DevicePortsResponse,
  MetricsQuery,
  type PortReading,
} from '../../../core/api/metrics.ts';
import { keepsFiles } from '../../../core/navigation/versions.ts';
import { sitePermissions } from '../../../core/policy.ts';
import { modelHardware } from '../../../core/product-hardware.ts';
import { allowedTasks, mayDownloadTaskFile } from '../../../core/task-types.ts';
import { DEFAULT_TIME_RANGE, TIME_RANGE_SPANS } from '../../../core/time-range.ts';
import { type Membership, membershipOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/connect.ts';
import { errors } from '../../errors.ts';
import {
  readHourlySeries,
  readMetricSeries,
  type MetricPoint as StoredPoint,
} from '../../fleet/metric-store.ts';
import { signedInErrors } from '../../http-schemas.ts';
import {
  type FetchRow,
  findMetricDevice,
  lastHeartbeatInterval,
  latestFileFetches,
  readTelemetry,
} from './repository.ts';
import { chartPoints } from './series.ts';

/** The device when the caller may read it; a device they may not see does not exist for them (docs/api.md#http-conventions). */
export async function readableDevice(db: Database, membership: Membership, deviceId: number) {
  const device = await findMetricDevice(db, membership.cloudId, deviceId);
  if (!device) throw errors.notFound('No such device in this cloud.');
  // A Site User sees only the devices of their sites; a device without a site is in none of them.
  const readable =
    device.siteId === null
      ? membership.roleId !== 'ROLE_USER'
      : sitePermissions(membership, device.siteId).has('read_device');
  if (!readable) throw errors.notFound('No such device in this cloud.');
  return device;
}

const HOUR_MS = 3_600_000;

/** The start of the hour of the first sample, or of the hour now falls in without any. */
function firstSampleHour(rows: readonly StoredPoint[], now: Date) {
  const first = rows[0] ? Date.parse(rows[0].at) : now.getTime();
  return Math.floor(first / HOUR_MS) * HOUR_MS;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The ports of a heartbeat, by port number, each copper or SFP as the model has them. */
function portReadings(telemetry: unknown, productBrandId: number): PortReading[] {
  if (!Array.isArray(telemetry)) return [];
  const copper = modelHardware(productBrandId)?.ports?.copper ?? Number.POSITIVE_INFINITY;
  return telemetry
    .filter(isRecord)
    .filter((port) => typeof port.port === 'number')
    .map((port) => ({
      port: count(port.port),
      medium: count(port.port) > copper ? ('sfp' as const) : ('copper' as const),
      link: port.link === true,
      speed_mbps: count(port.speedMbps),
      poe_w: count(port.poeW),
      errors: count(port.errors),
      rx_bytes: count(port.rxBytes),
      tx_bytes: count(port.txBytes),
    }))
    .sort((a, b) => a.port - b.port);
}

/** The files of a heartbeat, by name, each with its latest fetch. */
function fileReadings(
  telemetry: unknown,
  fetches: Map<string, FetchRow>,
  mayDownload: boolean,
): DeviceFileReading[] {
  if (!Array.isArray(telemetry)) return [];
  return telemetry
    .filter(isRecord)
    .filter((file) => typeof file.name === 'string' && typeof file.modifiedAt === 'string')
    .map((file) => {
      const name = String(file.name);
      const fetch = fetches.get(name);
      return {
        name,
        size: count(file.size),
        modified_at: String(file.modifiedAt),
        last_fetch: fetch
          ? {
              task_id: fetch.task_id,
              target_id: fetch.target_id,
              state: fetch.state,
              error: fetch.error,
              finished_at: fetch.finished_at,
              downloadable: fetch.downloadable && mayDownload,
            }
          : null,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function metricRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/devices/:deviceId/metrics',
      {
        schema: {
          tags: ['devices'],
          summary:
            "A device's numbers over the last 24 hours (every heartbeat) or 7 or 30 days (hourly " +
            'averages): load, memory, temperature, power, clients and radios per band, traffic and its ' +
            'weakest link; needs read_device on its site',
          params: DeviceParams,
          querystring: MetricsQuery,
          response: { 200: DeviceMetricsResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const device = await readableDevice(db, membershipOf(request), request.params.deviceId);
        const range = request.query.range ?? DEFAULT_TIME_RANGE;
        const now = new Date();
        const from = new Date(now.getTime() - TIME_RANGE_SPANS[range].spanMs);
        if (device.agentId === null)
          return { range, from: from.toISOString(), to: now.toISOString(), points: [] };
        const rows = await readMetricSeries(db, device.agentId, range, now);
        // The hours of the last day before the first sample kept come from the hourly rollups
        // (docs/telemetry.md), so a day's chart is whole even where the samples are not.
        const earlier =
          range === '24h'
            ? await readHourlySeries(
                db,
                device.agentId,
                from.getTime() - HOUR_MS,
                firstSampleHour(rows, now) - HOUR_MS,
              )
            : [];
        const points = [...chartPoints(earlier, '7d'), ...chartPoints(rows, range)];
        return { range, from: from.toISOString(), to: now.toISOString(), points };
      },
    );

    app.get(
      '/devices/:deviceId/ports',
      {
        schema: {
          tags: ['devices'],
          summary:
            "A switch's ports as its last heartbeat reported them: link, speed, PoE draw, and the errors " +
            'and bytes of the interval before it; needs read_device on its site',
          params: DeviceParams,
          response: { 200: DevicePortsResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const device = await readableDevice(db, membershipOf(request), request.params.deviceId);
        if (device.agentId === null || device.lastHeartbeatAt === null) {
          return { at: null, interval_s: null, ports: [] };
        }
        const [telemetry, intervalS] = await Promise.all([
          readTelemetry(db, device.agentId, 'ports'),
          lastHeartbeatInterval(db, device.agentId),
        ]);
        return {
          at: device.lastHeartbeatAt.toISOString(),
          interval_s: intervalS,
          ports: portReadings(telemetry, device.productBrandId),
        };
      },
    );

    app.get(
      '/devices/:deviceId/files',
      {
        schema: {
          tags: ['devices'],
          summary:
            'The files a switch with management daemon 1.5.0 or newer listed in its last heartbeat, each ' +
            'with its latest fetch (a TASK_REPORT task naming it); needs read_device on its site. Any other ' +
            'device answers an empty list with keeps_files false: it is a fact about the device, not an error',
          params: DeviceParams,
          response: { 200: DeviceFilesResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        const device = await readableDevice(db, membership, request.params.deviceId);
        if (!keepsFiles(device.productType, device.mgmtdVersion)) {
          return { at: null, can_fetch: false, files: [], keeps_files: false };
        }
        const canFetch =
          device.takesTasks &&
          allowedTasks(membership, device.siteId, device.productType).includes('TASK_REPORT');
        if (device.agentId === null || device.lastHeartbeatAt === null)
          return { at: null, can_fetch: canFetch, files: [], keeps_files: true };
        const [telemetry, fetches] = await Promise.all([
          readTelemetry(db, device.agentId, 'files'),
          latestFileFetches(db, device.id),
        ]);
        return {
          at: device.lastHeartbeatAt.toISOString(),
          can_fetch: canFetch,
          files: fileReadings(
            telemetry,
            fetches,
            mayDownloadTaskFile(membership, 'TASK_REPORT', { siteId: device.siteId, smartNvr: false }),
          ),
          keeps_files: true,
        };
      },
    );
  };
}
