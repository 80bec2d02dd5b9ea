// docs/reports.md#kinds: the firmware compliance report: devices not on their family's recommended version.
import { sql } from 'drizzle-orm';
import { PRODUCT_TYPES, type ProductType } from '../../../../core/domain.ts';
import { newestFirmware } from '../../../../core/fleet/firmware.ts';
import type { Database } from '../../../db/connect.ts';
import { queryRows } from '../../../db/rows.ts';
import {
  devicePages,
  deviceScope,
  drawn,
  modelName,
  percent,
  REPORT_TITLES,
  type Report,
  type ReportInput,
} from '../report-parts.ts';

/** The catalogue's newest release of each family (core/fleet/firmware.ts) is the recommended version. */
const recommendedOf = (type: string): string =>
  (PRODUCT_TYPES as readonly string[]).includes(type) ? newestFirmware(type as ProductType) : '';
const recommendedCase = sql`(CASE d.product_type ${sql.join(
  PRODUCT_TYPES.map((type) => sql`WHEN ${type} THEN ${newestFirmware(type)}`),
  sql` `,
)} END)`;

export async function firmwareCompliance(db: Database, input: ReportInput): Promise<Report> {
  const families = await queryRows<{ product_type: string; devices: number; on_version: number }>(
    db,
    sql`SELECT d.product_type, count(*)::int AS devices,
          count(*) FILTER (WHERE d.fw = ${recommendedCase})::int AS on_version
        FROM devices d WHERE ${deviceScope(input)} GROUP BY d.product_type ORDER BY d.product_type`,
  );
  const total = families.reduce((sum, f) => sum + f.devices, 0);
  const onVersion = families.reduce((sum, f) => sum + f.on_version, 0);
  const behind = sql` AND d.fw IS DISTINCT FROM ${recommendedCase}`;
  return {
    title: REPORT_TITLES.firmware,
    charts: async () =>
      drawn([
        {
          title: 'Devices on the recommended version',
          unit: '',
          bars: [
            { label: 'On the recommended version', value: onVersion },
            { label: 'Not on it', value: total - onVersion },
          ],
        },
      ]),
    summary: [
      ['Devices', String(total)],
      ['On the recommended version', String(onVersion)],
      ['Compliance', total > 0 ? `${percent(onVersion / total)} %` : '100 %'],
    ],
    sections: [
      {
        title: 'Families',
        columns: ['Family', 'Recommended version', 'Devices', 'On it', 'Behind'],
        async *pages() {
          yield families.map((f) => [
            f.product_type,
            recommendedOf(f.product_type),
            f.devices,
            f.on_version,
            f.devices - f.on_version,
          ]);
        },
      },
      {
        title: 'Devices not on the recommended version',
        columns: ['Device', 'Model', 'Site', 'Firmware', 'Recommended'],
        async *pages() {
          if (families.length === 0) return;
          for await (const page of devicePages(db, input, behind))
            yield page.map((d) => [
              d.name,
              modelName(d.product_brand_id),
              d.site,
              d.fw,
              recommendedOf(d.product_type),
            ]);
        },
      },
    ],
  };
}
