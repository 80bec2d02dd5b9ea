import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorReportBody,
  ErrorReportListQuery,
  ErrorReportListResponse,
} from '../../../core/api/error-reports.ts';
import { requirePlatformAdministrator } from '../../auth/platform-admin.ts';
import { spend } from '../../auth/rate-limit.ts';
import type { AppContext } from '../../context.ts';
import { ErrorSchemas, errors } from '../../errors.ts';
import { Ok } from '../../http-schemas.ts';
import { forwardErrorReport } from './forward.ts';
import { listErrorReports, reportOf, storeErrorReport } from './repository.ts';

const tags = ['error-reports'];
/** Reports per browser (its session, else its address): ten at once, then one a minute. */
const REPORT_BUDGET = { perSecond: 1 / 60, burst: 10 };
/** Reports per address whatever its sessions, so signing in again and again buys no more: 30, then 5 a minute. */
const ADDRESS_REPORT_BUDGET = { perSecond: 5 / 60, burst: 30 };

/** Error reports from the web app, listed for platform administrators (docs/decisions.md). */
export function errorReportRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db, config } = ctx;
  const target = config.errorReportUrl ? { url: config.errorReportUrl, key: config.errorReportKey } : null;
  return async (app) => {
    app.post(
      '',
      {
        // A report must get through when the session is gone (the error may be that); CSRF still applies.
        config: { public: true },
        // The schema's limits make a report 25 kB at most.
        bodyLimit: 64 * 1024,
        schema: {
          summary: 'Report an error the web app met',
          tags,
          body: ErrorReportBody,
          response: {
            200: Ok,
            400: ErrorSchemas.validation,
            403: ErrorSchemas.message,
            429: ErrorSchemas.message,
          },
        },
      },
      async (request) => {
        const { session } = request;
        const caller = session ? `session:${session.idHash}` : `address:${request.ip}`;
        const wait =
          (await spend(db, `error-reports:${caller}`, REPORT_BUDGET)) ||
          (await spend(db, `error-reports-address:${request.ip}`, ADDRESS_REPORT_BUDGET));
        if (wait > 0) throw errors.tooManyRequests(wait);
        // Who sent a report is the session's user; without one, the email it claims is anyone's guess.
        const report = reportOf(request.body, session ? request.body.context.user : '');
        await storeErrorReport(db, session?.userId ?? null, report);
        if (target) await forwardErrorReport(target, report, request.log);
        return { ok: true as const };
      },
    );

    app.get(
      '',
      {
        schema: {
          summary: 'The error reports, newest first (platform administrators)',
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
        await requirePlatformAdministrator(db, request);
        return listErrorReports(db, request.query);
      },
    );
  };
}
