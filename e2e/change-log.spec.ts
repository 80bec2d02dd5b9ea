// The change log as the owner reads it at 1440 px (filter by person and object, export), and as a Guest
// at 375 px, who has no change log and no user management.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn, TEXT } from './support/console.ts';

test('the owner reads the change log, narrows it to a person, and exports it', async ({ page }) => {
  const cloudId = await signIn(page, 'owner@demo.example', 1440);
  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(menu.getByRole('link', { name: 'Change log' })).toHaveAttribute(
    'href',
    `/v2/cloud/${cloudId}/change-log`,
  );
  await page.goto(`/v2/cloud/${cloudId}/change-log`);
  await expect(page.getByRole('heading', { level: 1, name: 'Change log' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Change log' });
  // The owner's own sign-in is there, with its address (other members sign in meanwhile too).
  const signInRow = table
    .getByRole('row')
    .filter({ hasText: 'Signed in' })
    .filter({ hasText: 'Olivia Owner' })
    .first();
  await expect(signInRow).toContainText('127.0.0.1');
  await expectNoAxeViolations(page);

  await signInRow.getByRole('button', { name: 'Only changes by Olivia Owner' }).click();
  await expect(page.getByRole('button', { name: 'By Olivia Owner', exact: true })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasNotText: 'Olivia Owner' })).toHaveCount(1); // the header
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^change-log-${cloudId}-\\d{4}-\\d\\d-\\d\\d\\.csv$`));
});

test('a Guest has no change log and no user management', async ({ page }) => {
  const cloudId = await signIn(page, 'guest@demo.example', 375);
  for (const [path, title] of [
    ['change-log', 'Change log'],
    ['users', 'User management'],
  ]) {
    await page.goto(`/v2/cloud/${cloudId}/${path}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(TEXT.forbidden)).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await expect(page.getByRole('button', { name: 'Invite' })).toHaveCount(0);
});
