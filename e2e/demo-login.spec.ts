import { expect, test } from '@playwright/test';

const PASSWORD = 'demo-console';
// The video dialog each account gets on its first visit (docs/constants.md): promotions for members who manage
// licenses of Demo Networks, the quick-start guide for the trial owner, none for a guest. One account of each
// kind signs in through the form; every demo account's password is proven by e2e/sign-ins.setup.ts.
const ACCOUNTS: { email: string; cloud: string; dialog?: string }[] = [
  { email: 'owner@demo.example', cloud: 'Demo Networks', dialog: "What's new" },
  { email: 'guest@demo.example', cloud: 'Demo Networks' },
  { email: 'trial@demo.example', cloud: 'Trial Lab', dialog: 'Quick Start Guide' },
];

test.describe('demo accounts', () => {
  for (const account of ACCOUNTS) {
    test(`${account.email} logs in through the form and lands on the dashboard of ${account.cloud}`, async ({
      page,
    }) => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/welcome\/login/);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();

      await expect(page).toHaveURL(/\/cloud\/\d+\/dashboard$/);
      if (account.dialog) {
        await page
          .getByRole('dialog', { name: account.dialog })
          .getByRole('button', { name: 'Close' })
          .last()
          .click();
      }
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expect(page.getByRole('main').getByText(account.cloud)).toBeVisible();
      await expect(page).toHaveTitle(/^Dashboard \| /);
    });
  }

  test('a wrong password is refused with a clear message and no session', async ({ page }) => {
    await page.goto('/welcome/login');
    await page.getByLabel('Email').fill('owner@demo.example');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
    await page.goto('/cloud/1/dashboard');
    await expect(page).toHaveURL(/\/welcome\/login\?next=%2Fcloud%2F1%2Fdashboard/);
  });

  test('logging out ends the session', async ({ page }) => {
    await page.goto('/welcome/login');
    await page.getByLabel('Email').fill('guest@demo.example');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/cloud\/\d+\/dashboard$/);
    const dashboard = page.url();

    await page.goto('/welcome/logout');
    await expect(page.getByText('You have been logged out.')).toBeVisible();
    await page.goto(dashboard);
    await expect(page).toHaveURL(/\/welcome\/login/);
  });

  test('signing in goes on to the page asked for', async ({ page }) => {
    await page.goto('/welcome/login?next=%2Fv2%2Fcloud%2F1%2Freport');
    await page.getByLabel('Email').fill('owner@demo.example');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/v2\/cloud\/1\/report$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Report management' })).toBeVisible();
  });
});
