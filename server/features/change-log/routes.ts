import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChangeLogExportQuery,
  type ChangeLogItem,
  ChangeLogQuery,
  ChangeLogResponse,
} from '../../../core/api/change-log.ts';
import { toCsv } from '../../../core/csv.ts';
import type { AppContext } from '../../context.ts';
import { CsvResponse, EXPORT_ROWS_MAX, sendCsv } from '../../csv-reply.ts';
import { CloudParams, signedInErrors } from '../../http-schemas.ts';
import { listChangeLog } from './repository.ts';

const tags = ['change-log'];
const values = (record: ChangeLogItem['before']) => (record === null ? '' : JSON.stringify(record));

/** Cloud-scoped: the change log, for those who manage the cloud's users. */
export function changeLogRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/change-log',
      {
        config: { permission: 'manage_users' },
        schema: {
          tags,
          summary: 'One page of the change log, newest first, by person, object and time',
          params: CloudParams,
          querystring: ChangeLogQuery,
          response: { 200: ChangeLogResponse, ...signedInErrors },
        },
      },
      async (request) => listChangeLog(db, request.params.cloudId, request.query),
    );

    app.get(
      '/change-log/export',
      {
        config: { permission: 'manage_users' },
        schema: {
          tags,
          summary: 'The change log with the same filters as a CSV file',
          params: CloudParams,
          querystring: ChangeLogExportQuery,
          response: { 200: CsvResponse, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const { cloudId } = request.params;
        const page = { ...request.query, offset: 0, limit: EXPORT_ROWS_MAX };
        const { items } = await listChangeLog(db, cloudId, page);
        const csv = toCsv(
          ['at', 'person', 'address', 'action', 'object_type', 'object_id', 'object', 'before', 'after'],
          items.map((item) => [
            item.at,
            item.actor.email,
            item.ip,
            item.action,
            item.object_type,
            item.object_id,
            item.object_name,
            values(item.before),
            values(item.after),
          ]),
        );
        return sendCsv(reply, `change-log-${cloudId}`, csv);
      },
    );
  };
}
