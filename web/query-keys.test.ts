// Query keys come only from the features' key factories (web/features/*/api/keys.ts): a key written out
// anywhere else can drift from the factory's, and the refresh it was meant for stops without any test
// noticing. A test may make up a query of its own, so test files are not read.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = import.meta.dirname;

/** Lines that write a query key out, or read a key's parts by position. */
const LITERAL_KEY = [
  /queryKey:\s*\[/,
  /\.(?:getQueryData|setQueryData|getQueryState|getQueriesData|setQueriesData)\(\s*\[/,
  /queryKey\[\d/,
];

function literalKeys(source: string): number[] {
  return source
    .split('\n')
    .flatMap((line, index) => (LITERAL_KEY.some((pattern) => pattern.test(line)) ? [index + 1] : []));
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const isFactory = (path: string) => /^features\/[^/]+\/api\/keys\.ts$/.test(relative(WEB, path));

describe('query keys', () => {
  it('are written out nowhere in the web app but the key factories', () => {
    const found = sources(WEB)
      .filter((path) => !isFactory(path))
      .flatMap((path) =>
        literalKeys(readFileSync(path, 'utf8')).map((line) => `${relative(WEB, path)}:${line}`),
      );
    expect(found).toEqual([]);
  });

  it('are found written out as a query option, a cache read or a part read by position', () => {
    const source = [
      "useQuery({ queryKey: ['devices', 'list', cloudId], queryFn })",
      "queryClient.invalidateQueries({ queryKey: ['devices'] })",
      "queryClient.setQueryData(['tasks', 'recent', 3], list)",
      "predicate: (query) => query.queryKey[3] !== ''",
      'useQuery({ queryKey: devicesKeys.list(cloudId, params), queryFn })',
    ].join('\n');
    expect(literalKeys(source)).toEqual([1, 2, 3, 4]);
  });

  it('have a factory in every feature that makes queries', () => {
    const features = readdirSync(join(WEB, 'features'));
    const querying = features.filter((feature) =>
      sources(join(WEB, 'features', feature)).some((path) =>
        readFileSync(path, 'utf8').includes('queryKey:'),
      ),
    );
    expect(querying.length).toBeGreaterThan(0);
    const lacking = querying.filter((feature) => !sources(join(WEB, 'features', feature)).some(isFactory));
    expect(lacking).toEqual([]);
  });
});
