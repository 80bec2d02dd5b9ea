// User management as the owner at 1440 px: inviting someone with no account (no mail server here, so the
// console shows the link), that person creating their account through the link at 375 px, then the
// owner changing what they may do and removing them.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signInAt } from './support/console.ts';

test('an invitation is accepted by a new account, which the owner then manages', async ({
  page,
  browser,
}) => {
  const email = `new.person.${Date.now()}@demo.example`;
  const cloudId = await signInAt(page, 'owner@demo.example', 1440, (id) => `/v2/cloud/${id}/users`);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite someone' });
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByRole('checkbox', { name: 'Manage sites' }).check();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();

  const linkDialog = page.getByRole('dialog', { name: 'Pass the link on' });
  await expect(linkDialog).toContainText(`This console has no mail server, so no mail went to ${email}.`);
  const link = await linkDialog.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(/\/welcome\/invitation\?token=/);
  await linkDialog.getByRole('button', { name: 'Done' }).click();
  const invitations = page.getByRole('table', { name: 'Invitations' });
  await expect(invitations.getByRole('row', { name: new RegExp(email) })).toContainText('Invite pending');

  // The invited person opens the link on a phone and creates an account.
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const phone = await context.newPage();
  await phone.goto(new URL(link).pathname + new URL(link).search);
  await expect(phone.getByText('Olivia Owner invited you to Demo Networks.')).toBeVisible();
  await expectNoAxeViolations(phone);
  await phone.getByLabel(/^First name/).fill('Nova');
  await phone.getByLabel(/^Last name/).fill('Newcomer');
  await phone.getByLabel(/^Password/).fill('weak');
  await expect(phone.getByText('Use at least 10 characters.')).toBeVisible();
  await phone.getByLabel(/^Password/).fill('violet harbour compass');
  await phone.getByRole('button', { name: 'Create account and join' }).click();
  await expect(phone).toHaveURL(new RegExp(`/cloud/${cloudId}/dashboard$`));
  await context.close();

  // The owner sees the invitation answered and the new member, makes them a Site User, then removes them.
  await page.reload();
  await expect(invitations.getByRole('row', { name: new RegExp(email) })).toContainText('Invited');
  await page.getByRole('button', { name: 'Edit Nova Newcomer' }).click();
  const edit = page.getByRole('dialog', { name: 'What Nova Newcomer may do' });
  await edit.getByLabel('Role').click();
  await page.getByRole('option', { name: 'Site User' }).click();
  await edit.getByLabel('Add a site').fill('Headquarters');
  await page.getByRole('option', { name: 'Headquarters' }).click();
  await expect(edit.getByLabel('Permissions at Headquarters')).toBeVisible();
  await edit.getByRole('button', { name: 'Save' }).click();
  const row = page.getByRole('row', { name: /Nova Newcomer/ });
  await expect(row).toContainText('Site User, sites: 1');

  await row.getByRole('button', { name: 'Remove Nova Newcomer' }).click();
  await page
    .getByRole('dialog', { name: 'Remove this member?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.getByRole('row', { name: /Nova Newcomer/ })).toHaveCount(0);
});
