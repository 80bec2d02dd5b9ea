// The activity history (docs/navigation.md#routes /cloud/{cloudId}/activity#alert and #maintenance): every alert and every
// task of the cloud, server-paged and filtered, and acknowledging alerts. Shared by server and web app.
import { type Static, Type } from 'typebox';
import { ALERT_TYPES, HEALTH_IDS, type HealthId, TASK_TYPES, type TaskState } from '../domain.ts';
import { closed } from './closed.ts';
import { LIST_LIMIT_MAX, LIST_PAGE_SIZE, ListPage } from './list-query.ts';
import { TaskSchema } from './tasks.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const NullableString = Type.Union([Type.String(), Type.Null()]);
const Named = Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]);

/** Names joined by '+' as docs/navigation.md#routes writes them ('HEALTH_CRITICAL+HEALTH_WARNING'); a space reads as '+'. */
const plusList = (names: readonly string[]) =>
  Type.String({ pattern: `^(${names.join('|')})([+ ](${names.join('|')}))*$`, maxLength: 200 });
export const splitPlusList = (value: string) => value.split(/[+ ]/);

const historyPage = {
  offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: LIST_LIMIT_MAX, default: LIST_PAGE_SIZE }),
  /** ISO 8601 date-times: raised (alerts) or scheduled (tasks) at or after `from` and before `to`. */
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
  site_id: Type.Optional(Id),
  device_id: Type.Optional(Id),
  snvr_device_id: Type.Optional(Id),
  /** 'active': only the sites of the caller's active site grouping, as the cloud dashboard is narrowed. */
  grouping: Type.Optional(Type.Literal('active')),
};

/** Open: not resolved and nobody acknowledged it; acknowledged: not resolved but taken note of. */
export const ALERT_HISTORY_STATES = ['open', 'acknowledged', 'resolved'] as const;
export type AlertHistoryState = (typeof ALERT_HISTORY_STATES)[number];

export const AlertHistoryQuery = Type.Object(
  {
    ...historyPage,
    type: Type.Optional(Type.Enum(ALERT_TYPES)),
    health: Type.Optional(plusList(HEALTH_IDS)),
    state: Type.Optional(Type.Enum(ALERT_HISTORY_STATES)),
  },
  closed,
);
export type AlertHistoryQuery = Static<typeof AlertHistoryQuery>;
/** The same filters, for a CSV file of every match (up to LIST_COUNT_MAX rows). */
export const AlertExportQuery = Type.Omit(AlertHistoryQuery, ['offset', 'limit'], closed);
export const healthsOf = (health: string | undefined) =>
  health ? (splitPlusList(health) as HealthId[]) : undefined;

export const AlertHistoryItem = Type.Object({
  id: Type.Integer(),
  alert_type: Type.Enum(ALERT_TYPES),
  health_id: Type.Enum(HEALTH_IDS),
  alert_data_1: NullableString,
  alert_data_2: NullableString,
  alert_data_3: NullableString,
  problem_at: Type.String(),
  resolved_at: NullableString,
  site: Named,
  device: Named,
  smartnvr: Named,
  /** The recorder's camera it is about (docs/cameras.md#alerts); null or absent when none. */
  camera_id: Type.Optional(NullableString),
  acknowledged: Type.Union([
    Type.Object({ at: Type.String(), by: NullableString, comment: Type.String() }),
    Type.Null(),
  ]),
  /** The caller may acknowledge it (and it is not acknowledged yet). */
  can_acknowledge: Type.Boolean(),
  /** The caller may mute its device or recorder for a maintenance window. */
  can_mute: Type.Boolean(),
  /** Raised within a maintenance window: kept, but it notified nobody. */
  muted: Type.Boolean(),
});
export type AlertHistoryItem = Static<typeof AlertHistoryItem>;
export const AlertHistoryResponse = ListPage(AlertHistoryItem);
export type AlertHistory = Static<typeof AlertHistoryResponse>;

