// The video access log (docs/streaming.md#the-video-access-log): every live view, playback and clip export of
// a recorder's camera, who asked for it, when and for how long. A view's row also binds its signed URLs to
// the session and user that started it.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { clouds } from './clouds.ts';
import { stampedNow } from './columns.ts';
import { smartNvrs } from './inventory.ts';

export const videoAccess = pgTable(
  'video_access',
  {
    id: serial().primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    smartNvrId: integer()
      .notNull()
      .references(() => smartNvrs.id, { onDelete: 'cascade' }),
    /** The recorder's own id of the camera, and its name then (the log outlives a rename). */
    cameraId: text().notNull(),
    cameraName: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Who it was, kept when the account is gone. */
    userEmail: text().notNull(),
    /** The console session the view's URLs are bound to (the sessions table's id hash). */
    sessionHash: text().notNull(),
    kind: text({ enum: ['live', 'playback', 'export'] }).notNull(),
    stream: text({ enum: ['main', 'sub'] }).notNull(),
    /** The footage asked for: null for live. */
    rangeFrom: timestamp({ withTimezone: true }),
    rangeTo: timestamp({ withTimezone: true }),
    startedAt: stampedNow(),
    /** The view's latest request: it lasted from started_at to here. */
    lastSeenAt: stampedNow(),
    endedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('video_access_nvr_started_idx').on(t.smartNvrId, t.startedAt.desc(), t.id.desc()),
    index('video_access_cloud_idx').on(t.cloudId),
    index('video_access_user_idx').on(t.userId).where(sql`${t.userId} IS NOT NULL`),
  ],
);
