// docs/navigation.md#top-bar-panels, docs/states.md Latest News as the demo owner and guest: unread posts, short posts opened in place, long ones
// in a dialog, mark all read, the newsletter switch; from the button at 1440 px and the More menu at 375 px.
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support/console.ts';
import { takeNewsTurn } from './support/news-turns.ts';

// Reading marks posts read on the server, so the steps of one account build on each other. Each test runs
// axe more than once, which takes a while on a small machine.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

// The counts below are of the demo's posts: no other journey publishes one meanwhile.
let handBack = async () => {};
test.beforeEach(async () => {
  handBack = await takeNewsTurn();
});
test.afterEach(() => handBack());

const newsButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Latest News/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Latest News' });
const post = (page: Page, title: string) => panel(page).getByRole('button', { name: new RegExp(title) });

/** Opens the panel from the Latest News button (wide) or the More menu (narrow). */
async function openPanel(page: Page, width: number) {
  if (width < 980) {
    await page.getByRole('banner').getByRole('button', { name: 'More' }).click();
    await page.getByRole('menu', { name: 'More' }).getByRole('menuitem', { name: 'Latest News' }).click();
  } else {
    await newsButton(page).click();
  }
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByRole('list').getByRole('listitem')).toHaveCount(8);
}

test.describe('Latest News at 1440 px', () => {
  test('the owner reads a long post in its dialog and a short one in place', async ({ page }) => {
    await signIn(page, 'owner@demo.example', 1440);
    await expect(newsButton(page)).toHaveAccessibleName('Latest News, unread: 4');
    await openPanel(page, 1440);
    await expect(post(page, 'Find any MAC address')).toHaveAccessibleName(/^Find any MAC address/);
    await expectNoAxeViolations(page);

    const firmware = post(page, 'Firmware 7.2.1');
    await expect(firmware).toHaveAccessibleName(/^Unread Firmware 7\.2\.1/);
    await firmware.click();
    const dialog = page.getByRole('dialog', { name: 'Firmware 7.2.1 for Wi-Fi 6 access points' });
    await expect(dialog.getByRole('heading', { name: 'What is new' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'rolling update' })).toHaveAttribute(
      'href',
      'https://news.demo.example/rolling-updates/',
    );
    await expect(dialog.getByRole('link', { name: 'Read on the blog' })).toHaveAttribute(
      'href',
      'https://news.demo.example/firmware-7-2-1/',
    );
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(firmware).toHaveAccessibleName(/^Firmware 7\.2\.1/);

    const maintenance = post(page, 'Scheduled maintenance');
    await maintenance.click();
    await expect(maintenance).toHaveAttribute('aria-expanded', 'true');
    await expect(panel(page).getByText('Devices keep working as usual.', { exact: false })).toBeVisible();
    await expect(maintenance).toHaveAccessibleName(/^Scheduled maintenance/);

    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(newsButton(page)).toHaveAccessibleName('Latest News, unread: 2');
    await page.reload();
    await expect(newsButton(page)).toHaveAccessibleName('Latest News, unread: 2');
  });

  test('the guest marks every post read', async ({ page }) => {
    await signIn(page, 'guest@demo.example', 1440);
    await expect(newsButton(page)).toHaveAccessibleName('Latest News, unread: 8');
    await openPanel(page, 1440);
    await expectNoAxeViolations(page);
    const markAll = panel(page).getByRole('button', { name: 'Mark all as read' });
    await markAll.click();
    await expect(markAll).toBeDisabled();
    await expect(panel(page).getByRole('button', { name: /^Unread/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(newsButton(page)).toHaveAccessibleName('Latest News');
    await page.reload();
    await expect(newsButton(page)).toHaveAccessibleName('Latest News');
  });
});

test.describe('Latest News at 375 px', () => {
  test('the owner opens Latest News from the More menu and subscribes to the newsletter', async ({
    page,
  }) => {
    await signIn(page, 'owner@demo.example', 375);
    await expect(newsButton(page)).toBeHidden();
    await openPanel(page, 375);
    await expectNoAxeViolations(page);
    const newsletter = panel(page).getByRole('switch', { name: 'Subscribe to the newsletter' });
    const before = await newsletter.isChecked();
    await newsletter.click();
    await expect(newsletter).toBeChecked({ checked: !before });

    await page.reload();
    await openPanel(page, 375);
    await expect(newsletter).toBeChecked({ checked: !before });
    await newsletter.click();
    await expect(newsletter).toBeChecked({ checked: before });
  });

  test('the guest reads a long post in its dialog', async ({ page }) => {
    await signIn(page, 'guest@demo.example', 375);
    await openPanel(page, 375);
    await expectNoAxeViolations(page);
    await post(page, 'Rolling firmware updates').click();
    const dialog = page.getByRole('dialog', { name: 'Rolling firmware updates: fewer surprises' });
    await expect(dialog.getByRole('heading', { name: 'Choosing a batch size' })).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel(page)).toBeVisible();
  });
});
