// docs/floor-maps.md: the owner adds a floor to a demo site, uploads its plan, places a device on it and
// drags it, and finds it there after a reload; the page is axe-clean at 1440 and 375 px.
import { deflateSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, startSession } from './support/console.ts';

type Named = { id: number; name: string };

async function siteId(page: Page, cloudId: number, name: string): Promise<number> {
  const response = await page.request.get(`/apiv2/cloud/${cloudId}/sites?limit=100`);
  expect(response.ok()).toBe(true);
  const site = ((await response.json()).items as Named[]).find((one) => one.name === name);
  if (!site) throw new Error(`no site ${name}`);
  return site.id;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A plan as a real PNG: a light floor 400 by 240 pixels with a darker wall across its middle. */
function planPng(width = 400, height = 240): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    rows.fill(Math.abs(y - height / 2) < 3 ? 90 : 235, y * (width + 1) + 1, (y + 1) * (width + 1));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('the owner uploads a plan, places a device on it and finds it there after a reload', async ({
  page,
}) => {
  const cloudId = await startSession(page, 'owner@demo.example', 1440);
  const site = await siteId(page, cloudId, 'Sunset Clinic');
  const floorName = `Level ${Date.now() % 100_000}`;
  await page.goto(`/site/${site}/floor-maps`);
  await expect(page.getByRole('heading', { level: 1, name: 'Floor Maps' })).toBeVisible();

  await page.getByRole('button', { name: 'Add floor' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Floor name').fill(floorName);
  await dialog.getByRole('button', { name: 'Add floor' }).click();
  await expect(page.getByRole('tab', { name: floorName })).toHaveAttribute('aria-selected', 'true');

  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'level.png', mimeType: 'image/png', buffer: planPng() });
  const plan = page.getByRole('group', { name: `Plan of ${floorName} with its devices` });
  await expect(plan.getByRole('img', { name: `Plan of ${floorName}` })).toBeVisible();
  await expect
    .poll(() => plan.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(400);

  // The first device not on this floor, placed in the middle of the plan, then dragged to its left part.
  const place = page
    .getByRole('region', { name: 'Not on this floor' })
    .getByRole('button', { name: /^Place / });
  const label = (await place.first().getAttribute('aria-label')) ?? '';
  const name = label.replace(/^Place (.+) on this floor$/, '$1');
  await place.first().click();
  const icon = plan.getByRole('button', { name: new RegExp(`^${name}, `) });
  await expect(icon).toBeVisible();
  await expect(page.getByText(`${name} placed on ${floorName}`)).toBeVisible();
  const box = await plan.boundingBox();
  if (!box) throw new Error('the plan is not drawn');
  await icon.hover();
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.4, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByText(`${name} moved`)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.reload();
  await page.getByRole('tab', { name: floorName }).click();
  const after = page.getByRole('group', { name: `Plan of ${floorName} with its devices` });
  const moved = after.getByRole('button', { name: new RegExp(`^${name}, `) });
  await expect(moved).toBeVisible();
  // Where it was dragged to: about 30 % across the plan, not in its middle where it was placed.
  const [planBox, iconBox] = [await after.boundingBox(), await moved.boundingBox()];
  if (!planBox || !iconBox) throw new Error('the plan is not drawn');
  const across = (iconBox.x + iconBox.width / 2 - planBox.x) / planBox.width;
  expect(across).toBeGreaterThan(0.25);
  expect(across).toBeLessThan(0.35);
  await expect(page.getByRole('region', { name: 'On this floor' }).getByRole('link', { name })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(moved).toBeVisible();
  await expectNoAxeViolations(page);
});
