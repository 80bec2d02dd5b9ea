// docs/navigation.md#top-bar-panels Alerts panel as the owner and a guest of Demo Networks, at phone and desktop widths: the recent
// alerts with their links, unseen ones until the panel closes, and the badge cleared by closing it.
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support/console.ts';

// Closing the panel marks the user's alerts viewed, which the tests after it see: they run in this order.
// Each signs in and runs axe twice, which takes a while on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

const alertsButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Alerts/ });
const alertsPanel = (page: Page) => page.getByRole('dialog', { name: 'Alerts' });

/** The unviewed total the button names ('Alerts, not viewed: 23'); 0 when it names none. */
async function unviewedTotal(page: Page): Promise<number> {
  const name = (await alertsButton(page).getAttribute('aria-label')) ?? '';
  return Number(/: (\d+)$/.exec(name)?.[1] ?? 0);
}

async function openAlerts(page: Page) {
  await alertsButton(page).click();
  const panel = alertsPanel(page);
  await expect(panel.getByRole('list', { name: 'Recent alerts' }).getByRole('listitem')).toHaveCount(5);
  return panel;
}

for (const email of ['owner@demo.example', 'guest@demo.example']) {
  const who = email.split('@')[0];

  test(`the ${who} sees unseen alerts until closing the panel clears the badge (1440 px)`, async ({
    page,
  }) => {
    await signIn(page, email, 1440);
    await expect(alertsButton(page)).toHaveAccessibleName(/^Alerts, not viewed: \d+$/);
    const total = await unviewedTotal(page);
    const panel = await openAlerts(page);
    // The newest alerts are the unviewed ones.
    await expect(panel.getByText('New', { exact: true })).toHaveCount(Math.min(total, 5));
    await expectNoAxeViolations(page);

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(alertsButton(page)).toHaveAccessibleName('Alerts');
    await page.reload();
    await expect(alertsButton(page)).toHaveAccessibleName('Alerts');
    await openAlerts(page);
    await expect(alertsPanel(page).getByText('New', { exact: true })).toHaveCount(0);
  });

  // The owner at desktop width, the guest on a phone.
  for (const width of email === 'owner@demo.example' ? [1440] : [375]) {
    test(`the ${who} reads the recent alerts and follows their links at ${width} px`, async ({ page }) => {
      await signIn(page, email, width);
      const panel = await openAlerts(page);
      const items = panel.getByRole('listitem');
      for (const item of await items.all()) {
        await expect(item.getByRole('heading', { level: 3 })).toHaveText(/\w/);
        await expect(item.getByText(/^(Unknown|Normal|Warning|Critical)$/)).toBeVisible();
        await expect(item.locator('time')).toHaveText(/ago|minute|yesterday/);
        await expect(item.getByRole('link').first()).toHaveAccessibleName(/^(Device|Site|Smart NVR) /);
      }
      const cloudId = /\/cloud\/(\d+)\//.exec(page.url())?.[1];
      const all = panel.getByRole('link', { name: 'View all alerts' });
      await expect(all).toBeInViewport();
      await expect(all).toHaveAttribute(
        'href',
        `/cloud/${cloudId}/activity?health=HEALTH_CRITICAL%2BHEALTH_WARNING#alert`,
      );
      await expectNoAxeViolations(page);

      const device = panel.getByRole('link', { name: /^Device / }).first();
      const href = (await device.getAttribute('href')) ?? '';
      expect(href).toMatch(/^\/device\/\d+$/);
      await device.click();
      await expect(panel).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(alertsButton(page)).toHaveAccessibleName('Alerts');
    });
  }
}
