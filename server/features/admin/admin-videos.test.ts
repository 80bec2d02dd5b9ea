// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminVideo } from '../../../core/api/admin.ts';
import { advertisements } from '../../db/schema/clouds.ts';
import { createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { adminCallers, caller, recordsOf } from './test-admin.ts';

let t: TestApp;
let administrator: Session;
let user: Session;
let viewer: Session;
let cloudId: number;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  ({ administrator, user } = await adminCallers(t));
  call = caller(t);
  // A member of a cloud that shows promotions: what the promotional video dialog reads.
  cloudId = (await createCloud(db, { enableAdvertisement: true })).id;
  const member = await createUser(db);
  await addMember(db, member.id, cloudId, 'ROLE_OWNER');
  viewer = await login(t.app, member.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const add = async (body: Record<string, unknown>) => {
  const response = await call(administrator, 'POST', '/apiv2/admin/videos', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminVideo;
};
const offered = async () =>
  (await call(viewer, 'GET', `/apiv2/cloud/${cloudId}/addons/advertisement`))
    .json()
    .videos.map((video: { title: string }) => video.title);
const stored = () => t.database.db.select().from(advertisements);

describe('POST /apiv2/admin/videos', () => {
  it('adds an active video, which the promotional dialog offers at once', async () => {
    const video = await add({ title: 'Getting started', video_url: '/media/videos/getting-started.webm' });
    expect(video).toMatchObject({
      title: 'Getting started',
      video_url: '/media/videos/getting-started.webm',
      active: true,
    });
    expect(await offered()).toEqual(['Getting started']);
    const hosted = await add({
      title: 'Hosted',
      video_url: 'https://videos.example.com/intro.mp4',
      active: false,
    });
    expect(hosted.active).toBe(false);
    expect(await offered()).toEqual(['Getting started']);
    const [record] = await recordsOf(t.database.db, 'video');
    expect(record).toMatchObject({
      cloudId: null,
      action: 'created',
      objectId: String(hosted.id),
      objectName: 'Hosted',
    });
  });

  it('takes only an http(s) address or a path on this site, answering the field errors and storing nothing', async () => {
    const before = (await stored()).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ video_url: 'javascript:alert(1)' }, '/video_url'],
      [{ video_url: '//evil.example/video.mp4' }, '/video_url'],
      [{ video_url: '/\\evil.example/video.mp4' }, '/video_url'],
      [{ video_url: 'videos/relative.webm' }, '/video_url'],
      [{ video_url: 'ftp://files.example/video.mp4' }, '/video_url'],
      [{ video_url: 'https://' }, '/video_url'],
      [{ video_url: '' }, '/video_url'],
      [{ video_url: undefined }, '/video_url'],
      [{ title: ' ' }, '/title'],
      [{ active: 'yes' }, '/active'],
    ];
    for (const [fields, path] of cases) {
      const body = { title: 'Bad', video_url: '/media/videos/ok.webm', ...fields };
      const response = await call(administrator, 'POST', '/apiv2/admin/videos', body);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().errors).toContainEqual(expect.objectContaining({ location: 'body', path }));
    }
    expect(await stored()).toHaveLength(before);
  });
});

describe('PATCH /apiv2/admin/videos/:id', () => {
  it('turns a video off and on, and the promotional dialog follows', async () => {
    const video = await add({
      title: 'Firmware at scale',
      video_url: '/media/videos/firmware-at-scale.webm',
    });
    expect(await offered()).toContain('Firmware at scale');
    const off = await call(administrator, 'PATCH', `/apiv2/admin/videos/${video.id}`, { active: false });
    expect(off.json()).toMatchObject({ id: video.id, active: false });
    expect(await offered()).not.toContain('Firmware at scale');
    await call(administrator, 'PATCH', `/apiv2/admin/videos/${video.id}`, {
      active: true,
      title: 'Firmware, at scale',
    });
    expect(await offered()).toContain('Firmware, at scale');
    const [record] = await recordsOf(t.database.db, 'video');
    expect(record).toMatchObject({
      action: 'changed',
      before: { active: false, title: 'Firmware at scale' },
      after: { active: true, title: 'Firmware, at scale' },
    });
  });

  it('answers bad input with the field errors and changes nothing; 404 for no such video', async () => {
    const video = await add({ title: 'Steady', video_url: '/media/videos/steady.webm' });
    const bad = await call(administrator, 'PATCH', `/apiv2/admin/videos/${video.id}`, {
      video_url: 'data:video/mp4,AAAA',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual(expect.objectContaining({ path: '/video_url' }));
    const list = (await call(administrator, 'GET', '/apiv2/admin/videos')).json().videos;
    expect(list.find((item: AdminVideo) => item.id === video.id)).toEqual(video);
    expect(
      (await call(administrator, 'PATCH', '/apiv2/admin/videos/999999', { active: false })).statusCode,
    ).toBe(404);
    const malformed = await call(administrator, 'PATCH', '/apiv2/admin/videos/abc', { active: false });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0]).toMatchObject({ location: 'params', path: '/id' });
  });
});

describe('GET and DELETE /apiv2/admin/videos', () => {
  it('lists every video, active or not, oldest first, and deletes one', async () => {
    const { videos } = (await call(administrator, 'GET', '/apiv2/admin/videos')).json();
    expect(videos.map((video: AdminVideo) => video.id)).toEqual(
      (await stored()).map((row) => row.id).sort((a, b) => a - b),
    );
    expect(videos.some((video: AdminVideo) => !video.active)).toBe(true);
    const doomed = videos[0] as AdminVideo;
    expect((await call(administrator, 'DELETE', `/apiv2/admin/videos/${doomed.id}`)).json()).toEqual({
      ok: true,
    });
    expect(await offered()).not.toContain(doomed.title);
    expect((await call(administrator, 'DELETE', `/apiv2/admin/videos/${doomed.id}`)).statusCode).toBe(404);
    const [record] = await recordsOf(t.database.db, 'video');
    expect(record).toMatchObject({ cloudId: null, action: 'deleted', objectName: doomed.title });
  });

  it('is for platform administrators only, and nothing changes', async () => {
    const video = await add({ title: 'Guarded', video_url: '/media/videos/guarded.webm' });
    const before = JSON.stringify(await stored());
    for (const [method, url, body] of [
      ['GET', '/apiv2/admin/videos', undefined],
      ['POST', '/apiv2/admin/videos', { title: 'Mine', video_url: '/x.webm' }],
      ['PATCH', `/apiv2/admin/videos/${video.id}`, { active: false }],
      ['DELETE', `/apiv2/admin/videos/${video.id}`, undefined],
      ['POST', '/apiv2/admin/videos', { video_url: 'javascript:alert(1)' }],
    ] as const) {
      expect((await call(user, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(viewer, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(JSON.stringify(await stored())).toBe(before);
  });
});
