// Schemas of the task tracker calls (docs/api.md#the-calls), shared by server and web app.
import { type Static, type TInteger, Type } from 'typebox';
import { RECENT_TASKS_LIMIT } from '../constants.ts';
import { PRODUCT_TYPES, TASK_STATES, TASK_TYPES, type TaskState } from '../domain.ts';
import { closed } from './closed.ts';

const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableId = Type.Union([Type.Integer(), Type.Null()]);

export const RecentTasksQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: RECENT_TASKS_LIMIT, default: RECENT_TASKS_LIMIT }),
    ),
  },
  closed,
);

/** The number of task targets in each state; every state is present (docs/decisions.md). */
export const StateCountsSchema = Type.Object(
  Object.fromEntries(TASK_STATES.map((state) => [state, Type.Integer({ minimum: 0 })])) as Record<
    TaskState,
    TInteger
  >,
);

/** docs/entities.md Task, with its field names; times are ISO 8601 date-times. */
export const TaskSchema = Type.Object({
  id: Type.Integer(),
  type_id: Type.Enum(TASK_TYPES),
  task_state: Type.Enum(TASK_STATES),
  task_params: Type.Record(Type.String(), Type.Unknown()),
  execute_at: Type.String(),
  completed_at: NullableString,
  device_id: NullableId,
  device_name: NullableString,
  site_id: NullableId,
  site_name: NullableString,
  snvr_device_id: NullableId,
  snvr_device_name: NullableString,
  stateCounts: StateCountsSchema,
});
export type Task = Static<typeof TaskSchema>;

export const RecentTasksResponse = Type.Object({
  tasks: Type.Array(TaskSchema),
  /** When the caller last closed the task panel in this cloud; null when never. */
  tasks_viewed_at: NullableString,
});
export type RecentTasks = Static<typeof RecentTasksResponse>;

export const RecentTasksCountResponse = Type.Object({
  newCompleted: Type.Integer(),
  newRunning: Type.Integer(),
});
export type RecentTasksCount = Static<typeof RecentTasksCountResponse>;

const Ids = (description: string) =>
  Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), {
    maxItems: 100_000,
    uniqueItems: true,
    description,
  });

/** Whom a task acts on: any mix of devices, recorders, a whole site, or a family across the cloud. */
export const TaskTargetsSchema = Type.Object(
  {
    device_ids: Type.Optional(Ids('devices by id')),
    snvr_device_ids: Type.Optional(Ids('smart NVRs by id')),
    site_id: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'every device of the site' }),
    ),
    product_type: Type.Optional(
      Type.Enum(PRODUCT_TYPES, { description: 'every device of the family in the cloud' }),
    ),
  },
  closed,
);

export const CreateTaskBody = Type.Object(
  {
    type: Type.Enum(TASK_TYPES),
    targets: TaskTargetsSchema,
    params: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description: "the type's parameters (core/task-types.ts)",
      }),
    ),
    execute_at: Type.Optional(
      Type.String({ format: 'date-time', description: 'start later; now when left out' }),
    ),
    dry_run: Type.Optional(
      Type.Boolean({ description: 'answer which devices each batch would touch, and create nothing' }),
    ),
  },
  {
    ...closed,
    // The API document's examples (docs/api.md#examples): a night-time firmware rollout over one site, and a
    // reboot of two devices now.
    examples: [
      {
        type: 'TASK_FW_ROLLING_UPDATE',
        targets: { site_id: 12 },
        params: { version: '2.1.5-731', canarySize: 2, batchSize: 25, failureThresholdPct: 10 },
        execute_at: '2027-03-02T01:00:00Z',
      },
      { type: 'TASK_REBOOT', targets: { device_ids: [1042, 1043] } },
    ],
  },
);
export type CreateTaskBody = Static<typeof CreateTaskBody>;

/** A target the caller asked for that the task does not include, and why. */
export const RefusedTarget = Type.Object({
  device_id: NullableId,
  snvr_device_id: NullableId,
  reason: Type.Enum(['not_found', 'forbidden', 'unsupported', 'unavailable', 'no_firmware'], {
    description:
      "not_found: no such device the caller sees; forbidden: no permission for it; unsupported: the task does not run on its family; unavailable: blocked or decommissioned; no_firmware: the version is not in its product's firmware catalogue",
  }),
});
export type RefusedTarget = Static<typeof RefusedTarget>;

const BatchSchema = Type.Object({
  batch: Type.Integer({ description: '0 is the canary batch' }),
  targets: Type.Array(
    Type.Object({ device_id: NullableId, snvr_device_id: NullableId, name: Type.String() }),
  ),
});

export const CreatedTask = Type.Object({ task: TaskSchema, refused: Type.Array(RefusedTarget) });
export const TaskDryRun = Type.Object({
  batches: Type.Array(BatchSchema),
  refused: Type.Array(RefusedTarget),
});

export const TaskParams = Type.Object(
  {
    cloudId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    taskId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  },
  closed,
);

/** A target of a task: its file (a capture, a tech-support report). */
export const TaskTargetParams = Type.Object(
  { ...TaskParams.properties, targetId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) },
  closed,
);

export const TaskTargetsQuery = Type.Object(
  {
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
    state: Type.Optional(Type.Enum(TASK_STATES)),
  },
  closed,
);

export const TaskTargetSchema = Type.Object({
  id: Type.Integer(),
  device_id: NullableId,
  snvr_device_id: NullableId,
  name: Type.String(),
  site_id: NullableId,
  state: Type.Enum(TASK_STATES),
  error: NullableString,
  progress: Type.Integer(),
  batch: NullableId,
  contacted_at: NullableString,
  started_at: NullableString,
  finished_at: NullableString,
  result: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  file: Type.Union([
    Type.Object({
      name: Type.String(),
      size: Type.Integer(),
      downloadable: Type.Boolean({
        description:
          'whether the caller may download it: export_data on the target site, and view_sensitive_config for a report or device file',
      }),
    }),
    Type.Null(),
  ]),
});
export type TaskTarget = Static<typeof TaskTargetSchema>;

export const TaskDetailResponse = Type.Object({
  task: Type.Intersect([
    TaskSchema,
    Type.Object({
      rollout: Type.Union([
        Type.Object({ paused: Type.Boolean(), stopped_reason: NullableString }),
        Type.Null(),
      ]),
    }),
  ]),
  targets: Type.Object({ items: Type.Array(TaskTargetSchema), total: Type.Integer() }),
});
export type TaskDetail = Static<typeof TaskDetailResponse>;

export const FirmwareQuery = Type.Object(
  { product_brand_id: Type.Integer({ minimum: 1, maximum: 100_000 }) },
  closed,
);
export const FirmwareCatalogueResponse = Type.Object({
  product_brand_id: Type.Integer(),
  releases: Type.Array(
    Type.Object({ version: Type.String(), released_at: Type.String(), notes: Type.String() }),
  ),
});
