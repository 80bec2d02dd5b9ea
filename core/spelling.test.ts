// One spelling per name across the project (docs/architecture.md, Layout): "license", never "licence", and
// smart NVR as two words in names (smartNvr, SmartNvr, smart_nvr); "smartnvr" is only the family value and
// the addresses' segment. Other languages' words are their own.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectFiles, PROJECT_ROOT as ROOT } from './project-files.ts';

const OWN_WORDS = /^locales\/(?!en\.json)[^/]+\.json$/;
const sources = projectFiles(
  ['bench', 'core', 'docs', 'e2e', 'locales', 'scripts', 'server', 'sim', 'web'],
  /\.(ts|tsx|json|md)$/,
).filter((path) => !OWN_WORDS.test(path));

describe('one spelling per name', () => {
  it('writes license, never licence', () => {
    const file = 'core/spelling.test.ts';
    const found = sources.filter(
      (path) => path !== file && /licenc/i.test(readFileSync(join(ROOT, path), 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('writes smart NVR as two words in names', () => {
    const found = sources.flatMap((path) =>
      path === 'core/spelling.test.ts'
        ? []
        : [...readFileSync(join(ROOT, path), 'utf8').matchAll(/\b\w*(?:Smartnvr|smartnvr[A-Z])\w*/g)].map(
            (match) => `${path}: ${match[0]}`,
          ),
    );
    expect(found).toEqual([]);
  });
});
