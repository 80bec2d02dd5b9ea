// docs/demo.md#reports: Demo Networks has a weekly inventory report mailed to its owner, and one file it
// made already in the archive (the inventory as CSV, written by the same builders as any run).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nextRunAfter } from '../../../core/reports/schedule.ts';
import { buildReport, localTime } from '../../features/reports/builders.ts';
import { CONTENT_TYPES, writeReportFile } from '../../features/reports/output.ts';
import { DEFAULT_THEME } from '../../theme.ts';
import type { Database } from '../connect.ts';
import { reportRuns, reportSchedules } from '../schema/reports.ts';

const DAY_MS = 86_400_000;
const TIME_ZONE = 'Europe/Vilnius';

export async function seedReports(
  db: Database,
  cloudId: number,
  cloudName: string,
  ownerId: number,
  now: Date,
) {
  const timing = {
    frequency: 'weekly',
    weekday: 1,
    monthDay: 1,
    time: '07:00',
    timeZone: TIME_ZONE,
  } as const;
  const report = {
    name: 'Weekly inventory',
    kind: 'inventory',
    format: 'csv',
    scope: 'cloud',
    periodDays: 7,
    timeZone: TIME_ZONE,
  } as const;
  const recipientIds = [ownerId];
  const [schedule] = await db
    .insert(reportSchedules)
    .values({
      cloudId,
      ...report,
      recipientIds,
      frequency: timing.frequency,
      weekday: timing.weekday,
      monthDay: timing.monthDay,
      time: timing.time,
      nextRunAt: nextRunAfter(timing, now),
      createdBy: ownerId,
    })
    .returning({ id: reportSchedules.id });
  const from = new Date(now.getTime() - 7 * DAY_MS);
  const dir = await mkdtemp(join(tmpdir(), 'demo-report-'));
  try {
    const path = join(dir, 'inventory.csv');
    const built = await buildReport(db, 'inventory', {
      cloudId,
      siteIds: null,
      from,
      to: now,
      timeZone: TIME_ZONE,
    });
    const { rows } = await writeReportFile(
      built,
      'csv',
      {
        productName: DEFAULT_THEME.product_name,
        cloudName,
        name: report.name,
        lines: [
          'The whole cloud',
          `${localTime(from, TIME_ZONE)} to ${localTime(now, TIME_ZONE)} (${TIME_ZONE})`,
        ],
      },
      path,
    );
    const content = await readFile(path);
    await db.insert(reportRuns).values({
      cloudId,
      scheduleId: schedule?.id ?? null,
      ...report,
      recipientIds,
      state: 'ready',
      periodFrom: from,
      periodTo: now,
      requestedBy: ownerId,
      createdAt: now,
      startedAt: now,
      finishedAt: now,
      fileName: `Weekly-inventory-${now.toISOString().slice(0, 10)}.csv`,
      contentType: CONTENT_TYPES.csv,
      size: content.length,
      rows,
      content,
      mailed: 'none',
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
