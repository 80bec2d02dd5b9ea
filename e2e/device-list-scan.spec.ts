// The device list scans at a glance on a desktop (one-line rows, status and health as dots and words, the
// row actions in view, the heartbeat columns in the column picker), and a blocked device reads the same in
// the list and on its dashboard, which says what blocked means and offers Unblock to the owner.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn, signInAt } from './support/console.ts';

test.describe.configure({ timeout: 120_000 });

test('at 1440x900 the owner sees 15 rows at least, every row action, and can show the new columns', async ({
  page,
}) => {
  await signInAt(page, 'owner@demo.example', 1440, (id) => `/v2/cloud/${id}/devices`);
  const table = page.getByRole('table', { name: 'Devices' });
  const rows = table.locator('tbody tr');
  // The first load of the fleet's list is slow on a busy machine.
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });

  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  const inView = await rows.evaluateAll(
    (all, height) =>
      all.filter((row) => {
        const box = row.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= height;
      }).length,
    viewport.height,
  );
  expect(inView).toBeGreaterThanOrEqual(15);

  // Every row's reboot button lies wholly inside the table's visible area and the window.
  const container = await table.evaluate((element) => {
    const box = (element.parentElement as HTMLElement).getBoundingClientRect();
    return { left: box.left, right: box.right };
  });
  const reboot = rows.first().getByRole('button', { name: /^Reboot / });
  const button = await reboot.boundingBox();
  expect(button).not.toBeNull();
  expect(button?.x ?? -1).toBeGreaterThanOrEqual(container.left);
  expect((button?.x ?? 0) + (button?.width ?? 0)).toBeLessThanOrEqual(
    Math.min(container.right, viewport.width),
  );

  // Status and health each carry their word beside the dot.
  await expect(rows.first().getByRole('cell').nth(3)).toHaveText(
    /^(Online|Offline|Blocked|Online, a heartbeat was missed)$/,
  );

  await page.getByRole('button', { name: 'Columns' }).click();
  for (const column of ['Uptime', 'Clients', 'Last seen', 'Uplink']) {
    const item = page.getByRole('menuitemcheckbox', { name: column });
    await expect(item).toHaveAttribute('aria-checked', 'false');
    await item.click();
    await expect(item).toHaveAttribute('aria-checked', 'true');
  }
  await page.keyboard.press('Escape');
  for (const column of ['Uptime', 'Clients', 'Last seen', 'Uplink']) {
    await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
  }
  await expectNoAxeViolations(page);
});

test('a blocked device is Blocked in the list and on its dashboard, where the owner unblocks it', async ({
  page,
}) => {
  const cloudId = await signIn(page, 'owner@demo.example', 1440);
  const devices: { id: number; name: string; blocked: boolean }[] = [];
  for (const offset of [0, 100, 200, 300]) {
    const listed = await page.request.get(`/apiv2/cloud/${cloudId}/devices?limit=100&offset=${offset}`);
    devices.push(...(await listed.json()).items);
  }
  const blocked = devices.find((device) => device.blocked);
  if (!blocked) throw new Error('the demo has no blocked device');

  await page.goto(`/v2/cloud/${cloudId}/devices?search=${encodeURIComponent(blocked.name)}`);
  const row = page.getByRole('row', { name: new RegExp(blocked.name) });
  await expect(row).toContainText('Blocked', { timeout: 30_000 });
  await expect(row.getByRole('button', { name: `Reboot ${blocked.name}` })).toBeDisabled();

  await row.getByRole('link', { name: blocked.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: blocked.name })).toBeVisible();
  const state = page.locator('#dashboard-state').locator('xpath=ancestor::section[1]');
  await expect(state).toContainText('Blocked');
  await expect(state).toContainText('Its credential is refused and it takes no tasks until it is unblocked.');
  const actions = page.getByRole('group', { name: 'Actions' });
  await expect(actions.getByRole('button', { name: 'Reboot' })).toBeDisabled();
  await expectNoAxeViolations(page);

  await actions.getByRole('button', { name: 'Unblock' }).click();
  await page
    .getByRole('dialog', { name: `Unblock ${blocked.name}?` })
    .getByRole('button', { name: 'Unblock' })
    .click();
  await expect(page.getByText(`${blocked.name} is unblocked.`)).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Unblock' })).toHaveCount(0);
  await expect(actions.getByRole('button', { name: 'Reboot' })).toBeEnabled();
  await expect(state).not.toContainText('Blocked');
});
