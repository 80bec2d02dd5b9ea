// docs/vpc.md: the owner of a vpc demo cloud brands it, watching the preview follow the unsaved values,
// and the sign-in page opened on the brand's host name shows the brand; the page is axe-clean at 1440 and
// 375 px. The brand's host name reaches this server through Chromium's host resolver, so the server sees
// it in the Host header as a customer's browser would send it.
import { chromium, expect, type Page, test } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../scripts/chromium.ts';
import { expectNoAxeViolations, startSession } from './support/console.ts';

const HOST = 'brand.test';
const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40">' +
  '<rect width="120" height="40" rx="6" fill="#0a5c36"/><circle cx="20" cy="20" r="10" fill="#fff"/></svg>';

async function cloudId(page: Page, name: string): Promise<number> {
  const me = await (await page.request.get('/apiv2/auth/me')).json();
  const membership = (me.memberships as { cloud_id: number; cloud_name: string }[]).find(
    (one) => one.cloud_name === name,
  );
  if (!membership) throw new Error(`no cloud ${name}`);
  return membership.cloud_id;
}

test("the owner brands a vpc cloud and its host name's sign-in page shows the brand", async ({ page }) => {
  await startSession(page, 'owner@demo.example', 1440);
  const id = await cloudId(page, 'Airport Logistics');
  await page.goto(`/cloud/${id}/vpc`);
  await expect(page.getByRole('heading', { level: 1, name: 'VPC' })).toBeVisible();

  const preview = page.getByRole('region', { name: 'Preview' });
  await page.getByLabel('Product name').fill('Airport Cloud');
  await page.getByLabel('Host name').fill('Brand.Test');
  await page.getByLabel('Primary colour', { exact: true }).fill('#0a5c36');
  await page.getByLabel('Sign-in page text').fill('Cargo partners sign in here.');
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(LOGO),
    });
  // Before saving, the preview shows the chosen logo (the unit test checks the rest of the preview).
  await expect
    .poll(() =>
      preview
        .locator('img')
        .first()
        .evaluate((image: HTMLImageElement) => image.naturalWidth),
    )
    .toBe(120);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Save brand' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Brand saved.' })).toBeVisible();
  await expect(page.getByLabel('Host name')).toHaveValue('brand.test');
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page);

  // A customer's browser, where brand.test leads to this server.
  const port = new URL(test.info().project.use.baseURL ?? '').port;
  const browser = await chromium.launch({
    ...CHROMIUM_LAUNCH,
    args: [...CHROMIUM_LAUNCH.args, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  });
  try {
    const customer = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await customer.goto(`http://${HOST}:${port}/welcome/login`);
    await expect(customer.getByRole('heading', { level: 1, name: 'Airport Cloud' })).toBeVisible();
    await expect(customer.getByText('Cargo partners sign in here.')).toBeVisible();
    await expect
      .poll(() => customer.locator('main img').evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(120);
    await expect(customer).toHaveTitle(/Airport Cloud/);
    await expectNoAxeViolations(customer);
  } finally {
    await browser.close();
  }
});
