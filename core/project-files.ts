// The project's own files, for the tests that read the whole project (core/docs-citations.test.ts,
// core/spelling.test.ts): every file under the given folders whose name matches, without installed
// packages or build output, as paths from the repository's root.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export const PROJECT_ROOT = join(import.meta.dirname, '..');

export function projectFiles(directories: readonly string[], name: RegExp): string[] {
  const under = (directory: string): string[] =>
    readdirSync(join(PROJECT_ROOT, directory), { withFileTypes: true }).flatMap((entry) => {
      // Installed, built and generated files are not the project's own writing.
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'generated') return [];
      const path = `${directory}/${entry.name}`;
      if (entry.isDirectory()) return under(path);
      return name.test(entry.name) ? [path] : [];
    });
  return directories.flatMap(under);
}
