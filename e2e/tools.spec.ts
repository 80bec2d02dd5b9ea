// docs/tools.md: a member with the support tools runs a traceroute from a device of Demo Networks; the device
// (answering through the agent API, as the journeys' console runs no simulator) reports its hops in two
// steps, and the page shows each as it comes. The page is axe-clean at 1440 and 375 px.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, startSession } from './support/console.ts';
import { adoptDemoDevice } from './support/device.ts';

const hop = (n: number, address: string, name: string | null, rttMs: number) => ({
  hop: n,
  address,
  name,
  rttMs,
});

test('a member with the support tools runs a traceroute from a device and sees its hops', async ({
  page,
}) => {
  const cloudId = await startSession(page, 'sysadmin@demo.example', 1440);
  // An access point of the last page of the cloud's devices, which no other journey adopts.
  const device = await adoptDemoDevice(
    page,
    cloudId,
    (devices) =>
      devices
        .filter((item) => item.product_type === 'wifi' && item.allowed_tasks.includes('TASK_TROUBLESHOOT'))
        .at(-3),
    300,
  );

  await page.goto(`/v2/cloud/${cloudId}/tools`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tools' })).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Device' });
  await picker.fill(device.name);
  await page.getByRole('option', { name: new RegExp(`^${device.name}`) }).click();
  await page.getByRole('combobox', { name: 'Tool' }).click();
  await page.getByRole('option', { name: 'Traceroute' }).click();
  // A bad host is refused before anything is sent.
  const host = page.getByRole('textbox', { name: 'Host name or IP address' });
  await host.fill('not a host');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByText('Enter a host name or an IP address')).toBeVisible();
  await host.fill('example.com');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Traceroute: example.com' })).toBeVisible();

  // The device takes the task and reports its first two hops, then the rest.
  const [command] = (await device.commands()).filter((one) => one.type === 'TASK_TROUBLESHOOT');
  if (!command) throw new Error('the device got no traceroute');
  const first = [hop(1, '192.168.1.1', 'gw-demo', 0.7), hop(2, '203.0.113.1', null, 4.2)];
  const address = '93.184.215.14';
  await device.report(command.id, {
    state: 'running',
    progress: 40,
    result: { troubleshoot: { tool: 'traceroute', address, hops: first, reached: false } },
  });
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByRole('cell', { name: '203.0.113.1' })).toBeVisible();
  await expect(result.getByRole('status')).toContainText('Running');
  const all = [
    ...first,
    hop(3, '198.51.100.37', 'ae1.core2.transit.example', 11.5),
    hop(4, address, null, 18.9),
  ];
  await device.report(command.id, {
    state: 'success',
    result: { troubleshoot: { tool: 'traceroute', address, hops: all, reached: true } },
  });
  await expect(result.getByRole('cell', { name: 'ae1.core2.transit.example' })).toBeVisible();
  await expect(result.getByRole('cell', { name: address })).toBeVisible();
  await expect(result.getByRole('status')).toContainText('Success');
  // Kept in the task history: it leads the recent runs.
  const runs = page.getByRole('region', { name: 'Recent runs' });
  await expect(runs.getByRole('button', { name: 'Traceroute: example.com' }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(result.getByRole('cell', { name: address })).toBeVisible();
  await expectNoAxeViolations(page);
});
