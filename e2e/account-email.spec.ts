// Changing one's email on a console without a mail server, as a person meets it: Your Profile says why it
// cannot and who can, and a platform administrator changes it in the Admin Panel. A person of their own,
// made through an invitation link, so no other journey's account changes.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signInAt } from './support/console.ts';

test('without a mail server, Your Profile says who can change the email; the Admin Panel changes it', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  // Two people, two browsers and an invitation: a long journey.
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const email = `ezra.${stamp}@people.example`;
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
    data: { token, firstname: 'Ezra', lastname: 'Email', password: 'quiet harbour lights' },
  });
  expect(joined.status()).toBe(200);
  await api.dispose();

  const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const person = await phone.newPage();
  await person.goto('/welcome/login');
  await person.getByLabel('Email').fill(email);
  await person.getByLabel('Password').fill('quiet harbour lights');
  await person.getByRole('button', { name: 'Log in' }).click();
  await expect(person).toHaveURL(/\/cloud\/\d+\/dashboard$/);
  await person.goto(`/v2/cloud/${defaultCloudId}/profile`);
  await person.getByLabel('Email').fill(`ezra.new.${stamp}@people.example`);
  await expect(person.getByText('We will mail a link to the new address')).toBeVisible();
  await person.getByLabel(/^Current password/).fill('quiet harbour lights');
  await person.getByRole('button', { name: 'Save' }).click();
  await expect(
    person.getByText(
      'This console cannot send mail, so it cannot confirm a new email. A platform administrator can change it in the Admin Panel.',
    ),
  ).toBeVisible();
  await expectNoAxeViolations(person);

  await signInAt(
    page,
    'sysadmin@demo.example',
    1440,
    () => `/admintools?tab=users&search=${encodeURIComponent(email)}`,
  );
  await page
    .getByRole('table', { name: 'Users' })
    .getByRole('button', { name: 'Change email for Ezra Email' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Email of Ezra Email' });
  await expect(dialog).toContainText('counts as verified on your word');
  await expectNoAxeViolations(page);
  await dialog.getByLabel('New email').fill(`ezra.new.${stamp}@people.example`);
  await dialog.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByRole('region', { name: 'Messages' })).toContainText(
    `The email of Ezra Email is now ezra.new.${stamp}@people.example.`,
  );

  await person.reload();
  await expect(person.getByLabel('Email')).toHaveValue(`ezra.new.${stamp}@people.example`);
  await phone.close();
});
