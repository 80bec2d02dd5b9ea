import type { Database } from '../connect.ts';
import { blogPostReads, blogPosts } from '../schema/content.ts';
import { POSTS } from './demo-news-posts.ts';
import { insertRows } from './insert.ts';
import { buildPost } from './mobiledoc.ts';
import { daysAgo, shift } from './time.ts';

/** Fixed uuid of the n-th demo post, so links to posts survive a reseed. */
export function demoPostUuid(index: number): string {
  return `7c0a1f3e-5b2d-4c8e-9f41-${String(index + 1).padStart(12, '0')}`;
}

// The owner has read some inbox posts (by position in POSTS), the administrator all of them.
const OWNER_READ = [2, 3, 5, 7];

export async function seedNews(
  db: Database,
  readers: { owner: number; admin: number },
  now: Date,
): Promise<void> {
  const rows = POSTS.map((post, index) => {
    const publishedAt = shift(daysAgo(now, post.publishedDaysAgo), { hours: -((index * 5) % 11) });
    const { mobiledoc, plaintext } = buildPost(post.blocks);
    return {
      uuid: demoPostUuid(index),
      title: post.title,
      plaintext,
      mobiledoc,
      url: `https://news.demo.example/${post.slug}/`,
      customExcerpt: post.excerpt,
      inbox: post.inbox,
      publishedAt,
      updatedAt: publishedAt,
    };
  });
  await insertRows(db, blogPosts, rows);
  const read = (userId: number, indexes: readonly number[]) =>
    indexes.map((index) => {
      const post = rows[index] as (typeof rows)[number];
      return { userId, postUuid: post.uuid, readAt: shift(post.publishedAt, { hours: 20 }) };
    });
  const inbox = rows.flatMap((row, index) => (row.inbox ? [index] : []));
  await insertRows(db, blogPostReads, [...read(readers.owner, OWNER_READ), ...read(readers.admin, inbox)]);
}
