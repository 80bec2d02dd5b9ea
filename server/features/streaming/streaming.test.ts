// @vitest-environment node
// Streaming (docs/streaming.md) against a listening console and a simulated recorder whose media service
// answers through its real tunnel: views, signed URLs and who they work for, playback, clip export and the
// video access log.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command } from '../../../core/fleet/protocol.ts';
import type { TunnelOpenParams } from '../../../core/fleet/tunnel-protocol.ts';
import { createDevice as simulatedDevice } from '../../../sim/device.ts';
import { generateFleet } from '../../../sim/identity.ts';
import { createPlaces } from '../../../sim/places.ts';
import { DEFAULT_RATES, type Rates } from '../../../sim/rates.ts';
import { runCommand } from '../../../sim/tasks.ts';
import { openTunnel } from '../../../sim/tunnel.ts';
import '../../../sim/recorder-media-service.ts';
import { smartNvrs } from '../../db/schema/inventory.ts';
import { adoptDevice, bearer, heartbeat, sendHeartbeat } from '../../fleet/test-fleet.ts';
import { as, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { reportedCamera } from '../cameras/test-cameras.ts';
import { listeningApp } from '../tunnels/test-tunnels.ts';
import { signedQuery } from './signing.ts';

const QUIET = Object.fromEntries(Object.keys(DEFAULT_RATES).map((name) => [name, 0])) as Rates;

let t: TestApp & { url: string };
let cloudId: number;
let recorderId: number;
let credential: string;
let twin: ReturnType<typeof simulatedDevice>;
const users: Record<string, { id: number; email: string }> = {};
const session: Record<string, Session> = {};
let tunnelServer: Promise<void> | null = null;

beforeAll(async () => {
  t = await listeningApp();
  const { db } = t.database;
  cloudId = (await createCloud(db)).id;
  const [identity] = generateFleet(Math.floor(Math.random() * 1e6), 1);
  if (!identity) throw new Error('no identity');
  const [recorder] = await db
    .insert(smartNvrs)
    .values({ cloudId, name: 'Yard NVR', mac: identity.mac, sn: identity.sn, productBrandId: 190 })
    .returning();
  if (!recorder) throw new Error('smart NVR not created');
  recorderId = recorder.id;
  credential = await adoptDevice(t, recorder, 190);
  const answer = await sendHeartbeat(
    t,
    credential,
    heartbeat(1, { radios: undefined, clients: undefined, cameras: [reportedCamera(1), reportedCamera(2)] }),
  );
  if (answer.statusCode !== 200) throw new Error(`heartbeat refused: ${answer.body}`);
  twin = simulatedDevice(
    { ...identity, productBrandId: 190, productType: 'smartnvr', fw: '7.2.0-3988' },
    1,
    QUIET,
    createPlaces()(identity.place),
  );
  for (const [key, role] of [
    ['owner', 'ROLE_OWNER'],
    ['guest', 'ROLE_GUEST'],
    ['leaver', 'ROLE_ADMIN'],
  ] as const) {
    const user = await createUser(db);
    users[key] = user;
    await addMember(db, user.id, cloudId, role);
    session[key] = await login(t.app, user.email, TEST_PASSWORD);
  }
  session.ownerElsewhere = await login(t.app, users.owner?.email ?? '', TEST_PASSWORD);
  const outsider = await createUser(db);
  await addMember(db, outsider.id, (await createCloud(db)).id, 'ROLE_OWNER');
  session.outsider = await login(t.app, outsider.email, TEST_PASSWORD);
}, 60_000);
afterAll(() => t.close());

/** The recorder takes its TASK_TUNNEL_OPEN as the simulator does, once the console asks for it. */
async function recorderOpensMediaTunnel() {
  let command: (Command & { params: TunnelOpenParams }) | undefined;
  await expect
    .poll(
      async () => {
        const answer = await t.app.inject({
          method: 'GET',
          url: '/agent/v1/commands?waitS=0',
          headers: bearer(credential),
        });
        command = (answer.json().commands as (Command & { params: TunnelOpenParams })[]).find(
          (c) => c.type === 'TASK_TUNNEL_OPEN',
        );
        return command !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  if (!command) return;
  const taken = command;
  await runCommand(
    twin,
    taken,
    async (report) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: `/agent/v1/commands/${taken.id}`,
        headers: bearer(credential),
        payload: report,
      });
      return String(answer.json().state);
    },
    { speed: 0, sleep: async () => {} },
    { openTunnel: (params) => openTunnel(twin, { url: t.url, credential }, params) },
  );
}

