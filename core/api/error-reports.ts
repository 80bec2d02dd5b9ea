// Schemas of the error-report calls (docs/entities.md "Error report payload", docs/errors.md report dialog, docs/decisions.md).
import { type Static, Type } from 'typebox';
import { closed } from './closed.ts';

/** Longest stack trace kept; the report dialog cuts longer ones. */
export const ERROR_REPORT_MESSAGE_MAX = 20_000;
export const ERROR_REPORT_URL_MAX = 2_000;
export const ERROR_REPORT_TEXT_MAX = 500;
/** GET /apiv2/error-reports: default and largest page. */
export const ERROR_REPORT_PAGE_DEFAULT = 20;
export const ERROR_REPORT_PAGE_MAX = 100;

const Text = (maxLength = ERROR_REPORT_TEXT_MAX) => Type.String({ maxLength });

/** docs/entities.md: serviceContext (service, version), context (user, httpRequest, reportLocation), message. */
export const ErrorReportBody = Type.Object(
  {
    serviceContext: Type.Object(
      { service: Type.String({ minLength: 1, maxLength: 100 }), version: Text(100) },
      closed,
    ),
    context: Type.Object(
      {
        /** Who saw the error: the signed-in user's email, or empty before login. */
        user: Text(),
        httpRequest: Type.Object(
          { userAgent: Text(1_000), url: Type.String({ maxLength: ERROR_REPORT_URL_MAX }) },
          closed,
        ),
        reportLocation: Type.Object(
          {
            filePath: Type.String({ maxLength: ERROR_REPORT_URL_MAX }),
            lineNumber: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
            functionName: Text(),
          },
          closed,
        ),
      },
      closed,
    ),
    /** The error message followed by its stack trace. */
    message: Type.String({ minLength: 1, maxLength: ERROR_REPORT_MESSAGE_MAX }),
  },
  closed,
);
export type ErrorReport = Static<typeof ErrorReportBody>;

export const ErrorReportListQuery = Type.Object(
  {
    limit: Type.Integer({ minimum: 1, maximum: ERROR_REPORT_PAGE_MAX, default: ERROR_REPORT_PAGE_DEFAULT }),
    offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  },
  closed,
);

export const StoredErrorReportSchema = Type.Object({
  id: Type.Integer(),
  /** The signed-in user who sent it; null when the session was gone or the account is deleted. */
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  user_email: Type.Union([Type.String(), Type.Null()]),
  /** ISO 8601 date-time. */
  created_at: Type.String(),
  report: ErrorReportBody,
});
export type StoredErrorReport = Static<typeof StoredErrorReportSchema>;

/** Newest first. */
export const ErrorReportListResponse = Type.Object({
  reports: Type.Array(StoredErrorReportSchema),
  total: Type.Integer({ minimum: 0 }),
});
export type ErrorReportList = Static<typeof ErrorReportListResponse>;
