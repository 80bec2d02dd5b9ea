// Schemas of the task tracker calls (SPEC §7), shared by server and web app.
import { type Static, type TInteger, Type } from 'typebox';
import { RECENT_TASKS_LIMIT } from '../constants.ts';
import { TASK_STATES, TASK_TYPES, type TaskState } from '../domain.ts';

const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableId = Type.Union([Type.Integer(), Type.Null()]);

export const RecentTasksQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: RECENT_TASKS_LIMIT, default: RECENT_TASKS_LIMIT }),
  ),
});

/** The number of task targets in each state; every state is present (DESIGN §5). */
export const StateCountsSchema = Type.Object(
  Object.fromEntries(TASK_STATES.map((state) => [state, Type.Integer({ minimum: 0 })])) as Record<
    TaskState,
    TInteger
  >,
);

/** SPEC §3 Task, field names as the spec writes them; times are ISO 8601 date-times. */
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
