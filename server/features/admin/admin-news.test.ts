// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminNewsPost } from '../../../core/api/admin.ts';
import { blogPosts } from '../../db/schema/content.ts';
import { createTestApp, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud } from '../../test/factories.ts';
import { adminCallers, caller, recordsOf } from './test-admin.ts';

let t: TestApp;
let administrator: Session;
let user: Session;
let call: ReturnType<typeof caller>;
let adminCloudId: number;

const TEXT = [
  'Firmware **7.3** is out for every access point.',
  '## What is new',
  '- Faster roaming\n- Quieter channels',
  'Read the [release notes](https://news.test.example/notes/) and _update soon_.',
].join('\n\n');
const draft = (fields: Record<string, unknown> = {}) => ({
  title: 'Firmware 7.3',
  text: TEXT,
  url: 'https://news.test.example/firmware-7-3/',
  excerpt: 'Faster roaming.',
  inbox: true,
  ...fields,
});

beforeAll(async () => {
  t = await createTestApp();
  let administratorId: number;
  ({ administrator, user, administratorId } = await adminCallers(t));
  // The administrator belongs to a cloud too: platform content stays out of its change log.
  adminCloudId = (await createCloud(t.database.db)).id;
  await addMember(t.database.db, administratorId, adminCloudId, 'ROLE_OWNER');
  call = caller(t);
});
afterAll(() => t.close());

const create = async (fields: Record<string, unknown> = {}) => {
  const response = await call(administrator, 'POST', '/apiv2/admin/news-posts', draft(fields));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminNewsPost;
};
const inboxTitles = async () =>
  (await call(user, 'GET', '/apiv2/user/inbox-blog-posts'))
    .json()
    .posts.map((p: { title: string }) => p.title);
const publicTitles = async () =>
  (await call(null, 'GET', '/apiv2/blog-posts')).json().posts.map((p: { title: string }) => p.title);
const allPosts = () => t.database.db.select().from(blogPosts);

describe('POST /apiv2/admin/news-posts', () => {
  it('writes a draft nobody sees yet, and gives its text back to edit', async () => {
    const post = await create();
    expect(post).toMatchObject({
      title: 'Firmware 7.3',
      text: TEXT,
      url: 'https://news.test.example/firmware-7-3/',
      excerpt: 'Faster roaming.',
      inbox: true,
      published_at: null,
    });
    expect(await inboxTitles()).not.toContain('Firmware 7.3');
    const [record] = await recordsOf(t.database.db, 'news_post');
    expect(record).toMatchObject({
      cloudId: null,
      action: 'created',
      objectId: post.uuid,
      objectName: 'Firmware 7.3',
    });
  });

  it('answers bad input with the field errors, and stores nothing', async () => {
    const before = (await allPosts()).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '   ' }, '/title'],
      [{ title: undefined }, '/title'],
      [{ text: '' }, '/text'],
      [{ url: 'javascript:alert(1)' }, '/url'],
      [{ url: '/news/relative' }, '/url'],
      [{ url: 'ftp://files.example/' }, '/url'],
      [{ excerpt: 'x'.repeat(501) }, '/excerpt'],
      [{ inbox: 'yes' }, '/inbox'],
      [{ title: 'x'.repeat(201) }, '/title'],
    ];
    for (const [fields, path] of cases) {
      const response = await call(administrator, 'POST', '/apiv2/admin/news-posts', draft(fields));
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().errors).toContainEqual(expect.objectContaining({ location: 'body', path }));
    }
    expect(await allPosts()).toHaveLength(before);
  });
});

