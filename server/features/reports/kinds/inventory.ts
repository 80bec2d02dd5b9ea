// docs/reports.md#kinds: the inventory report: every device with its model, firmware, site, status and license.
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/connect.ts';
import { intArray, queryRows } from '../../../db/rows.ts';
import {
  chartOf,
  devicePages,
  deviceScope,
  drawn,
  HEALTH_TEXT,
  localTime,
  modelName,
  REPORT_TITLES,
  type Report,
  type ReportInput,
  STATUS_TEXT,
} from '../report-parts.ts';

export async function inventory(db: Database, input: ReportInput): Promise<Report> {
  // A row per status and family: the summary's counts and the charts' bars.
  const groups = await queryRows<{ status_id: string; product_type: string; devices: number }>(
    db,
    sql`SELECT d.status_id, d.product_type, count(*)::int AS devices
        FROM devices d WHERE ${deviceScope(input)} GROUP BY d.status_id, d.product_type`,
  );
  const tally = (key: (g: (typeof groups)[number]) => string) => {
    const counts = new Map<string, number>();
    for (const g of groups) counts.set(key(g), (counts.get(key(g)) ?? 0) + g.devices);
    return counts;
  };
  const byStatus = tally((g) => STATUS_TEXT[g.status_id] ?? g.status_id);
  const byFamily = tally((g) => g.product_type);
  const counts = {
    total: groups.reduce((sum, g) => sum + g.devices, 0),
    online: byStatus.get('Online') ?? 0,
  };
  const bars = (tallied: Map<string, number>) =>
    [...tallied]
      .map(([label, value]) => ({ label, value }))
      .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
  return {
    title: REPORT_TITLES.inventory,
    charts: async () =>
      drawn([
        chartOf('Devices by status', '', bars(byStatus), 'the {n} most common'),
        chartOf('Devices by family', '', bars(byFamily), 'the {n} largest'),
      ]),
    summary: [
      ['Devices', String(counts.total)],
      ['Online', String(counts.online)],
      ['Offline', String(counts.total - counts.online)],
    ],
    sections: [
      {
        title: 'Devices',
        columns: [
          'Name',
          'Model',
          'Serial number',
          'MAC',
          'IP',
          'Firmware',
          'Site',
          'Status',
          'Health',
          'License',
        ],
        async *pages() {
          for await (const page of devicePages(db, input)) {
            const licenses = await queryRows<{ device_id: number; free: boolean; expires_at: string | null }>(
              db,
              sql`SELECT device_id, free, expires_at FROM licenses
                  WHERE device_id = ANY(${intArray(page.map((d) => d.id))}) AND cloud_id = ${input.cloudId}
                    AND kind = 'device'`,
            );
            const byDevice = new Map(licenses.map((l) => [l.device_id, l]));
            yield page.map((d) => {
              const license = byDevice.get(d.id);
              return [
                d.name,
                modelName(d.product_brand_id),
                d.sn,
                d.mac,
                d.ip,
                d.fw,
                d.site,
                STATUS_TEXT[d.status_id] ?? d.status_id,
                HEALTH_TEXT[d.health_id] ?? d.health_id,
                !license
                  ? 'None'
                  : license.free
                    ? 'Free'
                    : license.expires_at
                      ? `Until ${localTime(license.expires_at, input.timeZone).slice(0, 10)}`
                      : 'Licensed',
              ];
            });
          }
        },
      },
    ],
  };
}
