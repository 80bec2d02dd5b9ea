import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LIVE_WINDOW_SEGMENTS, SEGMENT_S } from '../core/streaming.ts';
import { createMediaService, findFfmpeg, LOOP_SEGMENTS, type MediaResponse } from './recorder-media.ts';
import { firstPts } from './ts-shift.ts';

const cacheDir = mkdtempSync(join(tmpdir(), 'sim-media-test-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

// A fixed instant 0.5 s into segment 900_000_123, so the expected numbers are exact.
const NOW = (900_000_123 * SEGMENT_S + 0.5) * 1000;
const iso = (ms: number) => new Date(ms).toISOString();
const camera = {
  id: 'cam-1',
  name: 'Camera 01',
  main: { codec: 'h264' as const, width: 320, height: 180 },
  sub: { codec: 'h264' as const, width: 160, height: 96 },
};
const device = { cameras: [camera] };
const ffmpeg = findFfmpeg();
const service = createMediaService({ cacheDir, ffmpeg, now: () => NOW });
const get = (path: string) => service.handle(device, { method: 'GET', path, headers: {} });

async function bytesOf(response: MediaResponse): Promise<Buffer> {
  if (response.body instanceof Uint8Array) return Buffer.from(response.body);
  const parts: Uint8Array[] = [];
  for await (const part of response.body) parts.push(part);
  return Buffer.concat(parts);
}
const textOf = async (response: MediaResponse) => (await bytesOf(response)).toString('utf8');
const segmentNames = (playlist: string) => playlist.split('\n').filter((line) => line.endsWith('.ts'));

describe('the recorder media service', () => {
  it('needs ffmpeg on this machine (.ci/run installs it)', () => {
    expect(ffmpeg).not.toBeNull();
  });

  it('lists the newest finished segments in a sliding live playlist, dated at each loop of the pattern', async () => {
    const response = await get('/cameras/cam-1/sub/live.m3u8');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const playlist = await textOf(response);
    const last = 900_000_122;
    const first = last - LIVE_WINDOW_SEGMENTS + 1;
    expect(segmentNames(playlist)).toEqual(
      Array.from({ length: LIVE_WINDOW_SEGMENTS }, (_, n) => `segments/${first + n}.ts`),
    );
    expect(playlist).toContain(`#EXT-X-MEDIA-SEQUENCE:${first}`);
    expect(playlist).not.toContain('#EXT-X-ENDLIST');
    // The stream runs on across the loop (the segments' timestamps carry on): no discontinuity.
    expect(playlist).not.toContain('#EXT-X-DISCONTINUITY');
    expect(playlist).toMatch(/#EXT-X-PROGRAM-DATE-TIME:[^\n]+\n#EXTINF:2\.000,\nsegments\/900000120\.ts/);
  });

  it('serves recorded footage of a range as a VOD playlist dated by EXT-X-PROGRAM-DATE-TIME', async () => {
    const from = NOW - 60_000;
    const to = NOW - 30_000;
    const response = await get(`/cameras/cam-1/main/playback.m3u8?from=${iso(from)}&to=${iso(to)}`);
    expect(response.status).toBe(200);
    const playlist = await textOf(response);
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    const names = segmentNames(playlist);
    expect(names).toHaveLength(30 / SEGMENT_S + 1);
    const firstSequence = Math.floor(from / (SEGMENT_S * 1000));
    expect(names[0]).toBe(`segments/${firstSequence}.ts`);
    expect(playlist).toContain(
      `#EXT-X-PROGRAM-DATE-TIME:${iso(firstSequence * SEGMENT_S * 1000)}\n#EXTINF:2.000,\nsegments/${firstSequence}.ts`,
    );
  });

  it('refuses a range in the future, one ending before it starts, and one longer than playback allows', async () => {
    const refused = [
      [NOW - 10_000, NOW + 10_000],
      [NOW - 10_000, NOW - 20_000],
      [NOW - 7 * 3600_000, NOW - 10_000],
    ];
    for (const [from, to] of refused) {
      const response = await get(
        `/cameras/cam-1/main/playback.m3u8?from=${iso(from ?? 0)}&to=${iso(to ?? 0)}`,
      );
      expect(response.status).toBe(400);
    }
    expect((await get('/cameras/cam-1/main/playback.m3u8?from=yesterday')).status).toBe(400);
  });

  it('serves each segment as MPEG-TS, the loop repeating with its time carried on, and nothing not yet recorded', async () => {
    const segment = await get('/cameras/cam-1/sub/segments/900000120.ts');
    expect(segment.status).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    const bytes = await bytesOf(segment);
    expect(bytes[0]).toBe(0x47);
    expect(bytes.length % 188).toBe(0);
    const oneLoopEarlier = await bytesOf(
      await get(`/cameras/cam-1/sub/segments/${900_000_120 - LOOP_SEGMENTS}.ts`),
    );
    expect(oneLoopEarlier.length).toBe(bytes.length);
    // One loop (8 s) earlier in time, to the tick of the 90 kHz clock; and the next segment 2 s on.
    expect((firstPts(bytes) ?? 0) - (firstPts(oneLoopEarlier) ?? 0)).toBe(LOOP_SEGMENTS * SEGMENT_S * 90_000);
    const next = await bytesOf(await get('/cameras/cam-1/sub/segments/900000121.ts'));
    expect((firstPts(next) ?? 0) - (firstPts(bytes) ?? 0)).toBe(SEGMENT_S * 90_000);
    expect((await get('/cameras/cam-1/sub/segments/900000123.ts')).status).toBe(404);
    // Each stream's pattern was encoded once into the cache directory, no work directory left behind.
    expect(readdirSync(cacheDir).sort()).toEqual([
      expect.stringMatching(/^h264-160x96-[0-9a-f]{16}$/),
      expect.stringMatching(/^h264-320x180-[0-9a-f]{16}$/),
    ]);
  });

  it('exports clips of 5 s to 1 h as one MPEG-TS file of whole segments', async () => {
    const to = NOW - 10_000;
    const tooShort = await get(`/cameras/cam-1/sub/clip.ts?from=${iso(to - 4_000)}&to=${iso(to)}`);
    expect(tooShort.status).toBe(400);
    expect(await textOf(tooShort)).toContain('at least 5 seconds');
    const tooLong = await get(`/cameras/cam-1/sub/clip.ts?from=${iso(to - 3601_000)}&to=${iso(to)}`);
    expect(tooLong.status).toBe(400);
    const shortest = await get(`/cameras/cam-1/sub/clip.ts?from=${iso(to - 5_000)}&to=${iso(to)}`);
    expect(shortest.status).toBe(200);
    const clip = await bytesOf(shortest);
    expect(clip.length).toBe(Number(shortest.headers['content-length']));
    const segment = await bytesOf(await get('/cameras/cam-1/sub/segments/900000120.ts'));
    // 5 s from a segment boundary minus 0.5 s: it touches 4 segments of 2 s.
    expect(clip.length).toBeGreaterThanOrEqual(3 * segment.length * 0.5);
    const longest = await get(`/cameras/cam-1/sub/clip.ts?from=${iso(to - 3600_000)}&to=${iso(to)}`);
    expect(longest.status).toBe(200);
    expect(Number(longest.headers['content-length'])).toBe((await bytesOf(longest)).length);
  });

  it('answers unknown cameras, paths and methods plainly', async () => {
    expect((await get('/cameras/cam-9/sub/live.m3u8')).status).toBe(404);
    expect((await get('/cameras/cam-1/other/live.m3u8')).status).toBe(404);
    expect((await get('/../../etc/passwd')).status).toBe(404);
    const posted = await service.handle(device, { method: 'POST', path: '/status', headers: {} });
    expect(posted.status).toBe(405);
    expect(JSON.parse(await textOf(await get('/status')))).toMatchObject({ video: true, cameras: ['cam-1'] });
  });

  it('without ffmpeg serves snapshots it draws itself and says it has no video', async () => {
    const stills = createMediaService({ cacheDir, ffmpeg: null, now: () => NOW });
    const ask = (path: string) => stills.handle(device, { method: 'GET', path, headers: {} });
    expect(JSON.parse(await textOf(await ask('/status')))).toMatchObject({ video: false });
    expect((await ask('/cameras/cam-1/main/live.m3u8')).status).toBe(503);
    const snapshot = await ask('/cameras/cam-1/main/snapshot.png');
    expect(snapshot.headers['content-type']).toBe('image/png');
    const png = await bytesOf(snapshot);
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    // The picture is the sub stream's size.
    expect(png.readUInt32BE(16)).toBe(160);
    expect(png.readUInt32BE(20)).toBe(96);
  });
});
