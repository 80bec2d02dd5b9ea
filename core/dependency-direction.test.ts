// Imports point down (docs/architecture.md): core imports neither the server nor the web app, the server
// does not import the web app, and the simulator talks to the console over HTTP only.
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

/** The top-level folders a file's relative imports reach. */
function importedFolders(file: string, text = readFileSync(join(ROOT, file), 'utf8')) {
  return [...text.matchAll(IMPORT)].map((match) => {
    const specifier = match[1] ?? '';
    const target = relative(ROOT, resolve(ROOT, dirname(file), specifier));
    return { specifier, folder: target.split(/[\\/]/)[0] ?? '' };
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
