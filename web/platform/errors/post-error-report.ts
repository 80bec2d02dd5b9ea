// POST /apiv2/error-reports (docs/decisions.md): the server stores the report and forwards it when configured.
import type { ErrorReport } from '../../../core/api/error-reports.ts';
import { apiPost } from '../http.ts';

export function postErrorReport(report: ErrorReport): Promise<{ ok: true }> {
  return apiPost<{ ok: true }>('/apiv2/error-reports', report);
}
