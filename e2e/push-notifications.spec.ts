// docs/states.md push notifications toggle and docs/errors.md push failure text in headless Chromium. It has no push service
// here, so subscribing always fails: the tests cover the toggle, the failure path, the worker's
// registration, and the worker showing a push that DevTools delivers to it.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support/console.ts';

const FAILURE =
  'Failed to start push notifications. Your browser might not support this feature or it is blocked in browser settings.';
async function openAlertsPanel(page: Page) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Alerts/ })
    .click();
  const panel = page.getByRole('dialog', { name: 'Alerts' });
  await expect(panel).toBeVisible();
  return panel.getByRole('switch', { name: 'Push notifications' });
}

/** Whether push alerts are on for the current cloud, as the server has it. */
async function pushAlertsSaved(page: Page): Promise<boolean> {
  const cloudId = Number(/\/cloud\/(\d+)\//.exec(page.url())?.[1]);
  const me = await (await page.request.get('/apiv2/auth/me')).json();
  return me.memberships.find((m: { cloud_id: number }) => m.cloud_id === cloudId).push_alerts;
}

const workerScript = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    const worker = registration?.active ?? registration?.waiting ?? registration?.installing;
    return worker ? new URL(worker.scriptURL).pathname : null;
  });

async function grantNotifications(context: BrowserContext, page: Page) {
  await context.grantPermissions(['notifications'], { origin: new URL(page.url()).origin });
}

for (const [email, width] of [
  ['owner@demo.example', 375],
  ['guest@demo.example', 1440],
] as const) {
  test.describe(`${email} at ${width} px`, () => {
    test('blocking notifications shows the failure text and the toggle returns to disabled', async ({
      page,
    }) => {
      await signIn(page, email, width);
      const toggle = await openAlertsPanel(page);
      await expect(toggle).not.toBeChecked();
      await expect(toggle).toBeEnabled();
      await expectNoAxeViolations(page);

      // Headless Chromium answers the permission prompt with "denied" unless the test grants it.
      await toggle.click();
      await expect(page.getByText(FAILURE)).toBeVisible();
      await expect(toggle).toBeEnabled();
      await expect(toggle).not.toBeChecked();
      expect(await pushAlertsSaved(page)).toBe(false);
    });

    test('with permission, the worker registers; no push service here gives the failure text', async ({
      page,
      context,
    }) => {
      await signIn(page, email, width);
      await grantNotifications(context, page);
      const toggle = await openAlertsPanel(page);
      await toggle.click();
      await expect(page.getByText(FAILURE)).toBeVisible();
      await expect(toggle).not.toBeChecked();
      expect(await workerScript(page)).toBe('/push-service-worker.js');
      expect(await pushAlertsSaved(page)).toBe(false);
    });
  });
}

test('the worker shows a delivered push as a notification that links into the console', async ({
  page,
  context,
}) => {
  await signIn(page, 'guest@demo.example', 1440);
  await grantNotifications(context, page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/push-service-worker.js', { scope: '/' });
    await navigator.serviceWorker.ready;
  });
  const devtools = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === new URL('/', page.url()).href && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await devtools.send('ServiceWorker.enable');
  await devtools.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await registrationId,
    data: JSON.stringify({
      title: 'Device unreachable',
      body: 'North AP · North Tower · Demo Networks',
      url: '/cloud/1/activity#alert',
      tag: 'alert-1',
    }),
  });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: n.data.url,
        }));
      }),
    )
    .toEqual([
      {
        title: 'Device unreachable',
        body: 'North AP · North Tower · Demo Networks',
        tag: 'alert-1',
        url: new URL('/cloud/1/activity#alert', page.url()).href,
      },
    ]);
});
