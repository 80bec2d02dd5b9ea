// Your Profile and Account Security as a person uses them: language and formats that change the whole
// app at once, a password change that signs the other browser out, and two-factor sign-in with a code
// and with a recovery code. Demo accounts no other journey signs in with, as these change the account.
import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoAxeViolations, logIn, signIn, signInAt } from './support/console.ts';

const messages = (page: Page) => page.getByRole('region', { name: 'Messages' });

const openFromUserMenu = async (page: Page, entry: 'Your Profile' | 'Account Security') => {
  await page.getByRole('banner').getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menu', { name: 'User menu' }).getByRole('menuitem', { name: entry }).click();
  await expect(page.getByRole('heading', { level: 1, name: entry })).toBeVisible();
};

test('Your Profile switches the language and the date format of the whole app at once', async ({ page }) => {
  const cloudId = await signInAt(page, 'field@demo.example', 375, (id) => `/v2/cloud/${id}/profile`);
  await expect(page.getByLabel('Email')).toHaveValue('field@demo.example');
  await expectNoAxeViolations(page);

  // A new email needs the current password.
  await page.getByLabel('Email').fill('tom@demo.example');
  await expect(page.getByLabel(/^Current password/)).toBeVisible();
  await page.getByLabel('Email').fill('field@demo.example');
  await expect(page.getByLabel(/^Current password/)).toBeHidden();

  await page.getByLabel('Date format').click();
  await page.getByRole('option', { name: /^31\.01\.2026/ }).click();
  await page.getByLabel('Language').click();
  await page.getByRole('option', { name: 'Lietuvių' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jūsų profilis' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Išsaugoti' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'lt');

  // The activity page reads its times in the new date format.
  await page.goto(`/cloud/${cloudId}/activity`);
  await expect(page.locator('main time[title]').first()).toHaveAttribute(
    'title',
    /^\d\d\.\d\d\.\d{4} \d\d:\d\d$/,
  );

  // Back to English, as the account was.
  await page.goto(`/v2/cloud/${cloudId}/profile`);
  await page.getByLabel('Kalba').click();
  await page.getByRole('option', { name: 'English' }).click();
  await page.getByLabel('Datos formatas').click();
  await page.getByRole('option', { name: /^2026-01-31/ }).click();
  await page.getByRole('button', { name: 'Išsaugoti' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Profile' })).toBeVisible();
});

test('a password change signs the other browser out, and the sessions list signs one out', async ({
  page,
  browser,
}) => {
  const other = await browser.newPage();
  await logIn(other, 'noc@demo.example');
  await signIn(page, 'noc@demo.example', 1440);
  await openFromUserMenu(page, 'Account Security');

  const sessions = page.getByRole('table', { name: 'Sessions' });
  await expect(sessions.getByRole('row')).toHaveCount(3);
  await expect(sessions.getByText('This browser')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Current password').fill('not my password');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('password123');
  await expect(page.getByText('This password is too easy to guess.')).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('quiet harbour lantern');
  await page.getByLabel('New password again').fill('quiet harbour lantern');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is not correct.')).toBeVisible();

  await page.getByLabel('Current password').fill('demo-console');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(messages(page)).toContainText('Password changed. Your other sessions are signed out.');
  await expect(sessions.getByRole('row')).toHaveCount(2);
  await other.reload();
  await expect(other).toHaveURL(/\/welcome\/login/);

  // A second browser signs in with the new password; this one signs it out from the list.
  await other.goto('/welcome/login');
  await other.getByLabel('Email').fill('noc@demo.example');
  await other.getByLabel('Password').fill('quiet harbour lantern');
  await other.getByRole('button', { name: 'Log in' }).click();
  await expect(other).toHaveURL(/\/dashboard$/);
  await page.reload();
  await expect(sessions.getByRole('row')).toHaveCount(3);
  await sessions.getByRole('button', { name: 'Sign out' }).click();
  await page
    .getByRole('dialog', { name: 'Sign out this session?' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(sessions.getByRole('row')).toHaveCount(2);
  await other.reload();
  await expect(other).toHaveURL(/\/welcome\/login/);

  // The password goes back to the demo one, for whoever tries the demo next.
  await page.getByLabel('Current password').fill('quiet harbour lantern');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('demo-console');
  await page.getByLabel('New password again').fill('demo-console');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(messages(page)).toContainText('Password changed. Your other sessions are signed out.');
});

test('two-factor sign-in: turned on with a code, asked at login, passed with a recovery code, turned off', async ({
  page,
}) => {
  await signIn(page, 'partner@demo.example', 1440);
  await openFromUserMenu(page, 'Account Security');
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await page.getByLabel('Your password').fill('demo-console');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expectNoAxeViolations(page);
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  const now = Math.floor(Date.now() / 1000);
  await page.getByLabel('Code from the app').fill(await generate({ secret, epoch: now }));
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent()) ?? '';
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Two-factor sign-in is on. Recovery codes left: 10.')).toBeVisible();

  // Sign in again: the password, then a code of the next step (a code is never taken twice).
  await page.context().clearCookies();
  await page.goto('/welcome/login');
  await page.getByLabel('Email').fill('partner@demo.example');
  await page.getByLabel('Password').fill('demo-console');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByLabel('Authentication code').fill(await generate({ secret, epoch: now + 30 }));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.context().clearCookies();
  await page.goto('/welcome/login');
  await page.getByLabel('Email').fill('partner@demo.example');
  await page.getByLabel('Password').fill('demo-console');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await openFromUserMenu(page, 'Account Security');
  await expect(page.getByText('Two-factor sign-in is on. Recovery codes left: 9.')).toBeVisible();
  await page.getByRole('button', { name: 'Turn off' }).click();
  await page.getByLabel('Your password').fill('demo-console');
  await page.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeVisible();
});