const base = () => `/apiv2/cloud/${cloudId}/smartnvrs/${recorderId}`;
const call = (who: string, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
  t.app.inject({ method, url: `${base()}${path}`, headers: as(session[who] as Session), payload });
/** A signed URL fetched as the browser of one session (cookies only; GET needs no CSRF token). */
const fetchAs = (who: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: (session[who] as Session).cookie } });

/** Starts a view; the first one opens the recorder's media tunnel meanwhile. */
async function start(who: string, cameraId: string, body: object) {
  const answer = call(who, 'POST', `/cameras/${cameraId}/views`, body);
  tunnelServer ??= recorderOpensMediaTunnel();
  const response = await answer;
  await tunnelServer;
  return response;
}

describe('a live view', () => {
  let view: { id: number; playlist_url: string; snapshot_url: string; mode: string; info: unknown };
  let segmentUrl: string;

  it("plays a camera's stream through the recorder's tunnel, every URI the console's own and signed", async () => {
    const response = await start('owner', 'cam-2', { kind: 'live', stream: 'sub' });
    expect(response.statusCode, response.body).toBe(201);
    view = response.json();
    expect(view).toMatchObject({ mode: 'video', info: { codec: 'h264', width: 640, height: 360 } });
    expect(view.playlist_url).toMatch(
      new RegExp(`^${base()}/media/${view.id}/live\\.m3u8\\?exp=\\d+&sig=[\\w-]+$`),
    );

    const playlist = await fetchAs('owner', view.playlist_url);
    expect(playlist.statusCode, playlist.body).toBe(200);
    expect(playlist.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    const uris = playlist.body.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    expect(uris.length).toBeGreaterThan(1);
    for (const uri of uris)
      expect(uri).toMatch(new RegExp(`^${base()}/media/${view.id}/\\d+\\.ts\\?exp=\\d+&sig=`));
    // Nothing of the recorder's own: not its paths, not its cameras' addresses.
    expect(playlist.body).not.toContain('segments/');
    expect(playlist.body).not.toContain('192.168.');
    segmentUrl = uris.at(-1) ?? '';

    const segment = await fetchAs('owner', segmentUrl);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.rawPayload[0]).toBe(0x47);
    expect(segment.rawPayload.length % 188).toBe(0);
    // Over a real connection too, as a browser fetches it: the answer streams to its end.
    const overHttp = await fetch(`${t.url}${segmentUrl}`, {
      headers: { cookie: (session.owner as Session).cookie },
    });
    expect(overHttp.status).toBe(200);
    expect(Buffer.from(await overHttp.arrayBuffer()).equals(segment.rawPayload)).toBe(true);
  }, 60_000);

  it('works only for the session and user that started it, and only while the caller is a member', async () => {
    expect((await fetchAs('ownerElsewhere', segmentUrl)).statusCode).toBe(403);
    expect((await fetchAs('guest', segmentUrl)).statusCode).toBe(403);
    expect((await fetchAs('outsider', segmentUrl)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: segmentUrl })).statusCode).toBe(401);
  });

  it('refuses a URL changed by hand, one whose signature expired, and a file of another kind of view', async () => {
    const other = segmentUrl.replace(/\/(\d+)\.ts\?/, (_m, n) => `/${Number(n) - 1}.ts?`);
    expect((await fetchAs('owner', other)).statusCode).toBe(403);
    const sequence = /\/(\d+)\.ts\?/.exec(segmentUrl)?.[1] ?? '0';
    const expired = `${base()}/media/${view.id}/${sequence}.ts?${signedQuery(view.id, `${sequence}.ts`, Math.floor(Date.now() / 1000) - 1)}`;
    const refused = await fetchAs('owner', expired);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This video link has expired or is not valid. Start the view again.');
    const farFuture = Math.floor(Date.now() / 1000) + 600;
    const playback = `${base()}/media/${view.id}/playback.m3u8?${signedQuery(view.id, 'playback.m3u8', farFuture)}`;
    expect((await fetchAs('owner', playback)).statusCode).toBe(404);
    const unknownKey = `${segmentUrl}&extra=1`;
    expect((await fetchAs('owner', unknownKey)).statusCode).toBe(400);
  });

  it('serves snapshots of the camera on the same terms', async () => {
    const snapshot = await fetchAs('owner', `${view.snapshot_url}&t=1`);
    expect(snapshot.statusCode).toBe(200);
    expect(snapshot.headers['content-type']).toBe('image/png');
    expect((await fetchAs('guest', view.snapshot_url)).statusCode).toBe(403);
  });

  it('stops working once the view was idle too long, and once its viewer ends it', async () => {
    await t.database.db.execute(
      sql`UPDATE video_access SET last_seen_at = now() - interval '5 minutes' WHERE id = ${view.id}`,
    );
    expect((await fetchAs('owner', view.playlist_url)).json().message).toBe(
      'This view has ended. Start it again.',
    );

    const again = await start('owner', 'cam-2', { kind: 'live', stream: 'sub' });
    const second = again.json();
    expect((await fetchAs('owner', second.playlist_url)).statusCode).toBe(200);
    expect((await call('guest', 'DELETE', `/views/${second.id}`)).statusCode).toBe(404);
    expect((await call('owner', 'DELETE', `/views/${second.id}`)).statusCode).toBe(204);
    expect((await fetchAs('owner', second.playlist_url)).statusCode).toBe(403);
  });

  it('is refused to a member removed from the cloud, even with a URL that was signed for them', async () => {
    const started = await start('leaver', 'cam-2', { kind: 'live', stream: 'sub' });
    expect(started.statusCode).toBe(201);
    const url = started.json().playlist_url as string;
    expect((await fetchAs('leaver', url)).statusCode).toBe(200);
    await t.database.db.execute(
      sql`DELETE FROM memberships WHERE user_id = ${users.leaver?.id ?? 0} AND cloud_id = ${cloudId}`,
    );
    expect((await fetchAs('leaver', url)).statusCode).toBe(404);
  });
});

