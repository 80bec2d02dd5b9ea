// docs/guest-access.md#captive-portals and #the-voucher-page: the owner designs a captive portal and previews
// it at phone and desktop width; a guest on a phone, with no session, redeems a demo voucher at the demo's
// test NAS (127.0.0.1) and is handed to the NAS's login address with the credentials. Axe at 375 and 1440 px.
import { deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, startSession } from './support/console.ts';

/** A small real PNG: a square of one colour. */
function squarePng(size = 48): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc((size + 1) * size, 120);
  for (let y = 0; y < size; y++) rows[y * (size + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('the owner designs a portal and previews it at phone and desktop width', async ({ page }) => {
  const cloudId = await startSession(page, 'owner@demo.example', 1440);
  const name = `Rooftop Bar ${Date.now() % 100_000}`;
  await page.goto(`/v2/cloud/${cloudId}/authport/captive-portals`);
  await expect(page.getByRole('heading', { level: 1, name: 'AuthPort Captive Portals' })).toBeVisible();
  // The demo's portal is listed with its site.
  await expect(page.getByRole('list', { name: 'Captive portals' })).toContainText(
    'Hotel Bayview guest Wi-Fi',
  );

  await page.getByRole('button', { name: 'New portal' }).click();
  const designer = page.getByRole('form', { name: 'Portal settings' });
  await designer.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await designer.getByRole('combobox', { name: 'Site' }).fill('Hotel Bayview');
  await page.getByRole('option', { name: 'Hotel Bayview' }).click();
  await designer.getByLabel('SSID').fill('Rooftop');
  await designer.getByRole('textbox', { name: 'Button colour', exact: true }).fill('#6a1b9a');

  await designer.getByRole('combobox', { name: 'Language of the texts' }).click();
  await page.getByRole('option', { name: /^Magyar/ }).click();
  await designer.getByLabel('Welcome text').fill('Üdvözöljük a tetőteraszon');
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText('Üdvözöljük a tetőteraszon');
  await designer.getByRole('combobox', { name: 'Language of the texts' }).click();
  await page.getByRole('option', { name: /^English/ }).click();
  await designer.getByLabel('Welcome text').fill('Welcome to the rooftop');
  await designer.getByLabel('Terms of use').fill('Drinks stay on the terrace.');

  await designer.getByRole('checkbox', { name: 'Accept the terms' }).check();
  await expect(designer.getByRole('button', { name: 'Save' })).toBeDisabled();
  await designer.getByRole('combobox', { name: 'Free plan' }).click();
  await page.getByRole('option', { name: 'Free 30 minutes' }).click();
  await designer.getByLabel('Walled garden').fill('rooftop.example\n*.menu.example');

  // The preview draws the portal as guests see it, at a phone's width and at the panel's.
  await expect(preview).toContainText(name);
  await expect(preview).toContainText('Welcome to the rooftop');
  await expect(preview.getByRole('button', { name: 'Accept and connect' })).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Connect', exact: true })).toHaveCSS(
    'background-color',
    'rgb(106, 27, 154)',
  );
  const frame = page.getByTestId('portal-preview');
  expect((await frame.boundingBox())?.width).toBe(375);
  await preview.getByRole('button', { name: 'Desktop' }).click();
  await expect(frame).toHaveAttribute('data-width', 'desktop');
  expect((await frame.boundingBox())?.width).toBeGreaterThan(500);

  await designer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Portal "${name}" saved.`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Captive portals' })).toContainText(name);

  // A logo, once saved, shows in the preview.
  await designer.locator('input[type="file"]').first().setInputFiles({
    name: 'rooftop.png',
    mimeType: 'image/png',
    buffer: squarePng(),
  });
  await expect(designer).toContainText('rooftop.png');
  await expect
    .poll(() => preview.getByRole('img', { name }).evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(48);
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 375, height: 812 });
  await preview.getByRole('button', { name: 'Phone' }).click();
  await expect(frame).toHaveAttribute('data-width', 'phone');
  await expectNoAxeViolations(page);
});

test('a guest on a phone redeems a demo voucher and is handed to the NAS with its credentials', async ({
  browser,
}) => {
  // A fresh browser: no session, no cookie of the console.
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'en-US' });
  const page = await context.newPage();
  const handed: string[] = [];
  // The NAS's login address (Coova-Chilli's uamport), answered here as the access point would.
  await page.route('http://127.0.0.1:3990/**', async (route) => {
    handed.push(route.request().url());
    await route.fulfill({ contentType: 'text/html', body: '<title>Logged in</title><p>You are online.</p>' });
  });

  await page.goto('/voucher');
  await expect(
    page.getByRole('heading', { level: 1, name: "This page is opened by the Wi-Fi network's sign-in" }),
  ).toBeVisible();
  await expect(page.getByRole('link')).toHaveCount(0);

  await page.goto(
    '/voucher?nas=127.0.0.1&mac=02:00:5e:10:20:30&uamip=127.0.0.1&uamport=3990&userurl=http%3A%2F%2Fexample.com%2F',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Hotel Bayview guest Wi-Fi' })).toBeVisible();
  await expect(page).toHaveTitle('Hotel Bayview guest Wi-Fi');
  await expect(page.getByRole('link')).toHaveCount(0);
  await expectNoAxeViolations(page);

  const voucher = page.getByRole('form', { name: 'Connect with a voucher' });
  await voucher.getByLabel('Voucher code').fill('NOPE-0000');
  await voucher.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('alert')).toHaveText('This code is not known. Check it and try again.');

  // The guest's language among the seven, switched on the page.
  await page.getByLabel('Language').selectOption('hu');
  await expect(page.getByRole('form', { name: 'Csatlakozás utalvánnyal' })).toBeVisible();
  await page.getByLabel('Nyelv').selectOption('en');

  await voucher.getByLabel('Voucher code').fill('demo-0004');
  await voucher.getByRole('button', { name: 'Connect' }).click();
  await expect(page).toHaveTitle('Logged in');
  expect(handed).toHaveLength(1);
  const url = new URL(handed[0] as string);
  expect(url.pathname).toBe('/logon');
  expect(Object.fromEntries(url.searchParams)).toEqual({
    username: 'DEMO-0004',
    password: 'DEMO-0004',
    userurl: 'https://bayviewhotel.example/welcome',
  });
  await context.close();
});

test('the voucher page is axe-clean at desktop width', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/voucher?nas=127.0.0.1&mac=02:00:5e:10:20:31');
  await expect(page.getByRole('heading', { level: 1, name: 'Hotel Bayview guest Wi-Fi' })).toBeVisible();
  await expectNoAxeViolations(page);
  await context.close();
});
