// The simulated recorder's media service (docs/streaming.md#the-recorders-media-service), reached only through
// its tunnel: per camera a short test pattern with a burnt-in clock and the camera's name, encoded once with
// ffmpeg into a cache directory, served as live HLS (a sliding playlist over the looped segments), as
// recorded footage for a time range (a VOD playlist with EXT-X-PROGRAM-DATE-TIME) and as a clip file.
// Without ffmpeg it serves snapshots it draws itself.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Codec,
  clipRangeProblem,
  FOOTAGE_DAYS,
  LIVE_WINDOW_SEGMENTS,
  playbackRangeProblem,
  RANGE_PROBLEM_TEXT,
  SEGMENT_S,
  type StreamName,
  segmentAt,
  segmentStart,
} from '../core/streaming.ts';
import { drawSnapshot } from './snapshot.ts';
import { shiftTimestamps } from './ts-shift.ts';

/** Segments in one loop of the test pattern: the loop lasts LOOP_SEGMENTS * SEGMENT_S seconds. */
export const LOOP_SEGMENTS = 4;
const FRAME_RATE = 10;
/** Bumped when the encoding changes, so caches of an older one are not used. */
const ENCODING_VERSION = 1;

export type StreamSpec = { codec: Codec; width: number; height: number };
/** A camera as the media service needs it; a stream the camera model does not describe gets the default. */
export type MediaCamera = { id: string; name: string; main?: StreamSpec; sub?: StreamSpec };
const DEFAULT_STREAMS: Record<StreamName, StreamSpec> = {
  main: { codec: 'h264', width: 1920, height: 1080 },
  sub: { codec: 'h264', width: 640, height: 360 },
};

export type MediaRequest = { method: string; path: string; headers: Record<string, string> };
export type MediaResponse = {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array | AsyncIterable<Uint8Array>;
};

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const SEGMENT_TYPE = 'video/mp2t';

const text = (status: number, body: string, type = 'text/plain; charset=utf-8'): MediaResponse => ({
  status,
  headers: { 'content-type': type, 'cache-control': 'no-store' },
  body: Buffer.from(body),
});
const json = (status: number, body: object) => text(status, JSON.stringify(body), 'application/json');
const problem = (status: number, error: string) => json(status, { error });

/** Segment `sequence` of the looped pattern, its timestamps carried on past the loops before it. */
const segmentOf = (segments: readonly Buffer[], sequence: number) =>
  shiftTimestamps(
    segments[sequence % LOOP_SEGMENTS] ?? Buffer.alloc(0),
    Math.floor(sequence / LOOP_SEGMENTS) * LOOP_SEGMENTS * SEGMENT_S * 90_000,
  );

/** The live playlist at an instant: the newest LIVE_WINDOW_SEGMENTS finished segments. */
export function livePlaylist(nowMs: number): string {
  const last = segmentAt(nowMs) - 1;
  return playlist(last - LIVE_WINDOW_SEGMENTS + 1, last, false);
}

/** The recorded footage of a range: every segment that overlaps it, then the end of the list. */
export function playbackPlaylist(fromMs: number, toMs: number): string {
  return playlist(segmentAt(fromMs), segmentAt(toMs - 1), true);
}

/**
 * Segments first..last, each named by its absolute number. The pattern loops, but each segment is served
 * with its timestamps moved on by the loops before it (segmentOf), so the stream runs on without a break.
 */
