import type { FastifyBaseLogger } from 'fastify';
import type { ErrorReport } from '../../../core/api/error-reports.ts';
import { ERROR_REPORT_FORWARD_TIMEOUT_MS } from '../../../core/constants.ts';

export type ForwardTarget = { url: string; key: string | null };

/**
 * Sends a stored report on to the external error-reporting service (docs/decisions.md ERROR_REPORT_URL); docs/api.md#the-calls:
 * status 200 means success. A failure is logged and never reaches the reporter: the report is stored.
 */
export async function forwardErrorReport(
  target: ForwardTarget,
  report: ErrorReport,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (target.key) headers['X-Api-Key'] = target.key;
  try {
    const response = await fetch(target.url, {
      method: 'POST',
      headers,
      body: JSON.stringify(report),
      signal: AbortSignal.timeout(ERROR_REPORT_FORWARD_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status === 200) return true;
    log.warn({ status: response.status }, 'error report service refused the report');
  } catch (err) {
    log.warn({ err }, 'error report service unreachable');
  }
  return false;
}
