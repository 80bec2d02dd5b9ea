// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_POSTS_LIMIT } from '../../../core/api/news.ts';
import type { Database } from '../../db/connect.ts';
import { blogPosts } from '../../db/schema/content.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { createUser, TEST_PASSWORD } from '../../test/factories.ts';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const MOBILEDOC = {
  version: '0.3.1',
  atoms: [],
  cards: [],
  markups: [],
  sections: [[1, 'p', [[0, [], 0, 'Hello']]]],
};

let t: TestApp;
let db: Database;
let reader: Session;
let other: Session;
const post = {
  older: randomUUID(),
  newer: randomUUID(),
  newest: randomUUID(),
  publicOne: randomUUID(),
  scheduled: randomUUID(),
};
const editedAt = new Date(Date.now() - 1000);
const olderPublishedAt = daysAgo(30);

async function addPost(uuid: string, fields: Partial<typeof blogPosts.$inferInsert> = {}) {
  await db.insert(blogPosts).values({
    uuid,
    title: `Post ${uuid.slice(0, 8)}`,
    plaintext: 'Hello',
    mobiledoc: MOBILEDOC,
    url: `https://news.test.example/${uuid}/`,
    publishedAt: daysAgo(1),
    updatedAt: daysAgo(1),
    ...fields,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await addPost(post.older, {
    publishedAt: olderPublishedAt,
    updatedAt: editedAt,
    customExcerpt: 'Short excerpt',
  });
  await addPost(post.newer, { publishedAt: daysAgo(5), updatedAt: daysAgo(5) });
  await addPost(post.newest, { publishedAt: daysAgo(1), updatedAt: daysAgo(1), title: 'Newest news' });
  await addPost(post.publicOne, { inbox: false });
  await addPost(post.scheduled, { publishedAt: new Date(Date.now() + DAY) });
  const [a, b] = [await createUser(db), await createUser(db)];
  reader = await login(t.app, a?.email ?? '', TEST_PASSWORD);
  other = await login(t.app, b?.email ?? '', TEST_PASSWORD);
});
afterAll(() => t.close());

const getInbox = async (session: Session) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/apiv2/user/inbox-blog-posts',
    headers: as(session),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const mark = (session: Session, payload: object, headers: Record<string, string> = as(session)) =>
  t.app.inject({ method: 'POST', url: '/apiv2/user/inbox-blog-posts', headers, payload });
const viewedOf = (inbox: { posts: { uuid: string; viewed: boolean }[] }) =>
  Object.fromEntries(inbox.posts.map((p) => [p.uuid, p.viewed]));

describe('GET /apiv2/user/inbox-blog-posts', () => {
  it('lists published inbox posts newest first with the fields of docs/entities.md, unread count and latest update', async () => {
    const inbox = await getInbox(reader);
    expect(inbox.posts.map((p: { uuid: string }) => p.uuid)).toEqual([post.newest, post.newer, post.older]);
    expect(inbox.unreadCount).toBe(3);
    expect(inbox.updatedAt).toBe(editedAt.toISOString());
    const oldest = inbox.posts[2];
    expect(Object.keys(oldest).sort()).toEqual(
      ['custom_excerpt', 'mobiledoc', 'plaintext', 'published_at', 'title', 'url', 'uuid', 'viewed'].sort(),
    );
    expect(oldest).toMatchObject({
      uuid: post.older,
      plaintext: 'Hello',
      mobiledoc: MOBILEDOC,
      url: `https://news.test.example/${post.older}/`,
      published_at: olderPublishedAt.toISOString(),
      custom_excerpt: 'Short excerpt',
      viewed: false,
    });
    expect(inbox.posts[0].custom_excerpt).toBeNull();
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/apiv2/user/inbox-blog-posts' })).statusCode).toBe(401);
  });
});

describe('POST /apiv2/user/inbox-blog-posts', () => {
  it('marks one post read for the caller only and answers the updated inbox', async () => {
    const response = await mark(reader, { uuid: post.newer });
    expect(response.statusCode).toBe(200);
    const inbox = response.json();
    expect(viewedOf(inbox)).toEqual({ [post.newest]: false, [post.newer]: true, [post.older]: false });
    expect(inbox.unreadCount).toBe(2);
    expect(await getInbox(reader)).toEqual(inbox);
    expect((await getInbox(other)).unreadCount).toBe(3);

    const again = await mark(reader, { uuid: post.newer });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(inbox);
  });

  it('marks every inbox post read', async () => {
    const response = await mark(other, { all: true });
    expect(response.statusCode).toBe(200);
    const inbox = response.json();
    expect(inbox.unreadCount).toBe(0);
    expect(inbox.posts.every((p: { viewed: boolean }) => p.viewed)).toBe(true);
    expect((await mark(other, { all: true })).json()).toEqual(inbox);
    expect((await getInbox(reader)).unreadCount).toBe(2);
  });

  it('answers 404 for an unknown post, a public post and a post not published yet', async () => {
    for (const uuid of [randomUUID(), post.publicOne, post.scheduled]) {
      expect((await mark(reader, { uuid })).statusCode).toBe(404);
    }
    expect((await getInbox(reader)).unreadCount).toBe(2);
  });

  it('rejects a body with neither or both of uuid and all, and a malformed uuid, with the 400 shape', async () => {
    for (const payload of [{}, { uuid: post.older, all: true }, { uuid: 'not-a-uuid' }, { all: false }]) {
      const response = await mark(reader, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ location: 'body' });
    }
  });

  it('answers 403 without the CSRF token and 401 without a session', async () => {
    expect((await mark(reader, { all: true }, { cookie: reader.cookie })).statusCode).toBe(403);
    expect((await getInbox(reader)).unreadCount).toBe(2);
    const anonymous = { cookie: 'csrf_token=anonymous-token', 'x-csrf-token': 'anonymous-token' };
    expect((await mark(reader, { all: true }, anonymous)).statusCode).toBe(401);
  });

  it(`lists at most ${NEWS_POSTS_LIMIT} posts`, async () => {
    for (let i = 0; i < NEWS_POSTS_LIMIT; i++) await addPost(randomUUID(), { publishedAt: daysAgo(40 + i) });
    const inbox = await getInbox(reader);
    expect(inbox.posts).toHaveLength(NEWS_POSTS_LIMIT);
    expect(inbox.posts[0].uuid).toBe(post.newest);
  });
});
