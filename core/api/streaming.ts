// Streaming's calls (docs/streaming.md, docs/api.md#the-calls): starting a live view or a playback of a
// recorder's camera, exporting a clip, and the video access log.
import { type Static, type TSchema, Type } from 'typebox';
import { CODECS, STREAMS, VIEW_KINDS } from '../streaming.ts';
import { closed } from './closed.ts';
import { LIST_LIMIT_MAX, LIST_PAGE_SIZE, ListPage } from './list-query.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** The recorder's own id of a camera (docs/cameras.md). */
export const CameraId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._-]+$' });
const DateTime = Type.String({ format: 'date-time', maxLength: 40 });

export const RecorderParams = Type.Object({ cloudId: Id, smartNvrId: Id }, closed);
export const CameraParams = Type.Object({ cloudId: Id, smartNvrId: Id, cameraId: CameraId }, closed);
export const ViewParams = Type.Object({ cloudId: Id, smartNvrId: Id, viewId: Id }, closed);
/** A file of a view's media: its playlist, a segment by number, a snapshot, or an export's clip. */
export const MediaParams = Type.Object(
  {
    cloudId: Id,
    smartNvrId: Id,
    viewId: Id,
    file: Type.String({
      pattern: '^(live\\.m3u8|playback\\.m3u8|snapshot\\.png|clip\\.ts|[0-9]{1,15}\\.ts)$',
    }),
  },
  closed,
);
/** A signed URL's expiry (Unix seconds) and signature; t only makes a snapshot's URL new each time. */
export const MediaQuery = Type.Object(
  {
    exp: Type.Integer({ minimum: 0, maximum: 99_999_999_999 }),
    sig: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
    t: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  },
  closed,
);

export const StartViewBody = Type.Object(
  {
    kind: Type.Enum(['live', 'playback']),
    stream: Type.Enum(STREAMS),
    /** Recorded footage from and to (playback only). */
    from: Type.Optional(DateTime),
    to: Type.Optional(DateTime),
  },
  closed,
);
export type StartViewBody = Static<typeof StartViewBody>;

export const StreamInfo = Type.Object({
  codec: Type.Enum(CODECS),
  width: Type.Integer(),
  height: Type.Integer(),
});

export const StreamView = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(['live', 'playback']),
  stream: Type.Enum(STREAMS),
  /** video: the recorder serves HLS; snapshots: it serves still pictures only (docs/streaming.md#snapshots). */
  mode: Type.Enum(['video', 'snapshots']),
  /** The stream's codec and picture size as the recorder reports them; null while it has not said. */
  info: Nullable(StreamInfo),
  /** The signed playlist URL; null in snapshots mode. */
  playlist_url: Nullable(Type.String()),
  snapshot_url: Type.String(),
  from: Nullable(Type.String()),
  to: Nullable(Type.String()),
  /** The URLs stop working this many seconds after the view's last request. */
  idle_expiry_s: Type.Integer(),
});
export type StreamView = Static<typeof StreamView>;

export const ExportBody = Type.Object({ stream: Type.Enum(STREAMS), from: DateTime, to: DateTime }, closed);
export type ExportBody = Static<typeof ExportBody>;

export const ClipExport = Type.Object({
  id: Type.Integer(),
  /** A signed URL that downloads the clip as a file, valid for a short while. */
  download_url: Type.String(),
  file_name: Type.String(),
  expires_at: Type.String(),
});
export type ClipExport = Static<typeof ClipExport>;

export const VideoAccessQuery = Type.Object(
  {
    offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: LIST_LIMIT_MAX, default: LIST_PAGE_SIZE }),
  },
  closed,
);
export type VideoAccessQuery = Static<typeof VideoAccessQuery>;

export const VideoAccessEntry = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(VIEW_KINDS),
  stream: Type.Enum(STREAMS),
  camera_id: Type.String(),
  camera_name: Type.String(),
  user: Type.Object({ id: Nullable(Type.Integer()), email: Type.String(), name: Type.String() }),
  started_at: Type.String(),
  /** Seconds from the start to the view's last request (an export: the clip's length). */
  duration_s: Type.Integer(),
  /** Whether the view may still be running. */
  open: Type.Boolean(),
  range_from: Nullable(Type.String()),
  range_to: Nullable(Type.String()),
});
export type VideoAccessEntry = Static<typeof VideoAccessEntry>;
export const VideoAccessPage = ListPage(VideoAccessEntry);
export type VideoAccessPage = Static<typeof VideoAccessPage>;
