import { asc, eq } from 'drizzle-orm';
import type { AdminVideo, VideoBody, VideoPatch } from '../../../core/api/admin.ts';
import { changedValues } from '../../../core/audit.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { advertisements } from '../../db/schema/clouds.ts';

type VideoRow = typeof advertisements.$inferSelect;

const presentVideo = (row: VideoRow): AdminVideo => ({
  id: row.id,
  title: row.title,
  video_url: row.videoUrl,
  active: row.active,
  created_at: row.createdAt.toISOString(),
});

const recorded = (row: VideoRow) => ({ title: row.title, videoUrl: row.videoUrl, active: row.active });

/** Platform content: the change log keeps it without a cloud. */
const videoRecord = (row: VideoRow) => ({
  cloudId: null,
  objectType: 'video' as const,
  objectId: row.id,
  objectName: row.title,
});

/** The whole catalogue, oldest first, as the promotional dialog orders the active ones. */
export async function listVideos(db: Database): Promise<AdminVideo[]> {
  const rows = await db.select().from(advertisements).orderBy(asc(advertisements.id));
  return rows.map(presentVideo);
}

export async function createVideo(db: Database, body: VideoBody, actor: AuditActor): Promise<AdminVideo> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(advertisements)
      .values({ title: body.title.trim(), videoUrl: body.video_url.trim(), active: body.active ?? true })
      .returning();
    if (!row) throw new Error('video not stored');
    await audit(tx, actor, { ...videoRecord(row), action: 'created', after: recorded(row) });
    return presentVideo(row);
  });
}

/** Changes the fields given (turning a video on or off among them); null when there is no such video. */
export async function updateVideo(
  db: Database,
  id: number,
  patch: VideoPatch,
  actor: AuditActor,
): Promise<AdminVideo | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(advertisements).where(eq(advertisements.id, id)).for('update');
    if (!before) return null;
    const values: Partial<typeof advertisements.$inferInsert> = {};
    if (patch.title !== undefined) values.title = patch.title.trim();
    if (patch.video_url !== undefined) values.videoUrl = patch.video_url.trim();
    if (patch.active !== undefined) values.active = patch.active;
    if (Object.keys(values).length === 0) return presentVideo(before);
    const [row] = await tx.update(advertisements).set(values).where(eq(advertisements.id, id)).returning();
    if (!row) return null;
    const changes = changedValues(recorded(before), recorded(row));
    if (Object.keys(changes.after).length > 0) {
      await audit(tx, actor, { ...videoRecord(row), action: 'changed', ...changes });
    }
    return presentVideo(row);
  });
}

export async function deleteVideo(db: Database, id: number, actor: AuditActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(advertisements).where(eq(advertisements.id, id)).returning();
    if (!row) return false;
    await audit(tx, actor, { ...videoRecord(row), action: 'deleted', before: recorded(row) });
    return true;
  });
}
