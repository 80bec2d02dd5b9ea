import { expect, test } from '@playwright/test';
import { answer, LICENSE_STATUS, logIn, TEXT, toast } from './support/console.ts';

test.describe('HTTP statuses as the user sees them', () => {
  for (const { status, body, text } of [
    { status: 429, body: { message: 'Too many requests. Try again later.' }, text: TEXT.tooMany },
    {
      status: 500,
      body: { message: 'Sorry', incidentId: 'e2e-incident-42' },
      text: `${TEXT.server} Incident ID [e2e-incident-42].`,
    },
    { status: 502, body: { message: 'Bad Gateway' }, text: TEXT.badGateway },
    { status: 503, body: { message: 'Service Unavailable' }, text: TEXT.unavailable },
  ]) {
    test(`${status} shows its text`, async ({ page }) => {
      await page.route(LICENSE_STATUS, answer(status, body));
      await logIn(page);
      await expect(toast(page)).toHaveText(text);
      await expect(page.getByRole('button', { name: 'Report Error...' })).toHaveCount(0);
    });
  }

  test("403 shows the server's message and opens the default cloud", async ({ page }) => {
    await page.route(LICENSE_STATUS, answer(403, { message: 'Only the billing team may see this.' }));
    await logIn(page);
    await expect(toast(page)).toContainText('Only the billing team may see this.');
    await page.unroute(LICENSE_STATUS);
    await page.goto('/v2/cloud/1/profile');
    await page.route(LICENSE_STATUS, answer(403, {}));
    await page.reload();
    await expect(toast(page)).toContainText(TEXT.forbidden);
    await page.unroute(LICENSE_STATUS);
    await page.getByRole('button', { name: 'Open default cloud' }).click();
    await expect(page).toHaveURL(/\/cloud\/1\/dashboard$/);
  });

  test("401 blocks the page with 'Login Session Expired' until it is reloaded", async ({ page }) => {
    await page.route(LICENSE_STATUS, answer(401, { message: 'Login required.' }));
    await logIn(page);
    const dialog = page.getByRole('dialog', { name: 'Login Session Expired' });
    await expect(dialog.getByText(TEXT.sessionExpired)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await page.unroute(LICENSE_STATUS);
    await dialog.getByRole('button', { name: 'Reload Page' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('any other status shows the generic text with Reload Page and Report Error...', async ({ page }) => {
    await page.route(LICENSE_STATUS, answer(418, { message: "I'm a teapot" }));
    await logIn(page);
    await expect(toast(page)).toContainText(TEXT.generic);
    await expect(toast(page).getByRole('button', { name: 'Reload Page' })).toBeVisible();
    await expect(toast(page).getByRole('button', { name: 'Report Error...' })).toBeVisible();
  });

  test('a body that is not JSON is a script-level failure with the generic text', async ({ page }) => {
    await page.route(LICENSE_STATUS, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<html>portal</html>' }),
    );
    await logIn(page);
    await expect(toast(page)).toContainText(TEXT.generic);
  });
});

test.describe('connectivity', () => {
  test('a call that gets no answer says the servers could not be reached', async ({ page }) => {
    await page.route(LICENSE_STATUS, (route) => route.abort('failed'));
    await logIn(page);
    await expect(toast(page)).toHaveText(TEXT.network, { timeout: 15_000 });
  });

  test('going offline says so, and coming back takes it away', async ({ page, context }) => {
    await logIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await context.setOffline(true);
    await expect(toast(page)).toHaveText(TEXT.offline);
    await context.setOffline(false);
    await expect(page.getByText(TEXT.offline)).toBeHidden();
  });
});

test('a new server version shows the banner and the reload dialog once', async ({ page }) => {
  await page.route(LICENSE_STATUS, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'x-app-version': '999.0.0' } });
  });
  await logIn(page);
  await expect(page.getByText(TEXT.versionBanner)).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Page Reload Required' });
  await expect(dialog).toContainText('cannot be displayed because the Cloud Controller has been updated');
  await expect(dialog.getByRole('button', { name: 'Reload Page' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: 'Activity' }).click();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByText(TEXT.versionBanner)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