describe('starting a view', () => {
  it('refuses bad input with a 400, and an unknown camera with a 404', async () => {
    const past = (s: number) => new Date(Date.now() - s * 1000).toISOString();
    const bad: object[] = [
      { kind: 'playback', stream: 'main' },
      { kind: 'playback', stream: 'main', from: past(60), to: new Date(Date.now() + 60_000).toISOString() },
      { kind: 'playback', stream: 'main', from: past(30), to: past(60) },
      { kind: 'playback', stream: 'main', from: past(8 * 3600), to: past(60) },
      { kind: 'live', stream: 'main', from: past(60) },
      { kind: 'live', stream: 'main', extra: true },
      { kind: 'export', stream: 'main' },
      { kind: 'live', stream: '4k' },
    ];
    for (const body of bad)
      expect((await call('owner', 'POST', '/cameras/cam-2/views', body)).statusCode).toBe(400);
    expect(
      (await call('owner', 'POST', '/cameras/cam%2F..%2F1/views', { kind: 'live', stream: 'sub' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('owner', 'POST', '/cameras/cam-9/views', { kind: 'live', stream: 'sub' })).statusCode,
    ).toBe(404);
  });
});

describe('recorded footage', () => {
  it('plays a range as a VOD playlist dated by the recorder, and reaches no segment outside it', async () => {
    const to = Date.now() - 30_000;
    const from = to - 20_000;
    const response = await start('owner', 'cam-2', {
      kind: 'playback',
      stream: 'sub',
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const view = response.json();
    const playlist = await fetchAs('owner', view.playlist_url);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist.body).toContain('#EXT-X-ENDLIST');
    expect(playlist.body).toMatch(/#EXT-X-PROGRAM-DATE-TIME:\d{4}-\d\d-\d\dT/);
    const uris = playlist.body.split('\n').filter((line) => line.startsWith('/apiv2/'));
    expect(uris).toHaveLength(11);
    expect((await fetchAs('owner', uris[0] ?? '')).statusCode).toBe(200);
    // A segment of live footage, signed for this view, is still not part of its range.
    const now = `${Math.floor(Date.now() / 2000) - 2}.ts`;
    const outside = `${base()}/media/${view.id}/${now}?${signedQuery(view.id, now, Math.floor(Date.now() / 1000) + 60)}`;
    expect((await fetchAs('owner', outside)).statusCode).toBe(404);
  });
});

describe('exporting a clip', () => {
  const range = (seconds: number) => {
    const to = Date.now() - 60_000;
    return { from: new Date(to - seconds * 1000).toISOString(), to: new Date(to).toISOString() };
  };

  it('refuses clips shorter than 5 s or longer than 1 h', async () => {
    for (const seconds of [4, 3601]) {
      const response = await call('owner', 'POST', '/cameras/cam-2/exports', {
        stream: 'sub',
        ...range(seconds),
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it('answers a short-lived download URL that gives the clip as a file, to its own session only', async () => {
    const response = await call('owner', 'POST', '/cameras/cam-2/exports', { stream: 'sub', ...range(10) });
    expect(response.statusCode, response.body).toBe(201);
    const clip = response.json();
    expect(clip.file_name).toMatch(/^Yard-NVR_Camera-02_\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.ts$/);
    expect(Date.parse(clip.expires_at) - Date.now()).toBeLessThanOrEqual(120_000);
    expect((await fetchAs('ownerElsewhere', clip.download_url)).statusCode).toBe(403);
    const file = await fetchAs('owner', clip.download_url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="Camera-02_.+\.ts"$/);
    expect(file.rawPayload[0]).toBe(0x47);
    expect(file.rawPayload.length).toBe(Number(file.headers['content-length']));
  });
});

describe('the video access log', () => {
  it('lists who watched and exported which camera, when and for how long, a page at a time', async () => {
    const page = await call('owner', 'GET', '/video-access?limit=100');
    expect(page.statusCode).toBe(200);
    const { items, total } = page.json();
    expect(total).toBe(items.length);
    expect(new Set(items.map((item: { kind: string }) => item.kind))).toEqual(
      new Set(['live', 'playback', 'export']),
    );
    const exported = items.find((item: { kind: string }) => item.kind === 'export');
    expect(exported).toMatchObject({
      camera_id: 'cam-2',
      camera_name: 'Camera 02',
      stream: 'sub',
      duration_s: 10,
      open: false,
      user: { id: users.owner?.id, email: users.owner?.email },
    });
    const ended = items.find((item: { kind: string; open: boolean }) => item.kind === 'live' && !item.open);
    expect(ended).toBeDefined();
    const first = await call('owner', 'GET', '/video-access?limit=1');
    expect(first.json().items).toHaveLength(1);
    expect(first.json().items[0].id).toBe(items[0].id);
    expect((await call('owner', 'GET', '/video-access?limit=1&offset=1')).json().items[0].id).toBe(
      items[1].id,
    );
    expect((await call('owner', 'GET', '/video-access?limit=0')).statusCode).toBe(400);
  });
});
