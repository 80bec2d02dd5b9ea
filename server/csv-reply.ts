import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';

/** Most rows one export holds: the lists count no further (LIST_COUNT_MAX). */
export { LIST_COUNT_MAX as EXPORT_ROWS_MAX } from '../core/api/list-query.ts';

/** The OpenAPI shape of a CSV answer. */
export const CsvResponse = Type.Unsafe<string>({ type: 'string', description: 'text/csv (RFC 4180)' });

/** Answers a CSV file to download, named with the cloud and the day. */
export function sendCsv(reply: FastifyReply, name: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
    )
    .send(csv);
}
