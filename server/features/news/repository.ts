import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { NEWS_POSTS_LIMIT } from '../../../core/api/news.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { users } from '../../db/schema/accounts.ts';
import { blogPostReads, blogPosts } from '../../db/schema/content.ts';

const postColumns = {
  uuid: blogPosts.uuid,
  title: blogPosts.title,
  plaintext: blogPosts.plaintext,
  mobiledoc: blogPosts.mobiledoc,
  // Only published posts are read here, so the date is never null.
  publishedAt: sql<Date>`${blogPosts.publishedAt}`.mapWith(blogPosts.publishedAt),
  url: blogPosts.url,
  customExcerpt: blogPosts.customExcerpt,
  updatedAt: blogPosts.updatedAt,
};

/** Published posts of one kind (posts scheduled for later stay hidden), newest first. */
const published = (inbox: boolean, now: Date) =>
  and(eq(blogPosts.inbox, inbox), lte(blogPosts.publishedAt, now));

/** The newest inbox posts with whether the user has read each (blog_posts_published_idx). */
export function listInboxPosts(db: Database, userId: number, now: Date) {
  return db
    .select({ ...postColumns, viewed: sql<boolean>`${blogPostReads.postUuid} is not null` })
    .from(blogPosts)
    .leftJoin(
      blogPostReads,
      and(eq(blogPostReads.postUuid, blogPosts.uuid), eq(blogPostReads.userId, userId)),
    )
    .where(published(true, now))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.uuid))
    .limit(NEWS_POSTS_LIMIT);
}
export type InboxPostRow = Awaited<ReturnType<typeof listInboxPosts>>[number];

/** The newest public posts (blog_posts_published_idx). */
export function listPublicPosts(db: Database, now: Date) {
  return db
    .select(postColumns)
    .from(blogPosts)
    .where(published(false, now))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.uuid))
    .limit(NEWS_POSTS_LIMIT);
}
export type PublicPostRow = Awaited<ReturnType<typeof listPublicPosts>>[number];

/** Marks one published inbox post read; false when there is no such post. Reading twice changes nothing. */
export async function markInboxPostRead(db: Database, userId: number, uuid: string, now: Date) {
  const [post] = await db
    .select({ uuid: blogPosts.uuid })
    .from(blogPosts)
    .where(and(eq(blogPosts.uuid, uuid), published(true, now)));
  if (!post) return false;
  await db.insert(blogPostReads).values({ userId, postUuid: post.uuid, readAt: now }).onConflictDoNothing();
  return true;
}

/** Marks every published inbox post read for the user. */
export async function markAllInboxPostsRead(db: Database, userId: number, now: Date) {
  await db
    .insert(blogPostReads)
    .select(
      db
        .select({
          userId: sql<number>`${userId}::integer`.as('user_id'),
          postUuid: blogPosts.uuid,
          readAt: sql<Date>`${now.toISOString()}::timestamptz`.as('read_at'),
        })
        .from(blogPosts)
        .where(published(true, now)),
    )
    .onConflictDoNothing();
}

export async function setNewsletter(
  db: Database,
  actor: AuditActor & { userId: number },
  subscribe: boolean,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ subscribeNewsletter: subscribe, updatedAt: new Date() })
      .where(eq(users.id, actor.userId));
    await audit(tx, actor, {
      cloudId: null,
      action: 'profile_changed',
      objectType: 'user',
      objectId: actor.userId,
      after: { subscribeNewsletter: subscribe },
    });
  });
}
