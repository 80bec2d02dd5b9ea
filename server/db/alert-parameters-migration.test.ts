// @vitest-environment node
// Alerts stored in the shapes of earlier versions (the fleet pipeline's and the demo seed's) read as new ones
// do once migration 0018 has rewritten them.
import { readFileSync } from 'node:fs';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertDescription, type Translate } from '../../core/alerts/alert-texts.ts';
import type { AlertType } from '../../core/domain.ts';
import { alertTranslate } from '../mail/mail-text.ts';
import { openTestDatabase } from '../test/database.ts';
import { createCloud } from '../test/factories.ts';
import type { DatabaseHandle } from './connect.ts';
import { alerts } from './schema/activity.ts';

const MIGRATION = new URL('./migrations/0018_alert_parameters.sql', import.meta.url);
const problemAt = new Date('2026-11-26T19:04:37Z');

// Each stored shape, and how it reads after the migration.
const OLD: [AlertType, [string | null, string | null, string | null], string | null][] = [
  ['DEV_UNREACHABLE', ['2026-11-26T19:01:37Z', null, null], 'No contact for 3 minutes.'],
  ['DEV_UNREACHABLE', ['42', '10.0.0.8', null], 'No contact for 42 minutes.'],
  ['DEV_REBOOT', ['unexpected', '50', null], 'Reason: unexpected restart.'],
  ['DEV_REBOOT', ['Watchdog', '310h', null], 'Reason: watchdog. It had been up for 13 days.'],
  [
    'DEV_CONFIG_FAILED',
    ['wireless', 'Channel 165 is not allowed', 'r210'],
    'The settings could not be applied: Channel 165 is not allowed',
  ],
  [
    'DEV_CONFIG_FAILED',
    ['vlan 4095 is reserved', null, null],
    'The settings could not be applied: vlan 4095 is reserved',
  ],
  ['POWER_CONSUMPTION', ['381.5', '370.0', 'port 7'], '381.5 W drawn, over the 370 W budget.'],
  [
    'MEDIA_SYNC_FAILURE',
    ['Storage volume not reachable', '3600', null],
    'Recordings could not be synchronised: Storage volume not reachable',
  ],
  [
    'MEDIA_SYNC_FAILURE',
    ['Camera 07', 'Storage volume not reachable', null],
    'Recordings could not be synchronised: Camera 07: Storage volume not reachable',
  ],
  ['TIME_UNSYNCED', ['-754321', null, null], 'The clock is 13 minutes off.'],
  ['TIME_UNSYNCED', ['pool.ntp.org', '120', null], 'The clock is 2 minutes off.'],
  ['LINK_60G_DOWN', ['PtP North', '00:11:22:33:44:55', '12'], 'The link to 00:11:22:33:44:55 is down.'],
  ['LINK_60G_DOWN', ['00:11:22:33:44:55', null, null], 'The link to 00:11:22:33:44:55 is down.'],
  ['STREAM_FAILED', ['3', 'Camera 01', 'RTSP timed out'], 'Camera 01: RTSP timed out'],
  ['STREAM_FAILED', ['Camera 01', null, null], 'Camera 01 sends no stream.'],
  [
    'TASK_FAILED',
    ['33', 'TASK_REBOOT', '2 of 5 devices'],
    'Reboot did not succeed. Devices that failed: 2 of 5.',
  ],
  [
    'UCI_FILE_SYNC',
    ['/etc/config/wireless', 'Checksum mismatch', null],
    'Changed on the device, outside the console: /etc/config/wireless',
  ],
  ['CHANNEL_CHANGED', ['2.4 GHz', '1', '11'], 'Moved from channel 1 to channel 11 (2.4 GHz).'],
  ['CHANNEL_CHANGED', ['36', '149', '5'], 'Moved from channel 36 to channel 149 (5 GHz).'],
];

let database: DatabaseHandle;
const t: Translate = alertTranslate('en');

beforeAll(async () => {
  database = await openTestDatabase();
  const cloud = await createCloud(database.db);
  await database.db.insert(alerts).values(
    OLD.map(([alertType, [alertData1, alertData2, alertData3]]) => ({
      cloudId: cloud.id,
      alertType,
      alertData1,
      alertData2,
      alertData3,
      healthId: 'HEALTH_WARNING' as const,
      problemAt,
    })),
  );
  // The migration's statements, as the migrator runs them on a database that holds such rows.
  for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint'))
    await database.db.execute(sql.raw(statement));
});
afterAll(() => database.close());

describe('migration 0018: alert data of earlier versions', () => {
  it('rewrites every older shape so that it reads as a new alert does', async () => {
    const rows = await database.db
      .select()
      .from(alerts)
      .where(eq(alerts.problemAt, problemAt))
      .orderBy(asc(alerts.id));
    expect(
      rows.map((row) =>
        alertDescription(t, 'en', {
          alert_type: row.alertType,
          alert_data_1: row.alertData1,
          alert_data_2: row.alertData2,
          alert_data_3: row.alertData3,
        }),
      ),
    ).toEqual(OLD.map(([, , reads]) => reads));
  });
});
