// The project explains itself from docs/ (docs/README.md): every `docs/<file>.md#<section>` a source file or
// document cites must exist, and nothing cites a document the repository does not hold.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectFiles, PROJECT_ROOT as ROOT } from './project-files.ts';

const DIRECTORIES = ['.ci', 'bench', 'core', 'docs', 'e2e', 'locales', 'scripts', 'server', 'sim', 'web'];
const TEXT = /\.(ts|tsx|mjs|js|css|md|json|sh)$|^run$/;

const files = [...projectFiles(DIRECTORIES, TEXT), 'README.md', 'package.json'];
const text = new Map(files.map((file) => [file, readFileSync(join(ROOT, file), 'utf8')]));

/** A heading's anchor as GitHub writes it: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const anchors = new Map(
  files
    .filter((file) => file.startsWith('docs/') && file.endsWith('.md'))
    .map((file) => [
      file,
      new Set(
        [...(text.get(file) ?? '').matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1] ?? '')),
      ),
    ]),
);

/** What a citation points at that does not exist, or null. */
function missing(file: string, anchor: string | undefined): string | null {
  const headings = anchors.get(file);
  if (!headings) return `${file} does not exist`;
  if (anchor !== undefined && !headings.has(anchor)) return `${file} has no section #${anchor}`;
  return null;
}

describe('citations of the documents', () => {
  it('point at a document of docs/ and at one of its sections', () => {
    const broken: string[] = [];
    for (const [file, content] of text) {
      for (const match of content.matchAll(/\bdocs\/([a-z0-9-]+\.md)(?:#([a-z0-9-]+))?/g)) {
        const problem = missing(`docs/${match[1]}`, match[2]);
        if (problem) broken.push(`${file}: ${problem}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('between documents of docs/ lead to a document and section that exist', () => {
    const broken: string[] = [];
    for (const [file] of anchors) {
      for (const match of (text.get(file) ?? '').matchAll(
        /\]\((?:\.\/)?([a-z0-9-]+\.md)?(?:#([a-z0-9-]+))?\)/g,
      )) {
        const target = match[1] ? `docs/${match[1]}` : file;
        const problem = missing(target, match[2]);
        if (problem) broken.push(`${file}: ${problem}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('never name a document the repository does not hold', () => {
    const outside = [...text]
      .filter(([file]) => file !== relative(ROOT, import.meta.filename))
      .flatMap(([file, content]) => (/\b(SPEC|DESIGN)(\.md)? §|\.\.\/shared\//.test(content) ? [file] : []));
    expect(outside).toEqual([]);
  });
});
