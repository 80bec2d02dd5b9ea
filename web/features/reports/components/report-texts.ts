// The Reports page's words for kinds, formats, frequencies and states (docs/reports.md).
import type { ReportFormat, ReportKind, ReportState } from '../../../../core/api/reports.ts';
import type { ReportFrequency } from '../../../../core/reports/schedule.ts';

export const KIND_KEYS = {
  inventory: 'reports.kind.inventory',
  availability: 'reports.kind.availability',
  alerts: 'reports.kind.alerts',
  clients: 'reports.kind.clients',
  firmware: 'reports.kind.firmware',
  guest_access: 'reports.kind.guestAccess',
} as const satisfies Record<ReportKind, string>;

export const FORMAT_LABELS: Record<ReportFormat, string> = { pdf: 'PDF', csv: 'CSV', xlsx: 'XLSX' };

export const FREQUENCY_KEYS = {
  daily: 'reports.frequency.daily',
  weekly: 'reports.frequency.weekly',
  monthly: 'reports.frequency.monthly',
} as const satisfies Record<ReportFrequency, string>;

export const STATE_KEYS = {
  pending: 'reports.state.pending',
  running: 'reports.state.running',
  ready: 'reports.state.ready',
  failed: 'reports.state.failed',
} as const satisfies Record<ReportState, string>;

/** Monday (1) to Sunday (7), named in the reader's language. */
export function weekdayName(weekday: number, language: string): string {
  // 2024-01-01 was a Monday.
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, weekday)),
  );
}