/** Most alerts one acknowledgement takes (a page of the history). */
export const ACKNOWLEDGE_MAX = LIST_LIMIT_MAX;
export const ACKNOWLEDGE_COMMENT_MAX = 500;
export const AcknowledgeBody = Type.Object(
  {
    alert_ids: Type.Array(Id, { minItems: 1, maxItems: ACKNOWLEDGE_MAX, uniqueItems: true }),
    comment: Type.String({ maxLength: ACKNOWLEDGE_COMMENT_MAX }),
  },
  closed,
);
export type AcknowledgeBody = Static<typeof AcknowledgeBody>;
export const AcknowledgeResponse = Type.Object({
  /** Alerts acknowledged now; ones already acknowledged keep their first acknowledgement. */
  acknowledged: Type.Integer({ minimum: 0 }),
});

/**
 * docs/navigation.md#routes status query of the task history: finished 'SUCCESS+FAIL+TIMEOUT', in progress
 * 'RUNNING+PENDING'. FAIL includes canceled tasks (docs/states.md counts them among the errors), RUNNING the
 * ones contacting their devices and PENDING the ones waiting for their turn.
 */
export const TASK_STATUS_STATES = {
  SUCCESS: ['TASK_SUCCESS'],
  FAIL: ['TASK_FAIL', 'TASK_CANCELED'],
  TIMEOUT: ['TASK_TIMEOUT'],
  RUNNING: ['TASK_RUNNING', 'TASK_WAIT_ACK'],
  PENDING: ['TASK_PENDING', 'TASK_STANDBY'],
} as const satisfies Record<string, readonly TaskState[]>;
export type TaskStatus = keyof typeof TASK_STATUS_STATES;
const TASK_STATUSES = Object.keys(TASK_STATUS_STATES) as TaskStatus[];
export const statesOf = (status: string | undefined): TaskState[] | undefined =>
  status ? splitPlusList(status).flatMap((name) => TASK_STATUS_STATES[name as TaskStatus]) : undefined;

export const TaskHistoryQuery = Type.Object(
  {
    ...historyPage,
    type: Type.Optional(Type.Enum(TASK_TYPES)),
    status: Type.Optional(plusList(TASK_STATUSES)),
    /** One task by id (the task panel's links). */
    id: Type.Optional(Id),
  },
  closed,
);
export type TaskHistoryQuery = Static<typeof TaskHistoryQuery>;
export const TaskExportQuery = Type.Omit(TaskHistoryQuery, ['offset', 'limit'], closed);
export const TaskHistoryResponse = ListPage(TaskSchema);
export type TaskHistory = Static<typeof TaskHistoryResponse>;

/** How long a maintenance window lasts: 15 minutes to 30 days. */
export const MUTE_MINUTES_MIN = 15;
export const MUTE_MINUTES_MAX = 30 * 24 * 60;

/** A window names a device or a recorder, an alert type, or a type on a device or recorder. */
export const CreateMuteBody = Type.Object(
  {
    device_id: Type.Optional(Id),
    snvr_device_id: Type.Optional(Id),
    alert_type: Type.Optional(Type.Enum(ALERT_TYPES)),
    minutes: Type.Integer({ minimum: MUTE_MINUTES_MIN, maximum: MUTE_MINUTES_MAX }),
    comment: Type.String({ maxLength: ACKNOWLEDGE_COMMENT_MAX }),
  },
  closed,
);
export type CreateMuteBody = Static<typeof CreateMuteBody>;

export const AlertMuteSchema = Type.Object({
  id: Type.Integer(),
  device: Named,
  smartnvr: Named,
  alert_type: Type.Union([Type.Enum(ALERT_TYPES), Type.Null()]),
  starts_at: Type.String(),
  ends_at: Type.String(),
  comment: Type.String(),
  created_by: NullableString,
  /** The caller may end it now. */
  can_end: Type.Boolean(),
});
export type AlertMute = Static<typeof AlertMuteSchema>;
export const AlertMutesResponse = Type.Object({
  items: Type.Array(AlertMuteSchema),
  /** The caller may open windows on alert types across the cloud (owners and administrators). */
  can_mute_types: Type.Boolean(),
});
export type AlertMutes = Static<typeof AlertMutesResponse>;
export const MuteParams = Type.Object({ cloudId: Id, muteId: Id }, closed);
