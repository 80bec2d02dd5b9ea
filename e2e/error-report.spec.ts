import { type Browser, expect, type Route, test } from '@playwright/test';
import {
  answer,
  expectNoAxeViolations,
  LICENSE_STATUS,
  logIn,
  logInThroughForm,
  TEXT,
  toast,
} from './support/console.ts';

test.describe('script errors and the report dialog', () => {
  test('a window error and an unhandled rejection show the generic text', async ({ page }) => {
    await logIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e window error');
      }, 0);
    });
    await expect(toast(page)).toContainText(TEXT.generic);
    await toast(page).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.evaluate(() => {
      void Promise.reject(new Error('e2e rejection'));
    });
    await expect(toast(page)).toContainText(TEXT.generic);
  });

  test('the report is shown, submitted and stored for platform administrators', async ({ page, browser }) => {
    await page.route(LICENSE_STATUS, answer(418, { message: "I'm a teapot" }));
    await logInThroughForm(page);
    await toast(page).getByRole('button', { name: 'Report Error...' }).click();
    const dialog = page.getByRole('dialog', { name: 'Page Script Error' });
    await expect(dialog.getByText(TEXT.reportQuestion)).toBeVisible();
    await expect(dialog.getByText('This is what will be submitted:')).toBeVisible();
    const payload = JSON.parse((await dialog.getByLabel('Error report').textContent()) ?? '{}');
    expect(payload.context.user).toBe('guest@demo.example');
    expect(payload.context.httpRequest.url).toMatch(/\/cloud\/1\/dashboard$/);
    expect(payload.message).toContain("I'm a teapot (HTTP 418)");
    const submit = dialog.getByRole('button', { name: 'Report Error', exact: true });
    await submit.click();
    await expect(dialog.getByText('Error successfully reported. Thank you.')).toBeVisible();
    await expect(submit).toBeDisabled();
    expect(await storedReportMessages(browser)).toContainEqual(
      expect.stringContaining("I'm a teapot (HTTP 418)"),
    );
  });

  test('a report that cannot be sent says so and can be sent again', async ({ page }) => {
    await page.route(LICENSE_STATUS, answer(418, {}));
    await page.route('**/apiv2/error-reports', answer(500, { message: 'Sorry', incidentId: 'x' }));
    await logInThroughForm(page);
    await toast(page).getByRole('button', { name: 'Report Error...' }).click();
    const dialog = page.getByRole('dialog', { name: 'Page Script Error' });
    const submit = dialog.getByRole('button', { name: 'Report Error', exact: true });
    await submit.click();
    await expect(dialog.getByText('Oops. Something went wrong.')).toBeVisible();
    await expect(submit).toBeEnabled();
    await page.unroute('**/apiv2/error-reports');
    await submit.click();
    await expect(dialog.getByText('Error successfully reported. Thank you.')).toBeVisible();
  });

  test('a page whose code cannot load shows the critical error page with a way back', async ({ page }) => {
    await logIn(page);
    await page.route('**/assets/devices-list-page-*.js', (route) => route.abort('failed'));
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Devices' })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'This page could not be displayed' }),
    ).toBeVisible();
    await expect(page.getByText(TEXT.generic)).toBeVisible();
    await page.unroute('**/assets/devices-list-page-*.js');
    await page.getByRole('link', { name: 'Go to the cloud dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });
});

test('the progress bar runs while a slow call is under way', async ({ page }) => {
  // The plan notices' call and the dashboard's are held until the page has been checked, however slow the
  // machine, so axe always sees the loading state: the bar and the dashboard's placeholders.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const hold = async (route: Route) => {
    await released;
    await route.continue();
  };
  await page.route(LICENSE_STATUS, hold);
  await page.route('**/apiv2/cloud/*/dashboard?*', hold);
  await logIn(page);
  const bar = page.getByRole('progressbar', { name: 'Loading progress' });
  await expect(bar).toBeVisible();
  const busy = page.locator('main [aria-busy="true"]');
  await expect(busy.locator('.MuiSkeleton-root').first()).toBeVisible();
  // The bar sits outside the page's landmarks: it brings its own. The placeholders are hidden from
  // assistive technology.
  await expectNoAxeViolations(page);
  release();
  await expect(bar).toBeHidden();
  await expect(busy).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Devices' })).toBeVisible();
});

/** The messages of the stored reports, read as the platform administrator. */
async function storedReportMessages(browser: Browser): Promise<string[]> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await logIn(admin, 'sysadmin@demo.example');
  const response = await admin.request.get('/apiv2/error-reports?limit=100');
  expect(response.status()).toBe(200);
  const { reports } = (await response.json()) as { reports: { report: { message: string } }[] };
  await context.close();
  return reports.map((entry) => entry.report.message);
}
