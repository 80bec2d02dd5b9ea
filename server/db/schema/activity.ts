import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ALERT_TYPES, HEALTH_IDS, TASK_STATES, TASK_TYPES } from '../../../core/domain.ts';
import { users } from './accounts.ts';
import { clouds } from './clouds.ts';
import { bytea, stampedNow } from './columns.ts';
import { devices, sites, smartNvrs } from './inventory.ts';

/** docs/entities.md Alert: raised by devices through the agent API. */
export const alerts = pgTable(
  'alerts',
  {
    id: serial().primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    siteId: integer().references(() => sites.id, { onDelete: 'set null' }),
    deviceId: integer().references(() => devices.id, { onDelete: 'set null' }),
    smartNvrId: integer().references(() => smartNvrs.id, { onDelete: 'set null' }),
    alertType: text({ enum: ALERT_TYPES }).notNull(),
    alertData1: text(),
    alertData2: text(),
    alertData3: text(),
    healthId: text({ enum: HEALTH_IDS }).notNull(),
    problemAt: timestamp({ withTimezone: true }).notNull(),
    resolvedAt: timestamp({ withTimezone: true }),
    /**
     * Which condition of the device it stands for (a camera, a link peer, a managed device; '' for the
     * device itself). Null for alerts no condition raised; core/fleet/alert-rules.ts.
     */
    alertKey: text(),
    /** An operator took note of it, with a comment; who and when are kept (the alert may still be open). */
    acknowledgedAt: timestamp({ withTimezone: true }),
    acknowledgedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    acknowledgeComment: text(),
    createdAt: stampedNow(),
  },
  (t) => [
    // One open alert per condition: raising an open one again changes nothing.
    uniqueIndex('alerts_open_device_key')
      .on(t.deviceId, t.alertType, t.alertKey)
      .where(sql`${t.resolvedAt} IS NULL AND ${t.alertKey} IS NOT NULL AND ${t.deviceId} IS NOT NULL`),
    uniqueIndex('alerts_open_nvr_key')
      .on(t.smartNvrId, t.alertType, t.alertKey)
      .where(sql`${t.resolvedAt} IS NULL AND ${t.alertKey} IS NOT NULL AND ${t.smartNvrId} IS NOT NULL`),
    // Same order as the recent-alerts query (ORDER BY problem_at DESC, id DESC), so it reads the index in order.
    index('alerts_cloud_problem_idx').on(
      t.cloudId,
      t.problemAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('alerts_site_problem_idx').on(t.siteId, t.problemAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('alerts_device_idx').on(t.deviceId),
  ],
);

/**
 * A maintenance window: alerts raised within it for the device or recorder, of the type, or both, are kept
 * and marked muted, but notify nobody (no badge, toast or push).
 */
export const alertMutes = pgTable(
  'alert_mutes',
  {
    id: serial().primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    deviceId: integer().references(() => devices.id, { onDelete: 'cascade' }),
    smartNvrId: integer().references(() => smartNvrs.id, { onDelete: 'cascade' }),
    alertType: text({ enum: ALERT_TYPES }),
    startsAt: stampedNow(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    comment: text().notNull().default(''),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: stampedNow(),
  },
  (t) => [
    index('alert_mutes_cloud_ends_idx').on(t.cloudId, t.endsAt),
    check(
      'alert_mutes_what',
      sql`${t.deviceId} IS NOT NULL OR ${t.smartNvrId} IS NOT NULL OR ${t.alertType} IS NOT NULL`,
    ),
  ],
);

/** docs/entities.md Task: one job on one or more devices; each target keeps its own state (docs/decisions.md). */
export const tasks = pgTable(
  'tasks',
  {
    id: serial().primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    typeId: text({ enum: TASK_TYPES }).notNull(),
    taskState: text({ enum: TASK_STATES }).notNull(),
    taskParams: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    siteId: integer().references(() => sites.id, { onDelete: 'set null' }),
    deviceId: integer().references(() => devices.id, { onDelete: 'set null' }),
    smartNvrId: integer().references(() => smartNvrs.id, { onDelete: 'set null' }),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** A rolling update's own state: paused by an operator, or stopped at its failure threshold. */
    rollout: jsonb().$type<{ paused: boolean; stoppedReason: string | null }>(),
    /** Targets per state as last announced to browsers; null until the task is first followed up. */
    stateCounts: jsonb().$type<Record<string, number>>(),
    executeAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: stampedNow(),
  },
  (t) => [
    index('tasks_cloud_execute_idx').on(t.cloudId, t.executeAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('tasks_cloud_completed_idx').on(t.cloudId, t.completedAt.desc()),
    index('tasks_site_idx').on(t.siteId),
    // The task sweep reads only the tasks still in progress.
    index('tasks_active_idx')
      .on(t.executeAt)
      .where(sql`${t.taskState} IN ('TASK_PENDING', 'TASK_STANDBY', 'TASK_WAIT_ACK', 'TASK_RUNNING')`),
  ],
);

/** One device or smart NVR a task acts on, with its own state (docs/decisions.md). */
export const taskTargets = pgTable(
  'task_targets',
  {
    id: serial().primaryKey(),
    taskId: integer()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    deviceId: integer().references(() => devices.id, { onDelete: 'cascade' }),
    smartNvrId: integer().references(() => smartNvrs.id, { onDelete: 'cascade' }),
    state: text({ enum: TASK_STATES }).notNull(),
    error: text(),
    /** Percent done, as the device reports it while running. */
    progress: integer().notNull().default(0),
    /** A rolling update's batch (0 is the canary); null for other tasks. */
    batch: integer(),
    /** When the device was contacted (WAIT_ACK), took it (RUNNING) and finished. */
    contactedAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    /** When it times out unless the device answers first. */
    deadlineAt: timestamp({ withTimezone: true }),
    /** What the device reported besides its state: ping lines, cameras found, the firmware it came back on. */
    result: jsonb().$type<Record<string, unknown>>(),
    /** What this target's command carries besides the task's parameters: a configuration change's document hash and revision. */
    params: jsonb().$type<Record<string, unknown>>(),
    updatedAt: stampedNow(),
  },
  (t) => [
    index('task_targets_task_state_idx').on(t.taskId, t.state),
    uniqueIndex('task_targets_task_device_key').on(t.taskId, t.deviceId),
    uniqueIndex('task_targets_task_nvr_key').on(t.taskId, t.smartNvrId),
    index('task_targets_device_idx').on(t.deviceId),
    // A device's configuration tasks, newest first (docs/configuration.md#progress): only they carry params.
    index('task_targets_config_device_idx').on(t.deviceId, t.id.desc()).where(sql`${t.params} IS NOT NULL`),
    index('task_targets_nvr_idx').on(t.smartNvrId),
    // Commands waiting for a device (the agent API's command channel and heartbeat answers).
    index('task_targets_waiting_device_idx').on(t.deviceId).where(sql`${t.state} = 'TASK_WAIT_ACK'`),
    index('task_targets_waiting_nvr_idx').on(t.smartNvrId).where(sql`${t.state} = 'TASK_WAIT_ACK'`),
    // The timeout sweep reads only targets with a deadline still open.
    index('task_targets_deadline_idx')
      .on(t.deadlineAt)
      .where(sql`${t.state} IN ('TASK_WAIT_ACK', 'TASK_RUNNING')`),
    check('task_targets_one_target', sql`num_nonnulls(${t.deviceId}, ${t.smartNvrId}) = 1`),
  ],
);

/** A file a task produced on its device (a capture, a tech-support report), for the operator to download. */
export const taskFiles = pgTable(
  'task_files',
  {
    targetId: integer()
      .primaryKey()
      .references(() => taskTargets.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    content: bytea().notNull(),
    createdAt: stampedNow(),
  },
  // Files are dropped after 30 days, oldest first.
  (t) => [index('task_files_created_idx').on(t.createdAt)],
);

/** The positions of live events, given in order once their transaction has committed. */
export const liveEventPositions = pgSequence('live_events_position_seq');

/**
 * What the browser's live event stream carries (GET /apiv2/events): written in the transaction of the change
 * and announced with NOTIFY, so every server process sends it, and a browser that reconnects with
 * Last-Event-ID gets what it missed. Kept a few minutes.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /**
     * The order of delivery, given once the writing transaction has committed (docs/architecture.md, live
     * events): null until then. The stream's event ids are these.
     */
    position: bigint({ mode: 'number' }),
    cloudId: integer().notNull(),
    /** The site it belongs to; null for cloud-level objects (smart NVRs). */
    siteId: integer(),
    kind: text({ enum: ['alert', 'task', 'device'] }).notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: stampedNow(),
  },
  (t) => [
    index('live_events_created_idx').on(t.createdAt),
    uniqueIndex('live_events_position_idx').on(t.position),
    index('live_events_unplaced_idx').on(t.id).where(sql`${t.position} IS NULL`),
  ],
);

/**
 * When each periodic job last started (docs/decisions.md#background-work): a run on PostgreSQL claims
 * its period here first, so a second queue entry (left by a process that started mid-run) skips it.
 */
export const periodicJobRuns = pgTable('periodic_job_runs', {
  name: text().primaryKey(),
  startedAt: timestamp({ withTimezone: true }).notNull(),
});
