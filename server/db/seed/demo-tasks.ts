import { FINISHED_TASK_STATES, TASK_TYPES, type TaskState, type TaskType } from '../../../core/domain.ts';
import { taskStateOf } from '../../../core/task-machine.ts';
import { stateCountsOf } from '../../../core/tasks.ts';
import type { Database } from '../connect.ts';
import { tasks, taskTargets } from '../schema/activity.ts';
import type { DeviceType } from './demo-device-traits.ts';
import type { SeededDevice } from './demo-devices.ts';
import type { SeededSmartNvr } from './demo-licenses.ts';
import { TASK_TARGETS, taskParams } from './demo-task-params.ts';
import { targetError, targetStates } from './demo-task-states.ts';
import { insertRows, insertRowsReturningIds } from './insert.ts';
import { createRandom, type Random } from './random.ts';
import { shift } from './time.ts';

// How many Demo Networks tasks end up in each state (about 40 in all).
const STATE_PLAN: readonly (readonly [TaskState, number])[] = [
  ['TASK_SUCCESS', 14],
  ['TASK_FAIL', 5],
  ['TASK_TIMEOUT', 3],
  ['TASK_CANCELED', 3],
  ['TASK_RUNNING', 5],
  ['TASK_WAIT_ACK', 3],
  ['TASK_STANDBY', 3],
  ['TASK_PENDING', 4],
];

/** When a task in this state runs: scheduled ones in the future, unfinished ones minutes ago. */
function executeAt(state: TaskState, now: Date, random: Random): Date {
  if (state === 'TASK_PENDING') return shift(now, { hours: random.int(2, 120) });
  if (state === 'TASK_STANDBY' || state === 'TASK_RUNNING') {
    return shift(now, { minutes: -random.int(2, 40) });
  }
  if (state === 'TASK_WAIT_ACK') return shift(now, { minutes: -random.int(1, 10) });
  return shift(now, { hours: -random.int(3, 140), minutes: -random.int(0, 59) });
}

const ANY_TYPE: readonly DeviceType[] = ['wifi', 'switch', 'gateway'];

function pickTargets(type: TaskType, devices: readonly SeededDevice[], minimum: number, random: Random) {
  const rule = TASK_TARGETS[type];
  const present = (rule.types ?? ANY_TYPE).filter((candidate) =>
    devices.some((device) => device.productType === candidate),
  );
  const productType: DeviceType = random.pick(present);
  const eligible = devices.filter((device) => (rule.types ? device.productType === productType : true));
  const site = random.pick(eligible).site;
  const count = Math.max(minimum, random.int(rule.min, rule.max));
  const atSite = eligible.filter((device) => device.site === site);
  const pool = [...(atSite.length >= count ? atSite : eligible)];
  const chosen: SeededDevice[] = [];
  while (chosen.length < count && pool.length > 0) {
    chosen.push(...pool.splice(random.int(0, pool.length - 1), 1));
  }
  return { productType, targets: chosen };
}

export type SeededTask = {
  id: number;
  typeId: TaskType;
  taskState: TaskState;
  targets: { device: SeededDevice; state: TaskState }[];
};

export type TaskOwners = { owner: number; admin: number };

/** About 40 tasks of Demo Networks in every state, two on its smart NVR, two in another cloud. */
export async function seedTasks(
  db: Database,
  demoDevices: readonly SeededDevice[],
  otherDevices: readonly SeededDevice[],
  recorder: SeededSmartNvr,
  users: TaskOwners,
  now: Date,
): Promise<SeededTask[]> {
  const random = createRandom(0x7a5c);
  const deviceTypes = TASK_TYPES.filter((type) => TASK_TARGETS[type].max > 0);
  const multiTypes = deviceTypes.filter((type) => TASK_TARGETS[type].max >= 3);
  const plan = STATE_PLAN.flatMap(([state, count]) => Array.from({ length: count }, () => state)).map(
    (state, index) => ({
      state,
      type: (state === 'TASK_RUNNING'
        ? multiTypes[index % multiTypes.length]
        : deviceTypes[index % deviceTypes.length]) as TaskType,
      devices: demoDevices,
    }),
  );
  const otherCloud = otherDevices[0]?.cloudId;
  plan.push(
    ...(['TASK_FW_UPDATE', 'TASK_REBOOT'] as const).map((type) => ({
      state: 'TASK_SUCCESS' as const,
      type,
      devices: otherDevices.filter((device) => device.cloudId === otherCloud),
    })),
  );

  const planned = plan.map(({ state, type, devices }) => {
    const { productType, targets } = pickTargets(type, devices, state === 'TASK_RUNNING' ? 3 : 1, random);
    const states = targetStates(state, targets.length, random);
    if (taskStateOf(stateCountsOf(states)) !== state)
      throw new Error(`Demo task targets do not give ${state}`);
    const at = executeAt(state, now, random);
    const completedAt = (FINISHED_TASK_STATES as readonly TaskState[]).includes(state)
      ? shift(at, { minutes: random.int(2, 90) })
      : null;
    const sites = new Set(targets.map((device) => device.siteId));
    const first = targets[0] as SeededDevice;
    return {
      row: {
        cloudId: first.cloudId,
        typeId: type,
        taskState: state,
        taskParams: taskParams(type, productType, random),
        siteId: sites.size === 1 ? first.siteId : null,
        deviceId: targets.length === 1 ? first.id : null,
        createdByUserId:
          type === 'TASK_FW_AUTO_UPDATE' ? null : random.chance(0.7) ? users.owner : users.admin,
        executeAt: at,
        completedAt,
        createdAt:
          state === 'TASK_PENDING'
            ? shift(now, { hours: -random.int(1, 48) })
            : shift(at, { minutes: -random.int(1, 10) }),
      },
      targets: targets.map((device, index) => ({ device, state: states[index] as TaskState })),
    };
  });
  const recorderTasks = [30, 2].map((hoursAgo) => {
    const at = shift(now, { hours: -hoursAgo });
    return {
      cloudId: recorder.cloudId,
      typeId: 'TASK_ONVIF_SCAN_AND_COLLECT' as const,
      taskState: 'TASK_SUCCESS' as const,
      taskParams: taskParams('TASK_ONVIF_SCAN_AND_COLLECT', 'wifi', random),
      smartNvrId: recorder.id,
      createdByUserId: users.owner,
      executeAt: at,
      completedAt: shift(at, { minutes: 4 }),
      createdAt: at,
    };
  });

  const waiting: readonly TaskState[] = ['TASK_PENDING', 'TASK_STANDBY'];
  const ids = await insertRowsReturningIds(db, tasks, [...planned.map((task) => task.row), ...recorderTasks]);
  const deviceTargets: (typeof taskTargets.$inferInsert)[] = planned.flatMap((task, index) =>
    task.targets.map(({ device, state }) => ({
      taskId: ids[index] as number,
      deviceId: device.id,
      state,
      error: targetError(state, random),
      updatedAt:
        task.row.completedAt ??
        (waiting.includes(state) ? task.row.createdAt : shift(task.row.executeAt, { minutes: 1 })),
    })),
  );
  const recorderTargets = recorderTasks.map((task, index) => ({
    taskId: ids[planned.length + index] as number,
    smartNvrId: recorder.id,
    state: task.taskState,
    updatedAt: task.completedAt,
  }));
  await insertRows(db, taskTargets, [...deviceTargets, ...recorderTargets]);
  return planned.map((task, index) => ({
    id: ids[index] as number,
    typeId: task.row.typeId,
    taskState: task.row.taskState,
    targets: task.targets,
  }));
}
