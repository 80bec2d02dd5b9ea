// The error policy as the user meets it in the built app, in one journey: a failed call's text, the blocking
// expired-session dialog and its real reload, going offline and back, and a new server version. Every status
// and text of the policy is checked in web/platform/errors/error-policy.test.tsx and http.test.ts.
import { expect, test } from '@playwright/test';
import { answer, LICENSE_STATUS, logInThroughForm, TEXT, toast } from './support/console.ts';

test('failed calls, an expired session, going offline and a new version, as the user sees them', async ({
  page,
  context,
}) => {
  // Four pages' worth of checks in one journey.
  test.setTimeout(60_000);
  await page.route(LICENSE_STATUS, answer(500, { message: 'Sorry', incidentId: 'e2e-incident-42' }));
  await logInThroughForm(page);
  await expect(toast(page)).toHaveText(`${TEXT.server} Incident ID [e2e-incident-42].`);
  await expect(page.getByRole('button', { name: 'Report Error...' })).toHaveCount(0);
  await toast(page).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.unroute(LICENSE_STATUS);

  // 401 blocks the page until it is reloaded.
  const ALERTS = '**/apiv2/cloud/*/alerts?*';
  await page.route(ALERTS, answer(401, { message: 'Login required.' }));
  await page.getByRole('link', { name: 'Activity' }).click();
  const expired = page.getByRole('dialog', { name: 'Login Session Expired' });
  await expect(expired.getByText(TEXT.sessionExpired)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(expired).toBeVisible();
  await page.unroute(ALERTS);
  await expired.getByRole('button', { name: 'Reload Page' }).click();
  await expect(expired).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();

  await context.setOffline(true);
  await expect(toast(page)).toHaveText(TEXT.offline);
  await context.setOffline(false);
  await expect(page.getByText(TEXT.offline)).toBeHidden();

  // A new server version: the banner stays, the reload dialog comes once.
  await page.route(LICENSE_STATUS, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'x-app-version': '999.0.0' } });
  });
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.reload();
  await expect(page.getByText(TEXT.versionBanner)).toBeVisible();
  const reload = page.getByRole('dialog', { name: 'Page Reload Required' });
  await expect(reload).toContainText('cannot be displayed because the Cloud Controller has been updated');
  await expect(reload.getByRole('button', { name: 'Reload Page' })).toBeVisible();
  await reload.getByRole('button', { name: 'Cancel' }).click();
  await expect(reload).toBeHidden();
  await page.getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByText(TEXT.versionBanner)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
