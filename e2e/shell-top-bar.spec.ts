// docs/navigation.md#top-bar-panels top bar as the demo accounts see it, by keyboard, at phone and desktop widths.
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support/console.ts';

const banner = (page: Page) => page.getByRole('banner');
const cloudButton = (page: Page) => banner(page).getByRole('button', { name: /^Cloud menu: Demo Networks/ });

test.describe('top bar at 1440 px', () => {
  test('the owner finds the panel buttons and the alert badge', async ({ page }) => {
    await signIn(page, 'owner@demo.example', 1440);
    const bar = banner(page);
    await expect(bar.getByRole('button', { name: 'Search Everywhere' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Tasks' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Latest News' })).toBeVisible();
    await expect(bar.getByRole('button', { name: /^Alerts/ })).toBeVisible();
    // docs/navigation.md: the demo theme's path analysis is the console's own LinqPath page.
    await expect(bar.getByRole('link', { name: /Path Analysis/ })).toHaveAttribute(
      'href',
      /\/v2\/cloud\/\d+\/linqpath$/,
    );
    await expect(bar.getByRole('button', { name: 'More' })).toBeHidden();
  });

  test('the owner switches clouds from the cloud menu by keyboard, with the filter box', async ({ page }) => {
    await signIn(page, 'owner@demo.example', 1440);
    await expect(cloudButton(page)).toHaveAccessibleName(/^Cloud menu: Demo Networks/);
    await cloudButton(page).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Cloud menu' });
    await expect(menu.getByRole('menuitem', { name: 'Manage Clouds' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Cloud Properties' })).toBeVisible();
    await expectNoAxeViolations(page);

    const filter = menu.getByRole('textbox', { name: 'Filter clouds' });
    await filter.focus();
    await page.keyboard.type('no such cloud');
    await expect(menu.getByText('No clouds found.')).toBeVisible();
    await filter.fill('');
    await page.keyboard.type('Demo');
    const demo = menu.getByRole('menuitem', { name: /^Demo Networks/ });
    await expect(demo).toHaveAttribute('aria-current', 'true');

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(cloudButton(page)).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    const other = menu
      .getByRole('menuitem')
      .filter({ hasNotText: /^Demo Networks|Manage Clouds|Cloud Properties/ })
      .first();
    const href = await other.getAttribute('href');
    await other.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    expect(href).toMatch(/^\/cloud\/\d+\/dashboard$/);
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test('the owner declines an invitation and it leaves the list', async ({ page }) => {
    await signIn(page, 'owner@demo.example', 1440);
    await cloudButton(page).click();
    const invitations = page
      .getByRole('dialog', { name: 'Cloud menu' })
      .getByRole('region', { name: 'Invitations' });
    const declines = invitations.getByRole('button', { name: /^Decline the invitation to / });
    await expect(declines.first()).toBeVisible();
    const before = await declines.count();
    const name = (await declines.first().getAttribute('aria-label')) ?? '';
    await declines.first().click();
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
    await expect(declines).toHaveCount(before - 1);
  });

  test('the user menu lists the owner’s entries, without Admin Panel, and works by keyboard', async ({
    page,
  }) => {
    await signIn(page, 'owner@demo.example', 1440);
    const button = banner(page).getByRole('button', { name: 'User menu' });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'User menu' });
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Your Profile',
      'Account Security',
      /^Privacy Policy/,
      /^Help/,
      'Logout',
    ]);
    await expect(menu.getByRole('menuitem', { name: /^Privacy Policy/ })).toHaveAttribute('target', '_blank');
    await expectNoAxeViolations(page);
    await expect(menu.getByRole('menuitem', { name: 'Your Profile' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Account Security' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('an administrator of a cloud who is no platform administrator has no Admin Panel', async ({
    page,
  }) => {
    await signIn(page, 'admin@demo.example', 1440);
    await banner(page).getByRole('button', { name: 'User menu' }).click();
    const menu = page.getByRole('menu', { name: 'User menu' });
    await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Admin Panel' })).toHaveCount(0);
  });

  test('the platform administrator reaches the Admin Panel', async ({ page }) => {
    await signIn(page, 'sysadmin@demo.example', 1440);
    await banner(page).getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toHaveAttribute('href', '/admintools');
  });
});

test.describe('top bar at 375 px', () => {
  test('the More menu opens Latest News, the cloud menu and the user menu by keyboard', async ({ page }) => {
    await signIn(page, 'owner@demo.example', 375);
    await expect(cloudButton(page)).toBeHidden();
    const more = banner(page).getByRole('button', { name: 'More' });
    await more.focus();
    await page.keyboard.press('Enter');
    const moreMenu = page.getByRole('menu', { name: 'More' });
    await expect(moreMenu.getByRole('menuitem')).toHaveText([/^Latest News/, 'Cloud', 'User']);
    await page.keyboard.press('ArrowDown');
    await expect(moreMenu.getByRole('menuitem', { name: 'Cloud' })).toBeFocused();
    await page.keyboard.press('Enter');
    const cloudMenu = page.getByRole('dialog', { name: 'Cloud menu' });
    await expect(cloudMenu.getByRole('menuitem', { name: 'Manage Clouds' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(cloudMenu).toBeHidden();

    await more.focus();
    await page.keyboard.press('Enter');
    await moreMenu.getByRole('menuitem', { name: 'User' }).focus();
    await page.keyboard.press('Enter');
    const userMenu = page.getByRole('menu', { name: 'User menu' });
    await expect(userMenu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(userMenu).toBeHidden();
  });
});
