import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ALERT_TYPES, HEALTH_IDS, TASK_STATES, TASK_TYPES } from '../../../core/domain.ts';
import { users } from './accounts.ts';
import { clouds } from './clouds.ts';
import { stampedNow } from './columns.ts';
import { devices, sites, smartNvrs } from './inventory.ts';

/** SPEC §3 Alert: raised by devices through the agent API. */
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

/** SPEC §3 Task: one job on one or more devices; each target keeps its own state (DESIGN §5). */
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
    executeAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: stampedNow(),
  },
  (t) => [
    index('tasks_cloud_execute_idx').on(t.cloudId, t.executeAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('tasks_cloud_completed_idx').on(t.cloudId, t.completedAt.desc()),
    index('tasks_site_idx').on(t.siteId),
  ],
);

/** One device or smart NVR a task acts on, with its own state (DESIGN §5). */
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
    updatedAt: stampedNow(),
  },
  (t) => [
    index('task_targets_task_state_idx').on(t.taskId, t.state),
    uniqueIndex('task_targets_task_device_key').on(t.taskId, t.deviceId),
    uniqueIndex('task_targets_task_nvr_key').on(t.taskId, t.smartNvrId),
    index('task_targets_device_idx').on(t.deviceId),
    check('task_targets_one_target', sql`num_nonnulls(${t.deviceId}, ${t.smartNvrId}) = 1`),
  ],
);
