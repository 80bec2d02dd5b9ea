// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts } from '../../db/schema/content.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
const older = { uuid: randomUUID(), publishedAt: new Date(Date.now() - 9 * DAY) };
const newer = { uuid: randomUUID(), publishedAt: new Date(Date.now() - 2 * DAY) };
const inboxPost = randomUUID();

beforeAll(async () => {
  t = await createTestApp();
  const base = { plaintext: 'Body', mobiledoc: { version: '0.3.1', sections: [] }, inbox: false };
  await t.database.db.insert(blogPosts).values([
    {
      ...base,
      ...older,
      title: 'Older public',
      url: 'https://news.test.example/older/',
      customExcerpt: 'Older',
    },
    { ...base, ...newer, title: 'Newer public', url: 'https://news.test.example/newer/' },
    {
      ...base,
      uuid: inboxPost,
      title: 'Inbox only',
      url: 'https://news.test.example/inbox/',
      inbox: true,
      publishedAt: newer.publishedAt,
    },
    {
      ...base,
      uuid: randomUUID(),
      title: 'Scheduled',
      url: 'https://news.test.example/later/',
      publishedAt: new Date(Date.now() + DAY),
    },
  ]);
});
afterAll(() => t.close());

describe('GET /apiv2/blog-posts', () => {
  it('lists published public posts newest first without a session and without viewed', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/apiv2/blog-posts' });
    expect(response.statusCode).toBe(200);
    const { posts } = response.json();
    expect(posts.map((p: { title: string }) => p.title)).toEqual(['Newer public', 'Older public']);
    expect(posts[1]).toEqual({
      uuid: older.uuid,
      title: 'Older public',
      plaintext: 'Body',
      mobiledoc: { version: '0.3.1', sections: [] },
      published_at: older.publishedAt.toISOString(),
      url: 'https://news.test.example/older/',
      custom_excerpt: 'Older',
    });
  });
});
