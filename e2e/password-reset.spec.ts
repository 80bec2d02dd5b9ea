// "Forgot password" as a visitor meets it: on a phone, from the login page to the answer of a console
// without a mail server; and the link a platform administrator hands over instead, used on a phone.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signInAt } from './support/console.ts';

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

test('a platform administrator hands over a reset link, which sets a new password on a phone', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  // A person of their own, made through an invitation link, so no other journey's account changes.
  const email = `rhea.${Date.now().toString(36)}@people.example`;
  const api = await playwright.request.newContext({ baseURL });
  await api.post('/apiv2/auth/login', { data: { email: 'owner@demo.example', password: 'demo-console' } });
  const csrf = (await api.storageState()).cookies.find((cookie) => cookie.name === 'csrf_token')?.value;
  const { default_cloud_id: defaultCloudId } = await (await api.get('/apiv2/auth/me')).json();
  const invited = await api.post(`/apiv2/cloud/${defaultCloudId}/invitations`, {
    headers: { 'x-csrf-token': csrf ?? '' },
    data: { email, role_id: 'ROLE_GUEST', permissions: 0 },
  });
  const token = new URL((await invited.json()).link).searchParams.get('token');
  const joined = await api.post('/apiv2/invitations/accept', {
    data: { token, firstname: 'Rhea', lastname: 'Reset', password: 'first harbour password' },
  });
  expect(joined.status()).toBe(200);
  await api.dispose();

  await signInAt(
    page,
    'sysadmin@demo.example',
    1440,
    () => `/admintools?tab=users&search=${encodeURIComponent(email)}`,
  );
  const people = page.getByRole('table', { name: 'Users' });
  await people.getByRole('button', { name: 'Password-reset link for Rhea Reset' }).click();
  const handOver = page.getByRole('dialog', { name: 'Password-reset link for Rhea Reset' });
  await expect(handOver).toContainText(`Give this link to the person who owns ${email} yourself`);
  await expectNoAxeViolations(page);
  const link = await handOver.getByRole('textbox', { name: 'Password-reset link' }).inputValue();
  await handOver.getByRole('button', { name: 'Done' }).click();

  const phoneContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const phone = await phoneContext.newPage();
  await phone.goto(link);
  await expect(phone.getByRole('heading', { level: 2, name: 'Choose a new password' })).toBeVisible();
  await expect(phone.getByLabel('Email')).toHaveValue(email);
  await phone.getByLabel(/^New password/).fill('short');
  await expect(phone.getByText('Use at least 10 characters.')).toBeVisible();
  await phone.getByLabel(/^New password/).fill('lanterns across the bay');
  await expectNoAxeViolations(phone);
  await phone.getByRole('button', { name: 'Save the new password' }).click();
  await expect(phone.getByRole('status')).toContainText('Your password is changed');
  await phone.getByRole('link', { name: 'Log in' }).click();
  await phone.getByLabel('Email').fill(email);
  await phone.getByLabel('Password').fill('lanterns across the bay');
  await phone.getByRole('button', { name: 'Log in' }).click();
  await expect(phone).toHaveURL(/\/cloud\/\d+\/dashboard$/);

  // The link worked once.
  await phone.goto(link);
  await expect(phone.getByText('This link no longer works')).toBeVisible();
  await phoneContext.close();
});
