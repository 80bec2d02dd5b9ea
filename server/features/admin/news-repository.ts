import { randomUUID } from 'node:crypto';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { AdminNewsPost, NewsPostBody, NewsPostPatch } from '../../../core/api/admin.ts';
import type { ListPage } from '../../../core/api/list-query.ts';
import { changedValues } from '../../../core/audit.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { blogPosts } from '../../db/schema/content.ts';
import { postFromText, textFromPost } from './post-text.ts';

type PostRow = typeof blogPosts.$inferSelect;

function presentPost(row: PostRow): AdminNewsPost {
  return {
    uuid: row.uuid,
    title: row.title,
    text: textFromPost(row.mobiledoc, row.plaintext),
    url: row.url,
    excerpt: row.customExcerpt,
    inbox: row.inbox,
    published_at: row.publishedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the change log keeps of a post: its fields, not its body. */
const recorded = (row: Pick<PostRow, 'title' | 'url' | 'customExcerpt' | 'inbox'>) => ({
  title: row.title,
  url: row.url,
  excerpt: row.customExcerpt,
  inbox: row.inbox,
});

/** Blank excerpts are none. */
const excerptOf = (excerpt: string | null | undefined) => (excerpt?.trim() ? excerpt.trim() : null);

/** Platform content: the change log keeps it without a cloud. */
const postRecord = (row: PostRow) => ({
  cloudId: null,
  objectType: 'news_post' as const,
  objectId: row.uuid,
  objectName: row.title,
});

/** Every post, drafts first, then the published newest first (a small table, sorted whole). */
export async function listNewsPosts(
  db: Database,
  page: { offset: number; limit: number },
): Promise<ListPage<AdminNewsPost>> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(blogPosts)
      .orderBy(
        sql`${blogPosts.publishedAt} desc nulls first`,
        desc(blogPosts.updatedAt),
        desc(blogPosts.uuid),
      )
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(blogPosts),
  ]);
  return { items: rows.map(presentPost), total: totals[0]?.value ?? 0, total_capped: false };
}

/** A new post, as a draft: nobody sees it until it is published. */
export async function createNewsPost(
  db: Database,
  body: NewsPostBody,
  actor: AuditActor,
  now: Date,
): Promise<AdminNewsPost> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(blogPosts)
      .values({
        uuid: randomUUID(),
        title: body.title.trim(),
        ...postFromText(body.text),
        url: body.url.trim(),
        customExcerpt: excerptOf(body.excerpt),
        inbox: body.inbox,
        publishedAt: null,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('news post not stored');
    await audit(tx, actor, { ...postRecord(row), action: 'created', after: recorded(row) });
    return presentPost(row);
  });
}

/** Changes the fields given; the body is stored again only when its text is given. Null when there is no such post. */
export async function updateNewsPost(
  db: Database,
  uuid: string,
  patch: NewsPostPatch,
  actor: AuditActor,
  now: Date,
): Promise<AdminNewsPost | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(blogPosts).where(eq(blogPosts.uuid, uuid)).for('update');
    if (!before) return null;
    const values: Partial<typeof blogPosts.$inferInsert> = {};
    if (patch.title !== undefined) values.title = patch.title.trim();
    if (patch.text !== undefined) Object.assign(values, postFromText(patch.text));
    if (patch.url !== undefined) values.url = patch.url.trim();
    if (patch.excerpt !== undefined) values.customExcerpt = excerptOf(patch.excerpt);
    if (patch.inbox !== undefined) values.inbox = patch.inbox;
    const [row] = await tx
      .update(blogPosts)
      .set({ ...values, updatedAt: now })
      .where(eq(blogPosts.uuid, uuid))
      .returning();
    if (!row) return null;
    const changes: Record<'before' | 'after', Record<string, unknown>> = changedValues(
      recorded(before),
      recorded(row),
    );
    if (patch.text !== undefined && before.plaintext !== row.plaintext) {
      changes.before.text = before.plaintext;
      changes.after.text = row.plaintext;
    }
    if (Object.keys(changes.after).length > 0) {
      await audit(tx, actor, { ...postRecord(row), action: 'changed', ...changes });
    }
    return presentPost(row);
  });
}

/**
 * Publishes a post now (the news panel shows it from then on), or takes it back to a draft. A post already
 * in that state stays as it is. Null when there is no such post.
 */
export async function setNewsPostPublished(
  db: Database,
  uuid: string,
  publish: boolean,
  actor: AuditActor,
  now: Date,
): Promise<AdminNewsPost | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(blogPosts).where(eq(blogPosts.uuid, uuid)).for('update');
    if (!before) return null;
    if ((before.publishedAt !== null) === publish) return presentPost(before);
    const [row] = await tx
      .update(blogPosts)
      .set({ publishedAt: publish ? now : null, updatedAt: now })
      .where(eq(blogPosts.uuid, uuid))
      .returning();
    if (!row) return null;
    await audit(tx, actor, {
      ...postRecord(row),
      action: publish ? 'published' : 'unpublished',
      before: { publishedAt: before.publishedAt?.toISOString() ?? null },
      after: { publishedAt: row.publishedAt?.toISOString() ?? null },
    });
    return presentPost(row);
  });
}

/** Deletes a post and who has read it; false when there is no such post. */
export async function deleteNewsPost(db: Database, uuid: string, actor: AuditActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(blogPosts).where(eq(blogPosts.uuid, uuid)).returning();
    if (!row) return false;
    await audit(tx, actor, { ...postRecord(row), action: 'deleted', before: recorded(row) });
    return true;
  });
}
