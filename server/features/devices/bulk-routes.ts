import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BulkChangeBody,
  BulkFirmwareBody,
  BulkMoveBody,
  BulkRebootBody,
  BulkResult,
  DeviceExportQuery,
} from '../../../core/api/device-bulk.ts';
import type { DeviceListItem } from '../../../core/api/devices.ts';
import { listPageRequest } from '../../../core/api/list-query.ts';
import { toCsv } from '../../../core/csv.ts';
import { DEVICE_COLUMNS, DEVICE_EXPORT_ROWS_MAX } from '../../../core/device-list.ts';
import { type Access, deviceListActions, sitePermissions } from '../../../core/policy.ts';
import { actorOf } from '../../audit/record.ts';
import { type Membership, membershipOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { CsvResponse, sendCsv } from '../../csv-reply.ts';
import { ErrorSchemas, errors } from '../../errors.ts';
import { CloudParams, signedInErrors } from '../../http-schemas.ts';
import { type BulkRequest, bulkChange, bulkTask, previewBulk } from './bulk.ts';
import { listAllDevices } from './list-repository.ts';

const bulkAnswers = { 200: BulkResult, 201: BulkResult, ...signedInErrors, 409: ErrorSchemas.message };

function firmwareTask(body: BulkFirmwareBody) {
  if (body.rolling) {
    if (!body.version) {
      throw errors.validation([
        {
          errorCode: 'required',
          location: 'body',
          path: '/version',
          message: 'a rolling update needs the version to roll out',
        },
      ]);
    }
    const { canarySize, batchSize, failureThresholdPct } = body.rolling;
    return {
      type: 'TASK_FW_ROLLING_UPDATE' as const,
      params: { version: body.version, canarySize, batchSize, failureThresholdPct },
    };
  }
  if (body.version) return { type: 'TASK_FW_UPDATE' as const, params: { version: body.version } };
  return { type: 'TASK_FW_AUTO_UPDATE' as const, params: {} };
}

/** A Site User exports the devices of the sites where they may export data; other roles every site's. */
function exportAccess(membership: Membership): Access {
  if (!membership.sites || membership.roleId !== 'ROLE_USER') return membership;
  return {
    ...membership,
    sites: membership.sites.filter((site) => sitePermissions(membership, site.siteId).has('export_data')),
  };
}

// One line per device, a field per column of the list (DEVICE_COLUMNS, in that order).
const exportRow = (device: DeviceListItem) => [
  device.name,
  device.site?.name ?? '',
  device.online ? 'online' : 'offline',
  device.health_id,
  device.mac,
  device.ip,
  device.product_name,
  device.product_type,
  device.fw,
  device.sn,
  device.hostname,
  device.uptime_s,
  device.clients,
  device.last_seen_at,
  device.uplink ? `${device.uplink.name}${device.uplink.up ? '' : ' (down)'}` : null,
];

/**
 * Cloud-scoped: the device list's bulk actions on devices chosen one by one or on all that match a filter,
 * and its CSV export. Every device must be one the caller may act on, or nothing is done (403).
 */
export function deviceBulkRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    const dryRunNote = ' With dry_run, only counts them and checks the permission on each.';

    app.post(
      '/devices/bulk/reboot',
      {
        schema: {
          tags: ['devices'],
          summary: `Reboots the devices (a task; site permission change_device_state on each).${dryRunNote}`,
          params: CloudParams,
          body: BulkRebootBody,
          response: bulkAnswers,
        },
      },
      async (request, reply) => {
        const membership = membershipOf(request);
        if (request.body.dry_run) return previewBulk(db, membership, 'reboot', request.body);
        const { alerts, ...result } = await bulkTask(
          db,
          actorOf(request),
          membership,
          'reboot',
          request.body,
          {
            type: 'TASK_REBOOT',
            params: {},
          },
        );
        request.server.fleet.notify(alerts);
        return reply.code(201).send(result);
      },
    );

    app.post(
      '/devices/bulk/firmware',
      {
        schema: {
          tags: ['devices'],
          summary:
            'Updates the firmware of the devices (a task; site permission firmware on each): to the newest of ' +
            `each family, to a version at once, or to a version in rolling batches after a canary.${dryRunNote}`,
          params: CloudParams,
          body: BulkFirmwareBody,
          response: bulkAnswers,
        },
      },
      async (request, reply) => {
        const membership = membershipOf(request);
        const task = firmwareTask(request.body);
        if (request.body.dry_run) return previewBulk(db, membership, 'firmware', request.body);
        const { alerts, ...result } = await bulkTask(
          db,
          actorOf(request),
          membership,
          'firmware',
          request.body,
          task,
        );
        request.server.fleet.notify(alerts);
        return reply.code(201).send(result);
      },
    );

    app.post(
      '/devices/bulk/move',
      {
        schema: {
          tags: ['devices'],
          summary:
            'Moves the devices to another site of the cloud in one transaction (site permission register on ' +
            `each device's site and on the new one).${dryRunNote}`,
          params: CloudParams,
          body: BulkMoveBody,
          response: bulkAnswers,
        },
      },
      async (request) =>
        bulkChange(
          db,
          membershipOf(request),
          actorOf(request),
          { action: 'move', siteId: request.body.site_id },
          request.body,
        ),
    );

    for (const action of ['decommission', 'delete'] as const) {
      app.post(
        `/devices/bulk/${action}`,
        {
          schema: {
            tags: ['devices'],
            summary: {
              decommission:
                'Decommissions the devices in one transaction: they leave the list and their credential stops ' +
                `working (site permission delete_device on each).${dryRunNote}`,
              delete:
                'Deletes the devices in one transaction: search still finds them as deleted (site permission ' +
                `delete_device on each).${dryRunNote}`,
            }[action],
            params: CloudParams,
            body: BulkChangeBody,
            response: bulkAnswers,
          },
        },
        async (request) =>
          bulkChange(db, membershipOf(request), actorOf(request), { action }, request.body as BulkRequest),
      );
    }

    app.get(
      '/devices/export',
      {
        schema: {
          tags: ['devices'],
          summary:
            'The devices the list shows for the same search, filters and order as a CSV file (site ' +
            'permission export_data: the devices of the sites where the caller holds it)',
          params: CloudParams,
          querystring: DeviceExportQuery,
          response: { 200: CsvResponse, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const membership = membershipOf(request);
        if (!deviceListActions(membership, request.query.site_id).includes('export'))
          throw errors.forbidden();
        const items = await listAllDevices(
          db,
          {
            cloudId: membership.cloudId,
            access: exportAccess(membership),
            search: listPageRequest({ ...request.query, offset: 0, limit: 1 }).search,
            filters: request.query,
            sort: request.query.sort,
          },
          DEVICE_EXPORT_ROWS_MAX,
        );
        return sendCsv(reply, `devices-${membership.cloudId}`, toCsv(DEVICE_COLUMNS, items.map(exportRow)));
      },
    );
  };
}
