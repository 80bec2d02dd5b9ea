import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CAMERA_CODECS, RECORDING_PROFILES } from '../../../core/fleet/protocol.ts';
import { tasks } from './activity.ts';
import { clouds } from './clouds.ts';
import { stampedNow } from './columns.ts';
import { smartNvrs } from './inventory.ts';

/**
 * The cameras each smart NVR records, as its heartbeats list them (docs/cameras.md): one row per camera
 * id of the recorder. A camera a heartbeat no longer lists keeps its row, marked removed, until a heartbeat
 * lists it again.
 */
export const recorderCameras = pgTable(
  'recorder_cameras',
  {
    id: serial().primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    smartNvrId: integer()
      .notNull()
      .references(() => smartNvrs.id, { onDelete: 'cascade' }),
    /** The recorder's own id of the camera (`cam-3`). */
    cameraId: text().notNull(),
    name: text().notNull(),
    model: text(),
    ip: text(),
    firmware: text(),
    mainCodec: text({ enum: CAMERA_CODECS }),
    mainWidth: integer(),
    mainHeight: integer(),
    subCodec: text({ enum: CAMERA_CODECS }),
    subWidth: integer(),
    subHeight: integer(),
    stream: text({ enum: ['streaming', 'failed', 'idle'] }).notNull(),
    bitrateKbps: integer().notNull().default(0),
    /** Null while the recorder has not said. */
    recording: boolean(),
    recordingProfile: text({ enum: RECORDING_PROFILES }),
    retentionDays: integer(),
    storageUsedBytes: bigint({ mode: 'number' }),
    lastFrameAt: timestamp({ withTimezone: true }),
    firstSeenAt: stampedNow(),
    lastSeenAt: stampedNow(),
    /** When a heartbeat of the recorder first left it out; null while it is listed. */
    removedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('recorder_cameras_nvr_camera_key').on(t.smartNvrId, t.cameraId),
    // The IP Cameras page lists a recorder's cameras by name; neither column changes with each heartbeat.
    index('recorder_cameras_nvr_name_idx')
      .on(t.smartNvrId, t.name, t.cameraId)
      .where(sql`${t.removedAt} IS NULL`),
  ],
);

/**
 * The cameras a recorder's latest ONVIF scan found (TASK_ONVIF_SCAN_AND_COLLECT's result), one row per
 * address; each scan replaces the recorder's rows. Those the recorder records already are not offered.
 */
export const discoveredCameras = pgTable(
  'discovered_cameras',
  {
    id: serial().primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    smartNvrId: integer()
      .notNull()
      .references(() => smartNvrs.id, { onDelete: 'cascade' }),
    ip: text().notNull(),
    manufacturer: text().notNull(),
    model: text().notNull(),
    name: text().notNull(),
    /** The scan task that found it. */
    taskId: integer().references(() => tasks.id, { onDelete: 'set null' }),
    foundAt: stampedNow(),
  },
  (t) => [uniqueIndex('discovered_cameras_nvr_ip_key').on(t.smartNvrId, t.ip)],
);
