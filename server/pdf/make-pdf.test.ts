// @vitest-environment node
// The server's PDFs (docs/reports.md#formats): an SVG drawing in a document (a brand's uploaded logo) draws
// an image it carries as a data address, never one it names on this machine's disk.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from './make-pdf.ts';

/** A 1×1 PNG image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const drawing = (href: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><image href="${href}" width="20" height="20"/></svg>`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'make-pdf-'));
  await writeFile(join(dir, 'on-disk.png'), PNG);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('SVG drawings in a PDF', () => {
  it('draw an image carried as a data address, but not a file named on the disk', async () => {
    const carried = await makePdf({
      content: [{ svg: drawing(`data:image/png;base64,${PNG.toString('base64')}`) }],
    });
    expect(carried.subarray(0, 5).toString()).toBe('%PDF-');
    expect(carried.includes('/Subtype /Image')).toBe(true);

    const named = await makePdf({ content: [{ svg: drawing(join(dir, 'on-disk.png')) }] });
    expect(named.subarray(0, 5).toString()).toBe('%PDF-');
    expect(named.includes('/Subtype /Image')).toBe(false);
  });
});
