import { CAMERA_ALERT_TYPES } from '../../../core/api/cameras.ts';
import { ALERT_TYPES, type AlertType } from '../../../core/domain.ts';
import { productBrand } from '../../../core/product-catalogue.ts';
import type { Database } from '../connect.ts';
import { alerts } from '../schema/activity.ts';
import { ALERT_RULES, alertData } from './demo-alert-data.ts';
import { demoCamerasOf } from './demo-cameras.ts';
import type { SeededDevice } from './demo-devices.ts';
import type { SeededSmartNvr } from './demo-licenses.ts';
import type { SeededTask } from './demo-tasks.ts';
import { insertRows } from './insert.ts';
import { createRandom, type Random } from './random.ts';
import { shift } from './time.ts';

const PER_TYPE = 4;
const OLDER = 6;
const WEEK_MINUTES = 7 * 24 * 60;

type AlertRow = typeof alerts.$inferInsert;

function alertRow(
  type: AlertType,
  cloudDevices: readonly SeededDevice[],
  recorder: SeededSmartNvr | undefined,
  task: SeededTask | undefined,
  camera: { id: string; name: string } | undefined,
  problemAt: Date,
  now: Date,
  random: Random,
): AlertRow {
  const rule = ALERT_RULES[type];
  const failedTarget = task?.targets.find((target) => target.state !== 'TASK_SUCCESS')?.device;
  const candidates = cloudDevices.filter(
    (device) =>
      (!rule.types || rule.types.includes(device.productType)) &&
      (!rule.sku || productBrand(device.productBrandId)?.productBrandSku.includes(rule.sku)),
  );
  const device = rule.recorder
    ? undefined
    : (failedTarget ?? random.pick(candidates.length > 0 ? candidates : cloudDevices));
  const healthId = random.pick(rule.health);
  const resolved = healthId !== 'HEALTH_NORMAL' && random.chance(0.4);
  const resolvedAt = shift(problemAt, { minutes: random.int(2, 180) });
  const [alertData1, alertData2, alertData3] = alertData(type, {
    device,
    devices: cloudDevices,
    task,
    camera,
    random,
  });
  return {
    cloudId: device?.cloudId ?? (recorder?.cloudId as number),
    siteId: device?.siteId ?? null,
    deviceId: device?.id ?? null,
    smartNvrId: rule.recorder ? (recorder?.id ?? null) : null,
    alertType: type,
    alertKey: camera?.id ?? null,
    alertData1,
    alertData2,
    alertData3,
    healthId,
    problemAt,
    resolvedAt: resolved && resolvedAt < now ? resolvedAt : null,
    createdAt: problemAt,
  };
}

/**
 * Alerts of every device type across the last 7 days in Demo Networks (NVR alerts on the licensed
 * recorder, task failures on failed tasks), a few older ones, and a few in the trial cloud.
 */
export async function seedAlerts(
  db: Database,
  demoDevices: readonly SeededDevice[],
  trialDevices: readonly SeededDevice[],
  recorder: SeededSmartNvr,
  demoTasks: readonly SeededTask[],
  now: Date,
): Promise<void> {
  const random = createRandom(0xa1e7);
  const failedTasks = demoTasks.filter(
    (task) => task.taskState === 'TASK_FAIL' || task.taskState === 'TASK_TIMEOUT',
  );
  const rows: AlertRow[] = [];
  // Camera alerts take the recorder's cameras in turn, so no camera has two open alerts of a type.
  const cameras = demoCamerasOf(recorder.name);
  let cameraTurn = 0;
  const cameraFor = (type: AlertType) =>
    (CAMERA_ALERT_TYPES as readonly string[]).includes(type)
      ? cameras[cameraTurn++ % cameras.length]
      : undefined;
  // A certificate's expiry is the cloud's, raised by the console's own check (docs/guest-access.md).
  const deviceTypes = ALERT_TYPES.filter((type) => type !== 'GUEST_CERT_EXPIRING');
  for (const type of deviceTypes) {
    for (let index = 0; index < PER_TYPE; index++) {
      const task = type === 'TASK_FAILED' ? failedTasks[index % failedTasks.length] : undefined;
      const problemAt = shift(now, { minutes: -random.int(5, WEEK_MINUTES - 90) });
      rows.push(alertRow(type, demoDevices, recorder, task, cameraFor(type), problemAt, now, random));
    }
  }
  for (let index = 0; index < OLDER; index++) {
    const type = random.pick(deviceTypes.filter((candidate) => candidate !== 'TASK_FAILED'));
    const problemAt = shift(now, { days: -random.int(8, 25), minutes: -random.int(0, 600) });
    rows.push(alertRow(type, demoDevices, recorder, undefined, cameraFor(type), problemAt, now, random));
  }
  for (const type of ['DEV_REBOOT', 'FW_UPGRADED', 'CHANNEL_CHANGED'] as const) {
    const problemAt = shift(now, { minutes: -random.int(30, 3 * 24 * 60) });
    rows.push(alertRow(type, trialDevices, undefined, undefined, undefined, problemAt, now, random));
  }
  await insertRows(db, alerts, rows);
}
