import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorReportBody,
  ErrorReportListQuery,
  ErrorReportListResponse,
} from '../../../core/api/error-reports.ts';
import type { AppContext } from '../../context.ts';
import { ErrorSchemas, errors } from '../../errors.ts';
import { Ok } from '../../http-schemas.ts';
import { forwardErrorReport } from './forward.ts';
import { isPlatformAdministrator, listErrorReports, storeErrorReport } from './repository.ts';

const tags = ['error-reports'];

/** Error reports from the web app, listed for platform administrators (DESIGN §5). */
export function errorReportRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db, config } = ctx;
  const target = config.errorReportUrl ? { url: config.errorReportUrl, key: config.errorReportKey } : null;
  return async (app) => {
    app.post(
      '',
      {
        // A report must get through when the session is gone (the error may be that); CSRF still applies.
        config: { public: true },
        schema: {
          tags,
          body: ErrorReportBody,
          response: { 200: Ok, 400: ErrorSchemas.validation, 403: ErrorSchemas.message },
        },
      },
      async (request) => {
        await storeErrorReport(db, request.session?.userId ?? null, request.body);
        if (target) await forwardErrorReport(target, request.body, request.log);
        return { ok: true as const };
      },
    );

    app.get(
      '',
      {
        schema: {
          tags,
          querystring: ErrorReportListQuery,
          response: {
            200: ErrorReportListResponse,
            400: ErrorSchemas.validation,
            401: ErrorSchemas.message,
            403: ErrorSchemas.message,
          },
        },
      },
      async (request) => {
        if (!(await isPlatformAdministrator(db, request.session?.userId ?? 0))) throw errors.forbidden();
        return listErrorReports(db, request.query);
      },
    );
  };
}
