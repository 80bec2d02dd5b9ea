// Issue "tasks and live updates": what devices do reaches the open pages without a reload. A device of the
// trial owner's cloud (their own, so no other test sees its alerts and tasks) reboots by itself, then
// takes a reboot started from the device list; another device's health reaches the open site list.
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/console.ts';
import { adoptDemoDevice } from './support/device.ts';

const alertsButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Alerts/ });
const tasksButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Tasks/ });

test.describe.configure({ timeout: 60_000 });

test('a device reboot shows in the open alerts panel, and a reboot started in the browser reaches Success in the task panel', async ({
  page,
}) => {
  const cloudId = await signIn(page, 'trial@demo.example', 1440);
  const device = await adoptDemoDevice(page, cloudId, (devices) =>
    devices.find((d) => d.allowed_tasks.includes('TASK_REBOOT')),
  );

  await alertsButton(page).click();
  const alerts = page.getByRole('dialog', { name: 'Alerts' });
  const rebooted = alerts
    .getByRole('listitem')
    .filter({ hasText: 'Device rebooted' })
    .filter({ hasText: device.name });
  await expect(alerts.getByRole('list', { name: 'Recent alerts' })).toBeVisible();
  const before = await rebooted.count();
  await device.event('reboot', { reason: 'power', uptimeS: 4 });
  await expect(rebooted).toHaveCount(before + 1);
  await page.keyboard.press('Escape');
  await expect(alerts).toBeHidden();

  await page.goto(`/v2/cloud/${cloudId}/devices?search=${encodeURIComponent(device.name)}`);
  await page.getByRole('button', { name: `Reboot ${device.name}` }).click();
  const created = page.waitForResponse(
    (r) => r.url().endsWith(`/apiv2/cloud/${cloudId}/tasks`) && r.request().method() === 'POST',
  );
  await page
    .getByRole('dialog', { name: `Reboot ${device.name}?` })
    .getByRole('button', { name: 'Reboot' })
    .click();
  const taskId = (await (await created).json()).task.id as number;
  await expect(
    page.getByText(`Reboot of ${device.name} started. The task tracker follows it.`),
  ).toBeVisible();

  await tasksButton(page).click();
  const tasks = page.getByRole('dialog', { name: 'Tasks' });
  await tasks.getByRole('tab', { name: 'In Progress', exact: true }).click();
  const task = tasks.locator(`a[href$="id=${taskId}"]`);
  await expect(task).toContainText('Contacting device(s)');

  const [command] = await device.commands();
  expect(command).toMatchObject({ type: 'TASK_REBOOT' });
  if (!command) return;
  expect(await device.report(command.id, { state: 'running', progress: 0 })).toBe('TASK_RUNNING');
  await expect(task).toContainText('Running');
  expect(await device.report(command.id, { state: 'success' })).toBe('TASK_SUCCESS');
  await tasks.getByRole('tab', { name: 'Finished', exact: true }).click();
  await expect(tasks.locator(`a[href$="id=${taskId}"]`)).toContainText('Success');
  await expect(tasks.locator(`a[href$="id=${taskId}"]`)).toContainText('100% complete');
});

test("a device's new health reaches the open site list's counts without a reload", async ({ page }) => {
  const cloudId = await signIn(page, 'trial@demo.example', 1440);
  // Not the device the reboot journey adopts (the first that takes a reboot).
  const device = await adoptDemoDevice(page, cloudId, (devices) =>
    devices
      .filter((d) => d.site !== null && d !== devices.find((r) => r.allowed_tasks.includes('TASK_REBOOT')))
      .at(-1),
  );
  const siteId = device.site?.id;
  await device.heartbeat({});
  // The site's critical and warning counts as the console answers them now, and as the open page shows them.
  const health = async () => {
    const sites = await page.request.get(`/apiv2/cloud/${cloudId}/sites?limit=100&offset=0`);
    const site = (await sites.json()).items.find((item: { id: number }) => item.id === siteId);
    return `critical ${site.critical_count}, warning ${site.warning_count}`;
  };
  const streaming = page.waitForResponse((response) => response.url().endsWith('/apiv2/events'));
  await page.goto(`/v2/cloud/${cloudId}/sites`);
  const row = page
    .getByRole('row')
    .filter({ has: page.locator(`a[href="/site/${siteId}/dashboard#default"]`) });
  const shown = async () => {
    const text = await row.innerText();
    const count = (name: string) => text.match(new RegExp(`${name}: (\\d+)`))?.[1] ?? '0';
    return `critical ${count('Critical')}, warning ${count('Warning')}`;
  };
  await expect(row).toBeVisible();
  await streaming;
  const before = await health();

  // Strained (CPU past its limit): its health becomes HEALTH_WARNING and the site counts one more warning,
  // which the open page shows as the console answers it, without a reload.
  await device.nextSecond();
  await device.heartbeat({ system: { cpuPct: 97, memPct: 40, tempC: 45 } });
  expect(await health()).not.toBe(before);
  await expect.poll(async () => (await shown()) === (await health())).toBe(true);
});
