// "Forgot password" as a visitor meets it: on a phone, from the login page to the answer of a console
// without a mail server.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/console.ts';

test('on a phone, "Forgot password?" says this console cannot mail a link and whom to ask', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/welcome/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Forgot password' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Email').fill('someone@demo.example');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'This console has no mail server, so it cannot send you a link. Ask a platform administrator for a password-reset link.',
  );
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Back to log in' }).click();
  await expect(page).toHaveURL(/\/welcome\/login$/);
});
