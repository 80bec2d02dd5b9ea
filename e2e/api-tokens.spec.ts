// docs/api-tokens.md: a member makes a personal token on Account Security, sees its secret once and the
// console answers it; the owner makes a cloud token on the API tokens page, rotates it and revokes it.
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, startSession } from './support/console.ts';

const SECRET = /^cnsl_\d+_[\w-]{43}$/;

/** Makes a token through the open dialog and answers the secret the console shows once. */
async function makeToken(page: Page, name: string): Promise<string> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Make token' }).click();
  const shown = page.getByRole('dialog', { name: `Token "${name}"` });
  await expect(shown).toBeVisible();
  await expect(shown.getByText('it is shown only this once')).toBeVisible();
  const secret = await shown.getByLabel('Token').inputValue();
  expect(secret).toMatch(SECRET);
  return secret;
}

test('a member makes a personal token, and the owner makes, rotates and revokes a cloud token', async ({
  page,
}) => {
  const name = `Backup script ${Date.now()}`;
  const guestCloud = await startSession(page, 'guest@demo.example', 1440);
  await page.goto(`/v2/cloud/${guestCloud}/account-security`);
  const section = page.getByRole('region', { name: 'Personal tokens' });
  await section.getByRole('button', { name: 'Make a token' }).click();
  // Limited to one of the member's clouds and three of the four bits.
  const dialog = page.getByRole('dialog', { name: 'New personal token' });
  await dialog.getByRole('checkbox', { name: 'Manage sites' }).uncheck();
  await dialog.getByRole('combobox', { name: 'Clouds', exact: true }).click();
  await page.getByRole('option', { name: 'Only the clouds I choose' }).click();
  const clouds = dialog.getByRole('group', { name: 'Clouds the token reaches' });
  const cloudName = await clouds.locator('label').first().innerText();
  await clouds.getByRole('checkbox').first().check();
  const secret = await makeToken(page, name);
  await expectNoAxeViolations(page);
  // The console answers the token as the member, with no cookie.
  const me = await page.request.get('/apiv2/auth/me', {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect((await me.json()).user.email).toBe('guest@demo.example');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByRole('cell', { name, exact: true })).toBeVisible();
  const row = section.getByRole('row').filter({ hasText: name });
  await expect(row.getByText(`Clouds: ${cloudName}`)).toBeVisible();
  await section.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(section.getByRole('cell', { name, exact: true })).toHaveCount(0);
  const refused = await page.request.get('/apiv2/auth/me', {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(refused.status()).toBe(401);

  await page.context().clearCookies();
  const ownerCloud = await startSession(page, 'owner@demo.example', 375);
  await page.goto(`/v2/cloud/${ownerCloud}/api-tokens`);
  await expect(page.getByRole('heading', { level: 1, name: 'API tokens' })).toBeVisible();
  await page.getByRole('button', { name: 'Make a token' }).click();
  await expect(page.getByRole('dialog', { name: 'New cloud token' })).toBeVisible();
  await expectNoAxeViolations(page);
  const service = `Inventory sync ${Date.now()}`;
  const first = await makeToken(page, service);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: `Rotate ${service}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Rotate' }).click();
  const rotated = page.getByRole('dialog', { name: `Token "${service}"` });
  const second = await rotated.getByLabel('Token').inputValue();
  expect(second).toMatch(SECRET);
  expect(second).not.toBe(first);
  await page.getByRole('button', { name: 'Done' }).click();
  // Both secrets work during the day's grace.
  for (const token of [first, second]) {
    const answer = await page.request.get(`/apiv2/cloud/${ownerCloud}/dashboard`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status()).toBe(200);
  }
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: `Revoke ${service}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(`"${service}" revoked.`)).toBeVisible();
});
