import type { Inbox, PublicPost } from '../../../core/api/news.ts';
import type { InboxPostRow, PublicPostRow } from './repository.ts';

export function presentPost(post: PublicPostRow): PublicPost {
  return {
    uuid: post.uuid,
    title: post.title,
    plaintext: post.plaintext,
    mobiledoc: post.mobiledoc,
    published_at: post.publishedAt.toISOString(),
    url: post.url,
    custom_excerpt: post.customExcerpt,
  };
}

export function presentInbox(rows: readonly InboxPostRow[]): Inbox {
  const latest = rows.reduce<Date | null>(
    (newest, row) => (newest === null || row.updatedAt > newest ? row.updatedAt : newest),
    null,
  );
  return {
    posts: rows.map((row) => ({ ...presentPost(row), viewed: row.viewed })),
    unreadCount: rows.filter((row) => !row.viewed).length,
    updatedAt: latest?.toISOString() ?? null,
  };
}
