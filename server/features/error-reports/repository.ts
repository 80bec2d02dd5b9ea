import { count, desc, eq, lte } from 'drizzle-orm';
import type { ErrorReport, StoredErrorReport } from '../../../core/api/error-reports.ts';
import type { Database } from '../../db/connect.ts';
import { users } from '../../db/schema/accounts.ts';
import { errorReports } from '../../db/schema/content.ts';

/** Reports kept in all (about 25 kB each at most): each new one past this drops the oldest. */
export const ERROR_REPORTS_KEPT = 2_000;

/** A report by its named fields (docs/entities.md), with the sender the console vouches for ('' for none). */
export function reportOf(body: ErrorReport, user: string): ErrorReport {
  const { serviceContext, context, message } = body;
  const { httpRequest, reportLocation } = context;
  return {
    serviceContext: { service: serviceContext.service, version: serviceContext.version },
    context: {
      user,
      httpRequest: { userAgent: httpRequest.userAgent, url: httpRequest.url },
      reportLocation: {
        filePath: reportLocation.filePath,
        lineNumber: reportLocation.lineNumber,
        functionName: reportLocation.functionName,
      },
    },
    message,
  };
}

export async function storeErrorReport(
  db: Database,
  userId: number | null,
  report: ErrorReport,
  kept = ERROR_REPORTS_KEPT,
): Promise<number> {
  const [row] = await db
    .insert(errorReports)
    .values({ userId, payload: report })
    .returning({ id: errorReports.id });
  if (!row) throw new Error('error report not stored');
  // Ids only grow, so the oldest are those more than `kept` behind (by the primary key, a row or two each time).
  await db.delete(errorReports).where(lte(errorReports.id, row.id - kept));
  return row.id;
}

/** Newest first, by error_reports_created_idx. */
export async function listErrorReports(
  db: Database,
  page: { limit: number; offset: number },
): Promise<{ reports: StoredErrorReport[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: errorReports.id,
        userId: errorReports.userId,
        userEmail: users.email,
        createdAt: errorReports.createdAt,
        payload: errorReports.payload,
      })
      .from(errorReports)
      .leftJoin(users, eq(users.id, errorReports.userId))
      .orderBy(desc(errorReports.createdAt), desc(errorReports.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(errorReports),
  ]);
  return {
    reports: rows.map((row) => ({
      id: row.id,
      user_id: row.userId,
      user_email: row.userEmail,
      created_at: row.createdAt.toISOString(),
      report: row.payload as ErrorReport,
    })),
    total: totals[0]?.total ?? 0,
  };
}
