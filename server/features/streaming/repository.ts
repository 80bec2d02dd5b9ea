// Views of a recorder's cameras and the video access log (docs/streaming.md#the-video-access-log): one row
// per live view, playback or export, which also binds the view's signed URLs to its session and user.
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { ListPage } from '../../../core/api/list-query.ts';
import type { VideoAccessEntry, VideoAccessQuery } from '../../../core/api/streaming.ts';
import type { StreamName, ViewKind } from '../../../core/streaming.ts';
import type { Database } from '../../db/connect.ts';
import { countCapped } from '../../db/count-capped.ts';
import { users } from '../../db/schema/accounts.ts';
import { smartNvrs } from '../../db/schema/inventory.ts';
import { videoAccess } from '../../db/schema/video-access.ts';

/** Writing last_seen_at on every segment would turn every read into a write. */
const TOUCH_INTERVAL_MS = 10_000;

export type Recorder = { id: number; cloudId: number; name: string; online: boolean };

export async function findRecorder(
  db: Database,
  cloudId: number,
  smartNvrId: number,
): Promise<Recorder | null> {
  const [row] = await db
    .select({
      id: smartNvrs.id,
      cloudId: smartNvrs.cloudId,
      name: smartNvrs.name,
      statusId: smartNvrs.statusId,
    })
    .from(smartNvrs)
    .where(and(eq(smartNvrs.id, smartNvrId), eq(smartNvrs.cloudId, cloudId), isNull(smartNvrs.deletedAt)));
  if (!row) return null;
  return {
    id: row.id,
    cloudId: row.cloudId,
    name: row.name,
    online: row.statusId === 'STATUS_ONLINE' || row.statusId === 'STATUS_SKIPPED_HB',
  };
}

export type View = typeof videoAccess.$inferSelect;

export async function startView(
  db: Database,
  view: {
    cloudId: number;
    smartNvrId: number;
    cameraId: string;
    cameraName: string;
    userId: number;
    sessionHash: string;
    kind: ViewKind;
    stream: StreamName;
    rangeFrom: Date | null;
    rangeTo: Date | null;
  },
): Promise<View> {
  const [email] = await db.select({ email: users.email }).from(users).where(eq(users.id, view.userId));
  const [row] = await db
    .insert(videoAccess)
    .values({
      cloudId: view.cloudId,
      smartNvrId: view.smartNvrId,
      cameraId: view.cameraId,
      cameraName: view.cameraName,
      userId: view.userId,
      userEmail: email?.email ?? '',
      sessionHash: view.sessionHash,
      kind: view.kind,
      stream: view.stream,
      rangeFrom: view.rangeFrom,
      rangeTo: view.rangeTo,
    })
    .returning();
  if (!row) throw new Error('video_access insert returned no row');
  return row;
}

export async function findView(db: Database, cloudId: number, smartNvrId: number, viewId: number) {
  const [row] = await db
    .select()
    .from(videoAccess)
    .where(
      and(
        eq(videoAccess.id, viewId),
        eq(videoAccess.cloudId, cloudId),
        eq(videoAccess.smartNvrId, smartNvrId),
      ),
    );
  return row ?? null;
}

/** Notes the view's latest request, at most every few seconds; its length in the log comes from it. */
export async function touchView(db: Database, view: View, now = new Date()): Promise<void> {
  if (now.getTime() - view.lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return;
  await db
    .update(videoAccess)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(videoAccess.id, view.id),
        lt(videoAccess.lastSeenAt, new Date(now.getTime() - TOUCH_INTERVAL_MS)),
      ),
    );
}

/** Ends a view its viewer closed; one already ended stays as it was. */
export async function endView(db: Database, view: View, now = new Date()): Promise<void> {
  await db
    .update(videoAccess)
    .set({ endedAt: now, lastSeenAt: sql`greatest(${videoAccess.lastSeenAt}, ${now})` })
    .where(and(eq(videoAccess.id, view.id), isNull(videoAccess.endedAt)));
}

/** One page of the recorder's video access log, newest first. */
export async function videoAccessPage(
  db: Database,
  cloudId: number,
  smartNvrId: number,
  query: VideoAccessQuery,
  idleS: number,
): Promise<ListPage<VideoAccessEntry>> {
  const where = and(eq(videoAccess.smartNvrId, smartNvrId), eq(videoAccess.cloudId, cloudId));
  const rows = await db
    .select({
      row: videoAccess,
      name: sql<string>`coalesce(trim(${users.firstname} || ' ' || ${users.lastname}), '')`,
    })
    .from(videoAccess)
    .leftJoin(users, eq(users.id, videoAccess.userId))
    .where(where)
    .orderBy(desc(videoAccess.startedAt), desc(videoAccess.id))
    .limit(query.limit)
    .offset(query.offset);
  const counted = await countCapped(db, videoAccess, where, query);
  const now = Date.now();
  return {
    items: rows.map(({ row, name }) => {
      const clip = row.kind === 'export' && row.rangeFrom && row.rangeTo;
      const ended = row.endedAt ?? row.lastSeenAt;
      return {
        id: row.id,
        kind: row.kind,
        stream: row.stream,
        camera_id: row.cameraId,
        camera_name: row.cameraName,
        user: { id: row.userId, email: row.userEmail, name },
        started_at: row.startedAt.toISOString(),
        duration_s: Math.max(
          0,
          Math.round(
            clip
              ? ((row.rangeTo as Date).getTime() - (row.rangeFrom as Date).getTime()) / 1000
              : (ended.getTime() - row.startedAt.getTime()) / 1000,
          ),
        ),
        open: row.kind !== 'export' && row.endedAt === null && now - row.lastSeenAt.getTime() < idleS * 1000,
        range_from: row.rangeFrom?.toISOString() ?? null,
        range_to: row.rangeTo?.toISOString() ?? null,
      };
    }),
    ...counted,
  };
}
