// What the first script of every page is made of: the web app is built with source maps into a
// temporary directory, and the entry chunk's minified bytes are attributed, by its source map, to the
// package (or the console's own code) they come from; each part's brotli size is measured alone.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';

const ownerOf = (source: string) =>
  /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1] ??
  (/(^|\/)core\//.test(source) ? 'the console: core/' : 'the console: web/');

export async function runEntryParts(): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'entry-parts-'));
  try {
    execFileSync('npx', [
      'vite',
      'build',
      '--sourcemap',
      '--outDir',
      out,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ]);
    const assets = join(out, 'assets');
    const file = readdirSync(assets).find((name) => /^index-.*\.js$/.test(name));
    if (!file) throw new Error('the build has no entry chunk');
    const lines = readFileSync(join(assets, file), 'utf8').split('\n');
    const map = JSON.parse(readFileSync(join(assets, `${file}.map`), 'utf8')) as {
      sources: string[];
      mappings: string;
    };
    const parts = new Map<string, string[]>();
    let mapped = 0;
    decode(map.mappings).forEach((segments, line) => {
      const text = lines[line] ?? '';
      segments.forEach(([column, source], index) => {
        if (source === undefined) return;
        const piece = text.slice(column, segments[index + 1]?.[0] ?? text.length);
        const owner = ownerOf(map.sources[source] ?? '');
        parts.set(owner, [...(parts.get(owner) ?? []), piece]);
        mapped += piece.length;
      });
    });
    const whole = lines.join('\n');
    const kB = (bytes: number) => (bytes / 1024).toFixed(1);
    const brotli = (text: string) => brotliCompressSync(Buffer.from(text)).length;
    console.log(`entry ${file}: ${kB(whole.length)} kB minified, ${kB(brotli(whole))} kB brotli`);
    console.log('| part | minified kB | brotli kB, alone |\n|---|---|---|');
    const rows = [...parts].map(([owner, pieces]) => [owner, pieces.join('')] as const);
    rows.sort((a, b) => b[1].length - a[1].length);
    for (const [owner, text] of rows.slice(0, 12))
      console.log(`| ${owner} | ${kB(text.length)} | ${kB(brotli(text))} |`);
    console.log(`| no source (data the build inlines) | ${kB(whole.length - mapped)} | |`);
    stackFloor(join(out, 'floor'), kB, brotli);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The floor: the least an app of the pinned stack sends (bench/stack-floor/main.tsx), built the same way. */
function stackFloor(out: string, kB: (bytes: number) => string, brotli: (text: string) => number) {
  const config = new URL('stack-floor/vite.config.ts', import.meta.url).pathname;
  execFileSync('npx', ['vite', 'build', '--config', config, '--outDir', out, '--logLevel', 'error']);
  const scripts = readdirSync(join(out, 'assets')).filter((name) => name.endsWith('.js'));
  const texts = scripts.map((name) => readFileSync(join(out, 'assets', name), 'utf8'));
  const minified = texts.reduce((sum, text) => sum + text.length, 0);
  const compressed = texts.reduce((sum, text) => sum + brotli(text), 0);
  console.log(
    `floor, the stack alone (bench/stack-floor): ${kB(minified)} kB minified, ${kB(compressed)} kB brotli in ${scripts.length} file(s)`,
  );
}
