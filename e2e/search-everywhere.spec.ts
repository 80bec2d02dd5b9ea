// docs/navigation.md#top-bar-panels, docs/validation.md Search Everywhere as the demo owner and guest see it, by keyboard, at phone and desktop widths.
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support/console.ts';

const NOTHING_FOUND = 'Nothing found. Please refine your search phrase and try again.';

const panel = (page: Page) => page.getByRole('dialog', { name: 'Search Everywhere' });
const searchBox = (page: Page) => panel(page).getByRole('textbox', { name: 'Search phrase' });
const group = (page: Page, name: string) => panel(page).getByRole('region', { name });
const result = (page: Page, name: string) => panel(page).getByRole('link', { name: new RegExp(`^${name}`) });

/** Replaces what is typed in the open panel and searches at once with Enter. */
async function searchFor(page: Page, query: string) {
  await searchBox(page).fill('');
  await page.keyboard.type(query);
  await page.keyboard.press('Enter');
}

// Each behaviour once, at one of the two widths; the panel's own layout at both.
for (const width of [375, 1440]) {
  test.describe(`Search Everywhere at ${width} px`, () => {
    test('the owner finds a site by its former name and opens it by keyboard', async ({ page }) => {
      const cloudId = await signIn(page, 'owner@demo.example', width);
      await page.keyboard.press('/');
      await expect(searchBox(page)).toBeFocused();
      await page.keyboard.type('HQ');
      await expect(panel(page).getByText('Please enter at least 3 characters.')).toBeVisible();
      await searchFor(page, 'Port Office');
      await expect(panel(page).getByRole('checkbox', { name: 'Names and locations only' })).toBeChecked();
      const site = result(page, 'Harbor Terminal');
      await expect(site).toContainText('Historical');
      await expect(site).toContainText('Name: Port Office');
      await expect(site.locator('mark')).toHaveText('Port Office');
      await expect(group(page, 'Sites')).toBeVisible();
      await expectNoAxeViolations(page);

      await page.keyboard.press('ArrowDown');
      await expect(site).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(panel(page)).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/v2/cloud/${cloudId}/sites\\?search=Port\\+Office$`));
    });
  });
}

test.describe('Search Everywhere at 1440 px', () => {
  const width = 1440;
  test('the owner looks up a MAC address and an IP address, current and past', async ({ page }) => {
    const cloudId = await signIn(page, 'owner@demo.example', width);
    await page.keyboard.press('Control+k');
    await expect(searchBox(page)).toBeFocused();

    // Typed without Enter: the search follows after the typing pauses.
    await page.keyboard.type('DE-AD-BE');
    await expect(panel(page).getByRole('checkbox', { name: 'MAC addresses only' })).toBeChecked();
    const client = group(page, 'Wireless Clients').getByRole('link', { name: /^laptop-visitor/ });
    await expect(client).toContainText('MAC address: de:ad:be:ef:00:01');
    await expect(client.locator('mark')).toHaveText('de:ad:be');
    await expect(client).toHaveAttribute('href', /^\/site\/\d+\/client\/\d+$/);

    await searchFor(page, '10.11.5');
    await expect(panel(page).getByRole('checkbox', { name: 'IP addresses only' })).toBeChecked();
    const deleted = result(page, 'WH Dock AP 99');
    await expect(deleted).toContainText('Historical');
    await expect(deleted).toContainText('Deleted');
    await expect(deleted.locator('mark')).toHaveText('10.11.5');
    await expect(deleted).toHaveAttribute('href', `/v2/cloud/${cloudId}/devices?search=10.11.5`);
  });

  test('the owner finds the users of the cloud once the search is not limited to names', async ({ page }) => {
    const cloudId = await signIn(page, 'owner@demo.example', width);
    await page.getByRole('banner').getByRole('button', { name: 'Search Everywhere' }).click();
    await searchFor(page, 'demo.example');
    await expect(panel(page).getByText(NOTHING_FOUND)).toBeVisible();
    await panel(page).getByRole('checkbox', { name: 'Names and locations only' }).uncheck();
    const users = group(page, 'Users').getByRole('link');
    await expect(users).toHaveCount(3);
    await expect(users.first()).toContainText('Email:');
    await expect(users.first().locator('mark')).toHaveText('demo.example');
    await expect(users.first()).toHaveAttribute('href', `/v2/cloud/${cloudId}/users?search=demo.example`);
    await expectNoAxeViolations(page);

    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
  });
});

test.describe('Search Everywhere at 375 px', () => {
  const width = 375;
  test('the guest searches the sites they see, without users', async ({ page }) => {
    const cloudId = await signIn(page, 'guest@demo.example', width);
    await page.getByRole('banner').getByRole('button', { name: 'Search Everywhere' }).click();
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.type('zzqqxx');
    await expect(panel(page).getByRole('status')).toHaveText(NOTHING_FOUND);
    await expectNoAxeViolations(page);

    // Every source, e-mail addresses included, finds no user for a guest.
    await searchFor(page, 'demo.example');
    const everySource = page.waitForResponse(
      (response) =>
        response.url().endsWith('/search/find') && (response.request().postData() ?? '').includes('"email"'),
    );
    await panel(page).getByRole('checkbox', { name: 'Names and locations only' }).uncheck();
    await everySource;
    await expect(panel(page).getByText(NOTHING_FOUND)).toBeVisible();

    await searchFor(page, 'Harbor');
    const site = group(page, 'Sites').getByRole('link', { name: /^Harbor Terminal/ });
    await expect(site).toHaveAttribute('href', `/v2/cloud/${cloudId}/sites?search=Harbor`);
    await expect(panel(page).getByRole('heading', { level: 3 })).toHaveText(['Sites']);
    await site.click();
    await expect(panel(page)).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/v2/cloud/${cloudId}/sites\\?search=Harbor$`));
  });
});
