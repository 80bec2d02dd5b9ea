// Watching a recorder's cameras (docs/streaming.md): the numbers the recorder's media service, the console's
// media path and the Streaming page share, and the pure rules over them.

/** Seconds of video in one HLS segment. */
export const SEGMENT_S = 2;
/** Segments a live playlist lists: the newest finished ones. */
export const LIVE_WINDOW_SEGMENTS = 4;
/** Shortest and longest clip export. */
export const CLIP_MIN_S = 5;
export const CLIP_MAX_S = 60 * 60;
/** Longest range of recorded footage played at once. */
export const PLAYBACK_MAX_S = 6 * 60 * 60;
/** How far back recorded footage may be asked for (the simulated recorders keep this much). */
export const FOOTAGE_DAYS = 30;
/** A view's signed URLs stop working this long after the view's last request. */
export const VIEW_IDLE_S = 90;
/** ... and this long after the view started, whatever happens. */
export const VIEW_MAX_S = 12 * 60 * 60;
/** Lifetime of a signed segment or snapshot URL from the moment the console signed it (live views). */
export const SEGMENT_URL_TTL_S = 120;
/** Lifetime of a clip's download URL. */
export const EXPORT_URL_TTL_S = 120;
/** How often the page fetches a new snapshot when it shows snapshots rather than video. */
export const SNAPSHOT_REFRESH_MS = 1000;
/** The grid's layouts: cameras at once. */
export const GRID_SIZES = [1, 4, 9] as const;
export type GridSize = (typeof GRID_SIZES)[number];

export const VIEW_KINDS = ['live', 'playback', 'export'] as const;
export type ViewKind = (typeof VIEW_KINDS)[number];
export const STREAMS = ['main', 'sub'] as const;
export type StreamName = (typeof STREAMS)[number];
export const CODECS = ['h264', 'h265'] as const;
export type Codec = (typeof CODECS)[number];

/** The MediaSource type a browser is asked about for each codec (docs/streaming.md#codecs). */
export const CODEC_MIME: Readonly<Record<Codec, string>> = {
  h264: 'video/mp4; codecs="avc1.42E01E"',
  h265: 'video/mp4; codecs="hvc1.1.6.L93.B0"',
};

/** Absolute segment number of an instant: segments are numbered from the Unix epoch, SEGMENT_S apart. */
export const segmentAt = (ms: number) => Math.floor(ms / (SEGMENT_S * 1000));
/** When a segment starts. */
export const segmentStart = (sequence: number) => sequence * SEGMENT_S * 1000;

/** Why a range is refused (docs/streaming.md#playback, docs/streaming.md#export). */
export type RangeProblem =
  | 'missing'
  | 'order'
  | 'too_short'
  | 'too_long'
  | 'too_long_playback'
  | 'future'
  | 'too_old';

/** The server's words for each problem; the web app says them in the viewer's language. */
export const RANGE_PROBLEM_TEXT: Readonly<Record<RangeProblem, string>> = {
  missing: 'The range needs a start and an end.',
  order: 'The range ends after it starts.',
  too_short: `A clip lasts at least ${CLIP_MIN_S} seconds.`,
  too_long: `A clip lasts at most ${CLIP_MAX_S / 60} minutes.`,
  too_long_playback: `Recorded footage plays at most ${PLAYBACK_MAX_S / 3600} hours at once.`,
  future: 'The range ends in the future: footage is not recorded yet.',
  too_old: `The recorder keeps footage for ${FOOTAGE_DAYS} days.`,
};

/** Why a clip's range is refused, or null when it may be exported. */
export function clipRangeProblem(fromMs: number, toMs: number, nowMs: number): RangeProblem | null {
  if (!Number.isFinite(fromMs) || !Number.isFinite(toMs)) return 'missing';
  const seconds = (toMs - fromMs) / 1000;
  if (seconds < CLIP_MIN_S) return 'too_short';
  if (seconds > CLIP_MAX_S) return 'too_long';
  return footageProblem(fromMs, toMs, nowMs);
}

/** Why a range of recorded footage is refused for playback, or null. */
export function playbackRangeProblem(fromMs: number, toMs: number, nowMs: number): RangeProblem | null {
  if (!Number.isFinite(fromMs) || !Number.isFinite(toMs)) return 'missing';
  if (toMs <= fromMs) return 'order';
  if ((toMs - fromMs) / 1000 > PLAYBACK_MAX_S) return 'too_long_playback';
  return footageProblem(fromMs, toMs, nowMs);
}

function footageProblem(fromMs: number, toMs: number, nowMs: number): RangeProblem | null {
  if (toMs > nowMs) return 'future';
  if (fromMs < nowMs - FOOTAGE_DAYS * 86_400_000) return 'too_old';
  return null;
}
