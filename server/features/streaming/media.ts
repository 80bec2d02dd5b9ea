// The recorder's media as the console passes it on (docs/streaming.md#the-media-path): fetched through the
// recorder's media tunnel, playlists rewritten so every URI is a signed URL of the console's own, nothing
// of the recorder's (its address least of all) reaching the browser.
import type { Database } from '../../db/connect.ts';
import { errors } from '../../errors.ts';
import {
  mediaTunnel,
  type TunnelAnswer,
  TunnelUnavailableError,
  tunnelRequest,
} from '../tunnels/transport.ts';

/** Largest playlist or status answer the console reads from a recorder. */
const TEXT_MAX_BYTES = 4_000_000;

/** The tags a playlist keeps; any other (a key or map naming a URI of the recorder's) is left out. */
const KEPT_TAGS = [
  '#EXTM3U',
  '#EXT-X-VERSION:',
  '#EXT-X-TARGETDURATION:',
  '#EXT-X-MEDIA-SEQUENCE:',
  '#EXT-X-DISCONTINUITY-SEQUENCE:',
  '#EXT-X-PLAYLIST-TYPE:',
  '#EXT-X-DISCONTINUITY',
  '#EXT-X-PROGRAM-DATE-TIME:',
  '#EXT-X-INDEPENDENT-SEGMENTS',
  '#EXTINF:',
  '#EXT-X-ENDLIST',
];

/**
 * The playlist with each segment's URI replaced by the console's signed URL for it; null when it names
 * anything but the recorder's own numbered segments (an absolute URL, another path).
 */
export function rewritePlaylist(playlist: string, signedUrl: (sequence: number) => string): string | null {
  const lines: string[] = [];
  for (const raw of playlist.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('#')) {
      if (KEPT_TAGS.some((tag) => line === tag || (tag.endsWith(':') && line.startsWith(tag))))
        lines.push(line);
      continue;
    }
    const segment = /^segments\/(\d{1,15})\.ts$/.exec(line);
    if (!segment) return null;
    lines.push(signedUrl(Number(segment[1])));
  }
  if (lines[0] !== '#EXTM3U') return null;
  return `${lines.join('\n')}\n`;
}

/** The answer a viewer gets when the recorder cannot be reached. */
function unreachable(error: unknown): never {
  if (error instanceof TunnelUnavailableError)
    throw errors.unavailable(
      error.reason === 'offline'
        ? 'The recorder is offline.'
        : 'The recorder cannot be reached right now. Try again in a moment.',
    );
  throw error;
}

/** Asks the recorder's media service for one path, through its media tunnel. */
export async function recorderGet(
  db: Database,
  recorder: { id: number; cloudId: number },
  path: string,
  signal?: AbortSignal,
): Promise<TunnelAnswer> {
  try {
    const tunnelId = await mediaTunnel(db, recorder);
    return await tunnelRequest(tunnelId, { method: 'GET', path, headers: {} }, signal);
  } catch (error) {
    return unreachable(error);
  }
}

/** Largest segment or snapshot the console reads from a recorder (a segment of a 4K stream is far less). */
export const FILE_MAX_BYTES = 32_000_000;

/** The whole of an answer's body, refused past `limit` bytes. */
export async function readAll(body: ReadableStream<Uint8Array>, limit = FILE_MAX_BYTES): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const part of body) {
    size += part.length;
    if (size > limit) {
      await body.cancel().catch(() => undefined);
      throw errors.unavailable('The recorder answered more than the console reads.');
    }
    parts.push(part);
  }
  return Buffer.concat(parts);
}

export const readText = async (body: ReadableStream<Uint8Array>) =>
  (await readAll(body, TEXT_MAX_BYTES)).toString('utf8');

/** Whether the recorder serves video, or snapshots only (docs/streaming.md#snapshots). */
export async function recorderServesVideo(
  db: Database,
  recorder: { id: number; cloudId: number },
): Promise<boolean> {
  const answer = await recorderGet(db, recorder, '/status');
  const text = await readText(answer.body);
  if (answer.status !== 200) return false;
  try {
    return (JSON.parse(text) as { video?: unknown }).video === true;
  } catch {
    return false;
  }
}
