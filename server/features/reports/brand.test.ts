// @vitest-environment node
// The logo a report's PDF carries (docs/reports.md#formats): the theme's, read from the built web app or a
// data: address and never fetched, or a vpc cloud's brand's; anything unreadable leaves none.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudBrands } from '../../db/schema/cloud-brands.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createCloud } from '../../test/factories.ts';
import { pdfLogo, reportBrand, themeLogo } from './brand.ts';

/** A 1×1 PNG image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

let root: string;
let t: TestApp;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'report-brand-'));
  await mkdir(join(root, 'web', 'media'), { recursive: true });
  await writeFile(join(root, 'web', 'media', 'logo.png'), PNG);
  await writeFile(join(root, 'web', 'logo.svg'), `<?xml version="1.0"?>\n${SVG}`);
  await writeFile(join(root, 'web', 'notes.txt'), 'not an image');
  await writeFile(join(root, 'secret.png'), PNG);
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

describe("the theme's logo", () => {
  const web = () => join(root, 'web');

  it('is read from the built web app, as the web app loads it', async () => {
    expect(await themeLogo('/media/logo.png?v=2', web())).toEqual({
      image: `data:image/png;base64,${PNG.toString('base64')}`,
    });
    expect(await themeLogo('/logo.svg', web())).toEqual({ svg: `<?xml version="1.0"?>\n${SVG}` });
  });

  it('is read from a data: address', async () => {
    expect(await themeLogo(`data:image/png;base64,${PNG.toString('base64')}`, web())).toEqual({
      image: `data:image/png;base64,${PNG.toString('base64')}`,
    });
    expect(await themeLogo(`data:image/svg+xml,${encodeURIComponent(SVG)}`, web())).toEqual({ svg: SVG });
  });

  it('is none for another site, a file outside the web app, a missing file or one that is no image', async () => {
    expect(await themeLogo(null, web())).toBeNull();
    expect(await themeLogo('https://cdn.example.com/logo.png', web())).toBeNull();
    expect(await themeLogo('//cdn.example.com/logo.png', web())).toBeNull();
    expect(await themeLogo('/../secret.png', web())).toBeNull();
    expect(await themeLogo('/%2e%2e/secret.png', web())).toBeNull();
    expect(await themeLogo('/media/missing.png', web())).toBeNull();
    expect(await themeLogo('/media', web())).toBeNull();
    expect(await themeLogo('/notes.txt', web())).toBeNull();
    expect(await themeLogo('data:image/png;base64,bm90IGFuIGltYWdl', web())).toBeNull();
  });

  it('is told apart by its content', () => {
    expect(pdfLogo(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toEqual({
      image: 'data:image/jpeg;base64,/9j/4AAQ',
    });
    expect(pdfLogo(Buffer.from('<html><svg></svg></html>'))).toBeNull();
    expect(pdfLogo(Buffer.alloc(0))).toBeNull();
  });
});

describe("a cloud's reports", () => {
  const theme = () => ({
    productName: 'Test Console',
    logoUrl: '/media/logo.png',
    webRoot: join(root, 'web'),
  });

  it("carry the theme's name and logo, or a vpc cloud's brand", async () => {
    const { db } = t.database;
    const plain = await createCloud(db, { planType: 'intro' });
    const branded = await createCloud(db, { planType: 'vpc' });
    const brandedNoLogo = await createCloud(db, { planType: 'vpc' });
    await db.insert(cloudBrands).values([
      // A brand left on a cloud that is no longer on the vpc plan does not apply.
      { cloudId: plain.id, productName: 'Old Brand', logoType: 'image/svg+xml', logoData: Buffer.from(SVG) },
      {
        cloudId: branded.id,
        productName: 'Summit Cloud',
        logoType: 'image/svg+xml',
        logoData: Buffer.from(SVG),
      },
      { cloudId: brandedNoLogo.id, productName: 'Valley Cloud' },
    ]);
    const themeLogoNode = { image: `data:image/png;base64,${PNG.toString('base64')}` };
    expect(await reportBrand(db, plain.id, theme())).toEqual({
      productName: 'Test Console',
      logo: themeLogoNode,
    });
    expect(await reportBrand(db, branded.id, theme())).toEqual({
      productName: 'Summit Cloud',
      logo: { svg: SVG },
    });
    // A brand without a logo shows none, as its console does.
    expect(await reportBrand(db, brandedNoLogo.id, theme())).toEqual({
      productName: 'Valley Cloud',
      logo: null,
    });
    expect(await reportBrand(db, branded.id, theme(), false)).toEqual({
      productName: 'Summit Cloud',
      logo: null,
    });
  });
});
