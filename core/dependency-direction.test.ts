// Imports point down (docs/architecture.md): core imports neither the server nor the web app, the server
// does not import the web app, and the simulator talks to the console over HTTP only. Inside the web app,
// a feature offers what others may use through its index.ts, features do not import the shell, and the
// platform imports neither. The entry (web/main.tsx) and web/app, with the router, are the composition root:
// they import page modules directly, so that each page stays a chunk of its own.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|tsx)$/.test(name) && !name.includes('node_modules'))
    .map((name) => join(folder, name));
}

const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)'(\.[^']*)'/g;

/** The files (from the repository root) a file's relative imports reach, and their top-level folders. */
function importedFolders(file: string, text = readFileSync(join(ROOT, file), 'utf8')) {
  return [...text.matchAll(IMPORT)].map((match) => {
    const specifier = match[1] ?? '';
    const target = relative(ROOT, resolve(ROOT, dirname(file), specifier))
      .split(/[\\/]/)
      .join('/');
    return { specifier, target, folder: target.split('/')[0] ?? '' };
  });
}

function violations(
  folder: string,
  forbidden: readonly string[],
  skip: (file: string) => boolean = () => false,
) {
  return sourceFiles(folder)
    .filter((file) => !skip(file))
    .flatMap((file) =>
      importedFolders(file)
        .filter((imported) => forbidden.includes(imported.folder))
        .map((imported) => `${file} imports ${imported.specifier}`),
    );
}

/** The feature a web file belongs to (web/features/<name>/...), or null. */
function featureOf(path: string): string | null {
  const [web, features, name, ...rest] = path.split('/');
  return web === 'web' && features === 'features' && name !== undefined && rest.length > 0 ? name : null;
}

/** What a web file may not import: another feature other than by its index.ts, and up the layers. */
function webRefusal(file: string, target: string): string | null {
  const own = featureOf(file);
  const feature = featureOf(target);
  // The shell's tests mount real pages of the features, to prove the frame and the pages work together.
  const shellTest = file.startsWith('web/shell/') && /\.test\.tsx?$/.test(file);
  if (feature !== null && feature !== own && target !== `web/features/${feature}/index.ts` && !shellTest)
    return `another feature's internals (import web/features/${feature}/index.ts)`;
  if (own !== null && target.startsWith('web/shell/')) return 'the shell, from a feature';
  if (file.startsWith('web/platform/') && (feature !== null || target.startsWith('web/shell/')))
    return 'a feature or the shell, from the platform';
  return null;
}

/** Every refused import of the web app: a feature's tests too, which may reach into their own feature only. */
function webViolations(files = sourceFiles('web'), text?: (file: string) => string) {
  return files
    .filter((file) => !file.startsWith('web/app/') && file !== 'web/main.tsx')
    .flatMap((file) =>
      importedFolders(file, text?.(file)).flatMap(({ specifier, target }) => {
        const refusal = webRefusal(file, target);
        return refusal === null ? [] : [`${file} imports ${specifier}: ${refusal}`];
      }),
    );
}

describe('dependency direction', () => {
  it('core imports nothing from the server, the web app or the simulator', () => {
    expect(violations('core', ['server', 'web', 'sim'])).toEqual([]);
  });

  it('the server imports nothing from the web app', () => {
    expect(violations('server', ['web'])).toEqual([]);
  });

  it('the simulator imports nothing from the server or the web app outside its tests', () => {
    expect(violations('sim', ['server', 'web'], (file) => file.endsWith('.test.ts'))).toEqual([]);
  });

  it('a web file imports another feature only through its index.ts; features never import the shell, the platform neither', () => {
    expect(webViolations()).toEqual([]);
  });

  it('names each refused web import', () => {
    const files: Record<string, string> = {
      'web/features/sites/pages/a.tsx': [
        'import { b } from ' + "'../../devices/components/b.tsx';",
        'import { c } from ' + "'../../devices/index.ts';",
        'import { d } from ' + "'../components/d.tsx';",
        'import { e } from ' + "'../../../shell/e.ts';",
      ].join('\n'),
      'web/shell/f.tsx': 'import { g } from ' + "'../features/news/api/g.ts';",
      'web/platform/h.test.tsx': 'import { i } from ' + "'../features/auth/index.ts';",
      'web/shell/k.test.tsx': 'import { l } from ' + "'../features/devices/pages/l.tsx';",
      'web/app/router.tsx': 'const page = import(' + "'../features/devices/pages/j.tsx');",
    };
    expect(webViolations(Object.keys(files), (file) => files[file] ?? '')).toEqual([
      "web/features/sites/pages/a.tsx imports ../../devices/components/b.tsx: another feature's internals (import web/features/devices/index.ts)",
      'web/features/sites/pages/a.tsx imports ../../../shell/e.ts: the shell, from a feature',
      "web/shell/f.tsx imports ../features/news/api/g.ts: another feature's internals (import web/features/news/index.ts)",
      'web/platform/h.test.tsx imports ../features/auth/index.ts: a feature or the shell, from the platform',
    ]);
  });

  it('sees static, multi-line, side-effect and dynamic imports', () => {
    const text = [
      // Split so that this file's own text holds no such import.
      'import { a } from ' + "'../web/a.ts';",
      'import {\n  b,\n} from ' + "'../server/b.ts';",
      'import ' + "'../sim/c.ts';",
      'const d = await import(' + "'../web/d.ts');",
      'import { e } from ' + "'./e.ts';",
    ].join('\n');
    expect(importedFolders('core/x.ts', text).map((found) => found.folder)).toEqual([
      'web',
      'server',
      'sim',
      'web',
      'core',
    ]);
  });
});