function playlist(first: number, last: number, ended: boolean): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${SEGMENT_S}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
  ];
  if (ended) lines.push('#EXT-X-PLAYLIST-TYPE:VOD');
  for (let sequence = first; sequence <= last; sequence++) {
    if (sequence % LOOP_SEGMENTS === 0 || sequence === first)
      lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(segmentStart(sequence)).toISOString()}`);
    lines.push(`#EXTINF:${SEGMENT_S.toFixed(3)},`, `segments/${sequence}.ts`);
  }
  if (ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/** Whether ffmpeg runs here; SIM_FFMPEG names another binary, or 0 to go without. */
export function findFfmpeg(environment: NodeJS.ProcessEnv = process.env): string | null {
  const named = environment.SIM_FFMPEG;
  if (named === '0') return null;
  const binary = named || 'ffmpeg';
  const probe = spawnSync(binary, ['-hide_banner', '-version'], { stdio: 'ignore', timeout: 10_000 });
  return probe.status === 0 ? binary : null;
}

export type MediaServiceOptions = {
  /** Where encoded patterns are kept between runs. */
  cacheDir: string;
  /** The ffmpeg binary; null serves snapshots only. */
  ffmpeg: string | null;
  now?: () => number;
};

export function createMediaService(options: MediaServiceOptions) {
  const now = options.now ?? Date.now;
  /** Loaded segments per pattern, and encodes under way: each pattern is encoded once. */
  const patterns = new Map<string, Promise<Buffer[]>>();
  /** Encodes run one after another, so a 2-core machine stays usable. */
  let queue: Promise<unknown> = Promise.resolve();

  function keyOf(camera: MediaCamera, spec: StreamSpec): string {
    const hash = createHash('sha256')
      .update(JSON.stringify([ENCODING_VERSION, camera.name, spec]))
      .digest('hex')
      .slice(0, 16);
    return `${spec.codec}-${spec.width}x${spec.height}-${hash}`;
  }

  async function encode(ffmpeg: string, camera: MediaCamera, spec: StreamSpec, dir: string): Promise<void> {
    const work = `${dir}.${process.pid}-${randomBytes(4).toString('hex')}`;
    await mkdir(work, { recursive: true });
    const fontSize = Math.max(12, Math.round(spec.height / 14));
    const label = camera.name.replace(/[^A-Za-z0-9 _.-]/g, ' ');
    const kbps = Math.max(100, Math.round((spec.width * spec.height) / 2600));
    const gop = FRAME_RATE * SEGMENT_S;
    const codec =
      spec.codec === 'h265'
        ? [
            '-c:v',
            'libx265',
            '-preset',
            'ultrafast',
            '-x265-params',
            `log-level=error:keyint=${gop}:min-keyint=${gop}`,
          ]
        : [
            '-c:v',
            'libx264',
            '-preset',
            'ultrafast',
            '-profile:v',
            'baseline',
            '-g',
            `${gop}`,
            '-keyint_min',
            `${gop}`,
          ];
    const args = [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${spec.width}x${spec.height}:rate=${FRAME_RATE}:duration=${LOOP_SEGMENTS * SEGMENT_S}`,
      '-vf',
      `drawtext=text='${label}   %{pts\\:hms}':fontsize=${fontSize}:fontcolor=white:box=1:boxcolor=black@0.6:x=${fontSize}:y=${fontSize}`,
      ...codec,
      '-pix_fmt',
      'yuv420p',
      '-sc_threshold',
      '0',
      '-b:v',
      `${kbps}k`,
      '-threads',
      '2',
      '-f',
      'hls',
      '-hls_time',
      `${SEGMENT_S}`,
      '-hls_list_size',
      '0',
      '-hls_segment_filename',
      join(work, '%d.ts'),
      join(work, 'index.m3u8'),
    ];
    const status = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
      let errors = '';
      child.stderr.on('data', (data: Buffer) => {
        errors = (errors + data.toString()).slice(-2000);
      });
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(code) : reject(new Error(`ffmpeg: ${errors}`))));
    });
    if (status !== 0) throw new Error('ffmpeg failed');
    try {
      await rename(work, dir);
    } catch {
      // Another simulator encoded the same pattern meanwhile: its copy is as good.
      await rm(work, { recursive: true, force: true });
    }
  }

  async function load(dir: string): Promise<Buffer[] | null> {
    try {
      return await Promise.all(
        Array.from({ length: LOOP_SEGMENTS }, (_, n) => readFile(join(dir, `${n}.ts`))),
      );
    } catch {
      return null;
    }
  }

  /** The pattern's looped segments, encoded on first use (or taken from the cache directory). */
  function segmentsOf(camera: MediaCamera, stream: StreamName): Promise<Buffer[]> {
    const spec = camera[stream] ?? DEFAULT_STREAMS[stream];
    const key = keyOf(camera, spec);
    const known = patterns.get(key);
    if (known) return known;
    const dir = join(options.cacheDir, key);
    const ffmpeg = options.ffmpeg;
    const loading = (async () => {
      const cached = await load(dir);
      if (cached) return cached;
      if (!ffmpeg) throw new Error('no ffmpeg');
      const encoded = queue.then(() => encode(ffmpeg, camera, spec, dir));
      queue = encoded.catch(() => undefined);
      await encoded;
      const segments = await load(dir);
      if (!segments) throw new Error(`ffmpeg left no segments in ${dir}`);
      return segments;
    })();
    patterns.set(key, loading);
    loading.catch(() => patterns.delete(key));
    return loading;
  }

  /** Encodes every camera's streams ahead of the first viewer: sub streams first, then main ones. */
  async function prepare(cameras: readonly MediaCamera[]): Promise<void> {
    if (!options.ffmpeg) return;
    for (const stream of ['sub', 'main'] as const)
      for (const camera of cameras) await segmentsOf(camera, stream).catch(() => undefined);
  }

  const range = (query: URLSearchParams) => ({
    fromMs: Date.parse(query.get('from') ?? ''),
    toMs: Date.parse(query.get('to') ?? ''),
  });

  /** Answers one request of the console through the tunnel. */
  async function handle(
    device: { cameras: readonly MediaCamera[] },
    request: MediaRequest,
  ): Promise<MediaResponse> {
    if (request.method !== 'GET') return problem(405, 'Only GET is served.');
    const url = new URL(request.path, 'http://recorder.invalid');
    if (url.pathname === '/status')
      return json(200, {
        video: options.ffmpeg !== null,
        segment_s: SEGMENT_S,
        footage_days: FOOTAGE_DAYS,
        cameras: device.cameras.map((camera) => camera.id),
      });
    const match =
      /^\/cameras\/([^/]+)\/(main|sub)\/(live\.m3u8|playback\.m3u8|clip\.ts|snapshot\.png|segments\/(\d{1,15})\.ts)$/.exec(
        url.pathname,
      );
    if (!match) return problem(404, 'No such media.');
    const [, cameraId, streamName, file, sequenceText] = match;
    const camera = device.cameras.find((candidate) => candidate.id === decodeURIComponent(cameraId ?? ''));
    if (!camera) return problem(404, 'No such camera.');
    const stream = streamName as StreamName;
    const nowMs = now();
    if (file === 'snapshot.png') {
      const spec = camera.sub ?? DEFAULT_STREAMS.sub;
      const width = Math.min(640, spec.width);
      const height = Math.round((width * spec.height) / spec.width);
      return {
        status: 200,
        headers: { 'content-type': 'image/png', 'cache-control': 'no-store' },
        body: drawSnapshot(camera.name, new Date(nowMs), width, height),
      };
    }
    if (!options.ffmpeg) return problem(503, 'This recorder serves snapshots only.');
    if (file === 'live.m3u8') {
      // The pattern is ready before the first playlist names its segments.
      await segmentsOf(camera, stream);
      return text(200, livePlaylist(nowMs), PLAYLIST_TYPE);
    }
    const { fromMs, toMs } = range(url.searchParams);
    if (file === 'playback.m3u8') {
      const refused = playbackRangeProblem(fromMs, toMs, nowMs);
      if (refused) return problem(400, RANGE_PROBLEM_TEXT[refused]);
      await segmentsOf(camera, stream);
      return text(200, playbackPlaylist(fromMs, toMs), PLAYLIST_TYPE);
    }
    const segments = await segmentsOf(camera, stream);
    if (file === 'clip.ts') {
      const refused = clipRangeProblem(fromMs, toMs, nowMs);
      if (refused) return problem(400, RANGE_PROBLEM_TEXT[refused]);
      const first = segmentAt(fromMs);
      const last = segmentAt(toMs - 1);
      return {
        status: 200,
        headers: {
          'content-type': SEGMENT_TYPE,
          'content-length': String(
            Array.from(
              { length: last - first + 1 },
              (_, n) => segments[(first + n) % LOOP_SEGMENTS]?.length ?? 0,
            ).reduce((sum, size) => sum + size, 0),
          ),
        },
        body: (async function* () {
          for (let sequence = first; sequence <= last; sequence++) yield segmentOf(segments, sequence);
        })(),
      };
    }
    const sequence = Number(sequenceText);
    const newest = segmentAt(nowMs) - 1;
    const oldest = segmentAt(nowMs - FOOTAGE_DAYS * 86_400_000);
    if (sequence > newest || sequence < oldest) return problem(404, 'No footage for that time.');
    return {
      status: 200,
      headers: { 'content-type': SEGMENT_TYPE, 'cache-control': 'private, max-age=3600' },
      body: segmentOf(segments, sequence),
    };
  }

  return { handle, prepare };
}

export type MediaService = ReturnType<typeof createMediaService>;

/** The simulator's own media service: its cache under SIM_MEDIA_DIR, or the system's temporary directory. */
export function defaultMediaService(environment: NodeJS.ProcessEnv = process.env): MediaService {
  return createMediaService({
    cacheDir: environment.SIM_MEDIA_DIR || join(tmpdir(), 'network-console-sim-media'),
    ffmpeg: findFfmpeg(environment),
  });
}
