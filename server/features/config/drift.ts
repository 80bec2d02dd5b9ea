// docs/configuration.md#drift: a device that says its configuration files changed on it (UCI_FILE_SYNC) is
// asked at once for the document it runs, so its page can list what differs from the console's.
import type { Database } from '../../db/connect.ts';
import type { NewAlert } from '../../fleet/new-alert.ts';
import { insertTask, launchTask } from '../tasks/create.ts';

/** Starts a TASK_RECEIVED_CONFIG, by the console itself, for each device that newly raised UCI_FILE_SYNC. */
export async function askForRunningConfig(db: Database, alerts: readonly NewAlert[]): Promise<NewAlert[]> {
  const raised = alerts.filter((alert) => alert.alertType === 'UCI_FILE_SYNC' && alert.deviceId !== null);
  const followUps: NewAlert[] = [];
  const now = new Date();
  for (const alert of raised) {
    const taskId = await db.transaction((tx) =>
      insertTask(
        tx,
        { userId: null, ip: null },
        {
          cloudId: alert.cloudId,
          userId: null,
          type: 'TASK_RECEIVED_CONFIG',
          params: {},
          executeAt: now,
          rolling: false,
          targets: [{ device_id: alert.deviceId, smart_nvr_id: null, site_id: alert.siteId, batch: null }],
        },
      ),
    );
    followUps.push(...(await launchTask(db, taskId, now, now)));
  }
  return followUps;
}