describe('publishing a post', () => {
  it('shows a published inbox post in the news panel, drawn from its Mobiledoc, until it is unpublished', async () => {
    const post = await create({ title: 'Panel post' });
    const published = await call(administrator, 'POST', `/apiv2/admin/news-posts/${post.uuid}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(Date.parse(published.json().published_at)).toBeLessThanOrEqual(Date.now());

    const inbox = (await call(user, 'GET', '/apiv2/user/inbox-blog-posts')).json();
    const shown = inbox.posts.find((p: { title: string }) => p.title === 'Panel post');
    expect(shown).toMatchObject({
      viewed: false,
      custom_excerpt: 'Faster roaming.',
      url: 'https://news.test.example/firmware-7-3/',
      plaintext:
        'Firmware 7.3 is out for every access point.\n\nWhat is new\n\nFaster roaming\nQuieter channels\n\n' +
        'Read the release notes and update soon.',
    });
    expect(shown.mobiledoc).toMatchObject({
      version: '0.3.1',
      markups: [['strong'], ['a', ['href', 'https://news.test.example/notes/']], ['em']],
      sections: [
        [
          1,
          'p',
          [
            [0, [], 0, 'Firmware '],
            [0, [0], 1, '7.3'],
            [0, [], 0, ' is out for every access point.'],
          ],
        ],
        [1, 'h2', [[0, [], 0, 'What is new']]],
        [3, 'ul', [[[0, [], 0, 'Faster roaming']], [[0, [], 0, 'Quieter channels']]]],
        expect.anything(),
      ],
    });
    expect(await publicTitles()).not.toContain('Panel post');

    // Publishing again keeps the date it was published.
    const again = await call(administrator, 'POST', `/apiv2/admin/news-posts/${post.uuid}/publish`);
    expect(again.json().published_at).toBe(published.json().published_at);

    const unpublished = await call(administrator, 'POST', `/apiv2/admin/news-posts/${post.uuid}/unpublish`);
    expect(unpublished.json()).toMatchObject({ published_at: null });
    expect(await inboxTitles()).not.toContain('Panel post');
    const actions = (await recordsOf(t.database.db, 'news_post'))
      .filter((record) => record.objectId === post.uuid)
      .map((record) => record.action);
    expect(actions).toEqual(['unpublished', 'published', 'created']);
  });

  it('shows a published public post among the public posts, not in the panel', async () => {
    const post = await create({ title: 'Public post', inbox: false });
    await call(administrator, 'POST', `/apiv2/admin/news-posts/${post.uuid}/publish`);
    expect(await publicTitles()).toContain('Public post');
    expect(await inboxTitles()).not.toContain('Public post');
  });

  it('keeps platform content out of the change log of the administrator’s own cloud', async () => {
    const log = await call(administrator, 'GET', `/apiv2/cloud/${adminCloudId}/change-log`);
    const types = log.json().items.map((item: { object_type: string }) => item.object_type);
    // Their own sign-in is there.
    expect(types).toContain('user');
    expect(types).not.toContain('news_post');
  });
});

describe('PATCH /apiv2/admin/news-posts/:uuid', () => {
  it('changes the fields given, and stores the body again from new text', async () => {
    const post = await create({ title: 'To edit' });
    const response = await call(administrator, 'PATCH', `/apiv2/admin/news-posts/${post.uuid}`, {
      title: 'Edited',
      text: 'Only **one** paragraph now.',
      excerpt: '  ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      title: 'Edited',
      text: 'Only **one** paragraph now.',
      excerpt: null,
      url: post.url,
      inbox: true,
    });
    const [record] = await recordsOf(t.database.db, 'news_post');
    expect(record).toMatchObject({
      action: 'changed',
      before: { title: 'To edit', excerpt: 'Faster roaming.' },
      after: { title: 'Edited', excerpt: null, text: 'Only one paragraph now.' },
    });
  });

  it('answers bad input with the field errors and changes nothing', async () => {
    const post = await create({ title: 'Kept as is' });
    for (const [body, path] of [
      [{ url: 'not a url' }, '/url'],
      [{ title: '' }, '/title'],
      [{ inbox: null }, '/inbox'],
    ] as const) {
      const response = await call(administrator, 'PATCH', `/apiv2/admin/news-posts/${post.uuid}`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toContainEqual(expect.objectContaining({ path }));
    }
    const list = (await call(administrator, 'GET', '/apiv2/admin/news-posts?limit=100')).json();
    expect(list.items.find((item: AdminNewsPost) => item.uuid === post.uuid)).toEqual(post);
  });

  it('answers 404 for a post that does not exist, and 400 for a malformed id', async () => {
    const missing = randomUUID();
    expect(
      (await call(administrator, 'PATCH', `/apiv2/admin/news-posts/${missing}`, { title: 'x' })).statusCode,
    ).toBe(404);
    for (const action of ['publish', 'unpublish']) {
      expect(
        (await call(administrator, 'POST', `/apiv2/admin/news-posts/${missing}/${action}`)).statusCode,
      ).toBe(404);
    }
    expect((await call(administrator, 'DELETE', `/apiv2/admin/news-posts/${missing}`)).statusCode).toBe(404);
    const malformed = await call(administrator, 'PATCH', '/apiv2/admin/news-posts/not-a-uuid', {
      title: 'x',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0]).toMatchObject({ location: 'params', path: '/uuid' });
  });
});

describe('GET /apiv2/admin/news-posts', () => {
  it('lists drafts first, then published posts newest first, paged with the total', async () => {
    const all = (await call(administrator, 'GET', '/apiv2/admin/news-posts?limit=100')).json();
    expect(all.total).toBe(all.items.length);
    const published = all.items.map((item: AdminNewsPost) => item.published_at !== null);
    expect(published).toEqual([...published].sort());
    const second = (await call(administrator, 'GET', '/apiv2/admin/news-posts?limit=2&offset=2')).json();
    expect(second.items.map((item: AdminNewsPost) => item.uuid)).toEqual(
      all.items.slice(2, 4).map((item: AdminNewsPost) => item.uuid),
    );
    expect((await call(administrator, 'GET', '/apiv2/admin/news-posts?limit=101')).statusCode).toBe(400);
  });
});

describe('DELETE /apiv2/admin/news-posts/:uuid', () => {
  it('deletes the post, recorded without a cloud', async () => {
    const post = await create({ title: 'Short-lived' });
    const response = await call(administrator, 'DELETE', `/apiv2/admin/news-posts/${post.uuid}`);
    expect(response.json()).toEqual({ ok: true });
    expect((await allPosts()).map((row) => row.uuid)).not.toContain(post.uuid);
    const [record] = await recordsOf(t.database.db, 'news_post');
    expect(record).toMatchObject({ cloudId: null, action: 'deleted', before: { title: 'Short-lived' } });
  });
});

describe('news posts are for platform administrators only', () => {
  it('refuses every call of anyone else, and nothing changes', async () => {
    const post = await create({ title: 'Guarded' });
    const rows = async () => JSON.stringify(await allPosts());
    const before = await rows();
    const records = (await recordsOf(t.database.db, 'news_post')).length;
    for (const [method, url, body] of [
      ['GET', '/apiv2/admin/news-posts', undefined],
      ['POST', '/apiv2/admin/news-posts', draft()],
      ['PATCH', `/apiv2/admin/news-posts/${post.uuid}`, { title: 'Taken over' }],
      ['POST', `/apiv2/admin/news-posts/${post.uuid}/publish`, undefined],
      ['POST', `/apiv2/admin/news-posts/${post.uuid}/unpublish`, undefined],
      ['DELETE', `/apiv2/admin/news-posts/${post.uuid}`, undefined],
      // Bad input too: the refusal comes first.
      ['POST', '/apiv2/admin/news-posts', { title: '' }],
    ] as const) {
      expect((await call(user, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(
        method === 'GET' ? 401 : 403,
      );
    }
    expect(await rows()).toBe(before);
    expect(await recordsOf(t.database.db, 'news_post')).toHaveLength(records);
  });
});
