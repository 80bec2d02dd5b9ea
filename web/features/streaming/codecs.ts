// Which stream a browser plays (docs/streaming.md#codecs): the one asked for when the browser can decode its
// codec, else the sub stream, else snapshots; each fallback is said on the page.
import { CODEC_MIME, type Codec, type StreamName } from '../../../core/streaming.ts';

type StreamInfo = { codec: Codec } | null;
export type PlayChoice =
  | { stream: StreamName; fallback: null | 'sub' }
  | { stream: null; fallback: 'snapshots' };

/** A stream the recorder has not described is taken as H.264, the codec every camera offers. */
const codecOf = (info: StreamInfo): Codec => info?.codec ?? 'h264';

export function choosePlay(
  camera: { main: StreamInfo; sub: StreamInfo },
  wanted: StreamName,
  supports: (codec: Codec) => boolean,
): PlayChoice {
  if (supports(codecOf(camera[wanted]))) return { stream: wanted, fallback: null };
  if (wanted === 'main' && supports(codecOf(camera.sub))) return { stream: 'sub', fallback: 'sub' };
  return { stream: null, fallback: 'snapshots' };
}

/** Whether this browser decodes the codec: through MediaSource (hls.js), or natively with HLS (Safari). */
export function browserSupports(codec: Codec): boolean {
  const mime = CODEC_MIME[codec];
  if (typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(mime)) return true;
  if (typeof document === 'undefined') return false;
  const video = document.createElement('video');
  return video.canPlayType('application/vnd.apple.mpegurl') !== '' && video.canPlayType(mime) !== '';
}
