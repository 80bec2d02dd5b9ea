// The players of the streams benchmark, in their own process: each stream reloads its live playlist every
// segment's length and fetches every segment it has not fetched yet, as hls.js does, for a number of
// seconds; then prints one JSON line with the time each playlist and segment took to its last byte.
//   node bench/streams-load.ts '{"playlists":["http://.../live.m3u8?..."],"cookie":"sid=...","seconds":30}'
import { performance } from 'node:perf_hooks';

type Options = { playlists: string[]; cookie: string; seconds: number; segmentS: number };
const options = JSON.parse(process.argv[2] ?? '{}') as Options;
const headers = options.cookie ? { cookie: options.cookie } : undefined;
const until = Date.now() + options.seconds * 1000;
const result = { playlistMs: [] as number[], segmentMs: [] as number[], segmentBytes: 0, failures: 0 };

async function timed(url: string): Promise<{ ms: number; body: Uint8Array } | null> {
  const started = performance.now();
  try {
    const response = await fetch(url, { headers });
    const body = new Uint8Array(await response.arrayBuffer());
    if (!response.ok) throw new Error(String(response.status));
    return { ms: performance.now() - started, body };
  } catch {
    result.failures += 1;
    return null;
  }
}

async function play(playlist: string) {
  const fetched = new Set<string>();
  while (Date.now() < until) {
    const began = Date.now();
    const answer = await timed(playlist);
    if (answer) {
      result.playlistMs.push(answer.ms);
      const uris = new TextDecoder()
        .decode(answer.body)
        .split('\n')
        .filter((line) => line !== '' && !line.startsWith('#'));
      // The first load fetches the newest segment only, as a player joining live does.
      const fresh =
        fetched.size === 0 ? uris.slice(-1) : uris.filter((uri) => !fetched.has(uri.split('?')[0] ?? ''));
      for (const uri of fresh) {
        fetched.add(uri.split('?')[0] ?? '');
        const segment = await timed(new URL(uri, playlist).toString());
        if (!segment) continue;
        result.segmentMs.push(segment.ms);
        result.segmentBytes += segment.body.length;
      }
    }
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, options.segmentS * 1000 - (Date.now() - began))),
    );
  }
}

await Promise.all(options.playlists.map(play));
process.stdout.write(`${JSON.stringify(result)}\n`);
