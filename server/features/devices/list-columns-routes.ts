import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq, sql } from 'drizzle-orm';
import { ListColumns, ListColumnsParams, ListColumnsResponse } from '../../../core/api/device-bulk.ts';
import { COLUMN_LISTS } from '../../../core/device-list.ts';
import { sessionUserId } from '../../auth/request-auth.ts';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/accounts.ts';
import { ErrorSchemas, errors } from '../../errors.ts';

const errorAnswers = {
  400: ErrorSchemas.validation,
  401: ErrorSchemas.message,
  403: ErrorSchemas.message,
} as const;

/** The columns each user chose for a list (the column chooser), remembered across devices and sessions. */
export function listColumnRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/:list',
      {
        schema: {
          tags: ['devices'],
          summary: "The columns the caller chose for a list; null until they choose (the list's defaults)",
          params: ListColumnsParams,
          response: { 200: ListColumnsResponse, ...errorAnswers },
        },
      },
      async (request) => {
        const [row] = await db
          .select({ columns: sql<string[] | null>`${users.listColumns} -> ${request.params.list}` })
          .from(users)
          .where(eq(users.id, sessionUserId(request)));
        const known: readonly string[] = COLUMN_LISTS[request.params.list];
        // A column the list no longer has is dropped; nothing left means the defaults.
        const columns = (row?.columns ?? []).filter((column) => known.includes(column));
        return { columns: columns.length > 0 ? columns : null };
      },
    );

    app.put(
      '/:list',
      {
        schema: {
          tags: ['devices'],
          summary: "Saves the columns the caller chose for a list, in the order shown (each one the list's)",
          params: ListColumnsParams,
          body: ListColumns,
          response: { 200: ListColumnsResponse, ...errorAnswers },
        },
      },
      async (request) => {
        const { list } = request.params;
        const known: readonly string[] = COLUMN_LISTS[list];
        const unknown = request.body.columns
          .map((column, index) => ({ column, index }))
          .filter(({ column }) => !known.includes(column));
        if (unknown.length > 0) {
          throw errors.validation(
            unknown.map(({ column, index }) => ({
              errorCode: 'unknown_column',
              location: 'body',
              path: `/columns/${index}`,
              message: `${column} is not a column of the ${list} list`,
            })),
          );
        }
        const { columns } = request.body;
        await db
          .update(users)
          .set({
            listColumns: sql`${users.listColumns} || jsonb_build_object(${list}::text, ${JSON.stringify(columns)}::jsonb)`,
            updatedAt: new Date(),
          })
          .where(eq(users.id, sessionUserId(request)));
        return { columns };
      },
    );
  };
}
