// What each kind of report holds (docs/reports.md#kinds): a title, a few summary figures and sections of
// rows. A section that grows with the fleet (devices, outages, sessions) is read a page at a time in the
// order of an index, so a report of 100,000 devices never holds them all.
import type { ReportKind } from '../../../core/api/reports.ts';
import type { Database } from '../../db/connect.ts';
import { alertsSummary } from './kinds/alerts.ts';
import { availability } from './kinds/availability.ts';
import { clientsAndTraffic } from './kinds/clients.ts';
import { firmwareCompliance } from './kinds/firmware.ts';
import { guestAccess } from './kinds/guest-access.ts';
import { inventory } from './kinds/inventory.ts';
import type { Report, ReportInput } from './report-parts.ts';

export type { Report, ReportInput, ReportSection } from './report-parts.ts';
export { localTime, REPORT_PAGE_ROWS, REPORT_TITLES, TOP_ROWS } from './report-parts.ts';

/** The report of a kind over the input's sites and period. */
export function buildReport(db: Database, kind: ReportKind, input: ReportInput): Promise<Report> {
  switch (kind) {
    case 'inventory':
      return inventory(db, input);
    case 'availability':
      return availability(db, input);
    case 'alerts':
      return alertsSummary(db, input);
    case 'clients':
      return clientsAndTraffic(db, input);
    case 'firmware':
      return firmwareCompliance(db, input);
    case 'guest_access':
      return guestAccess(db, input);
  }
}
