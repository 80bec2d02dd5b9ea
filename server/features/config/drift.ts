// docs/configuration.md#drift: a device that says its configuration files changed on it (UCI_FILE_SYNC) is
// asked at once for the document it runs, so its page can list what differs from the console's; on a site
// that always follows the console, the console's document is sent back to it instead.
import { sql } from 'drizzle-orm';
import { encodeAlertData } from '../../../core/alerts/alert-params.ts';
import { CONFIG_TYPES } from '../../../core/config/document.ts';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';
import { HttpError } from '../../errors.ts';
import type { NewAlert } from '../../fleet/new-alert.ts';
import { insertTask, launchTask } from '../tasks/create.ts';
import { applyDevice, driftChanges } from './apply.ts';
import { findDevice, inheritedDocument } from './repository.ts';
import type { SecretBox } from './seal.ts';

/** The console acting on its own: no member, no address. */
const CONSOLE = { userId: null, ip: null };

/** Follows up each device that newly raised UCI_FILE_SYNC; answers the alerts that raised. */
export async function followDrift(
  db: Database,
  secrets: SecretBox,
  alerts: readonly NewAlert[],
): Promise<NewAlert[]> {
  const raised = alerts.filter((alert) => alert.alertType === 'UCI_FILE_SYNC' && alert.deviceId !== null);
  const followUps: NewAlert[] = [];
  const now = new Date();
  for (const alert of raised) {
    const deviceId = alert.deviceId as number;
    const [site] = await queryRows<{ config_lock: boolean }>(
      db,
      sql`SELECT config_lock FROM sites WHERE id = ${alert.siteId ?? 0}`,
    );
    if (site?.config_lock && (await sendConsoleDocument(db, secrets, alert, followUps))) continue;
    const taskId = await db.transaction((tx) =>
      insertTask(tx, CONSOLE, {
        cloudId: alert.cloudId,
        userId: null,
        type: 'TASK_RECEIVED_CONFIG',
        params: {},
        executeAt: now,
        rolling: false,
        targets: [{ device_id: deviceId, smart_nvr_id: null, site_id: alert.siteId, batch: null }],
      }),
    );
    followUps.push(...(await launchTask(db, taskId, now, now)));
  }
  return followUps;
}

/**
 * Sends the device the console's document again (a sync that keeps the console's); false when it cannot
 * be sent (the device is skipped, or its document has a problem), and the device is asked instead.
 */
async function sendConsoleDocument(
  db: Database,
  secrets: SecretBox,
  alert: NewAlert,
  followUps: NewAlert[],
): Promise<boolean> {
  const device = await findDevice(db, secrets, alert.cloudId, alert.deviceId ?? 0);
  if (!device?.site_id || !(CONFIG_TYPES as readonly string[]).includes(device.config_type)) return false;
  const caller = { db, secrets, actor: CONSOLE, cloudId: alert.cloudId, userId: null };
  const inherited = await inheritedDocument(db, secrets, device);
  try {
    const sent = await applyDevice(caller, { ...device, draft: null }, inherited, {
      kind: 'sync',
      keep: 'console',
    });
    followUps.push(...sent.alerts);
    return sent.task_ids.length > 0;
  } catch (error) {
    if (error instanceof HttpError) return false;
    throw error;
  }
}

/**
 * A device sent the document it runs: its open UCI_FILE_SYNC alert names the keys that differ from the
 * console's document for it (secrets among them by name only).
 */
export async function nameDriftedKeys(db: Database, secrets: SecretBox, cloudId: number, deviceId: number) {
  const device = await findDevice(db, secrets, cloudId, deviceId);
  if (!device || !(CONFIG_TYPES as readonly string[]).includes(device.config_type)) return;
  const keys = driftChanges(device, await inheritedDocument(db, secrets, device)).map(
    (change) => change.path,
  );
  if (keys.length === 0) return;
  const [, named] = encodeAlertData('UCI_FILE_SYNC', { files: null, keys: keys.join(', ').slice(0, 200) });
  await db.execute(sql`
    UPDATE alerts SET alert_data2 = ${named}
    WHERE device_id = ${deviceId} AND alert_type = 'UCI_FILE_SYNC' AND resolved_at IS NULL`);
}
