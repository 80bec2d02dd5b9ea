// docs/navigation.md#navigation-drawer, docs/constants.md switch menu, Files: a switch with management daemon 1.5.0 or newer lists its files; the
// owner fetches one from the device and downloads the copy, a guest reads the list only. The switch speaks
// the agent API from the test, so the file comes through the console's real task path.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signInAt, startSession } from './support/console.ts';
import { adoptDemoDevice } from './support/device.ts';

test.describe.configure({ timeout: 90_000 });

const LOG = 'Nov 26 09:30:00 port 3 link down\nNov 26 09:31:12 port 3 link up 1000M\n';
const FILES = [
  { name: 'messages.log', size: LOG.length, modifiedAt: '2026-11-26T09:31:12.000Z' },
  { name: 'running-config.cfg', size: 2048, modifiedAt: '2026-11-20T08:00:00.000Z' },
];

type Candidate = { product_type: string; mgmtd_version: string; site: { id: number } | null };

/** The nth demo switch whose management daemon keeps files: each test adopts its own. */
const keepsFiles =
  (nth: number) =>
  <T extends Candidate>(devices: T[]) =>
    devices.filter(
      (device) =>
        device.product_type === 'switch' &&
        device.site !== null &&
        ['1.5.0', '1.6.3', '1.10.0'].includes(device.mgmtd_version),
    )[nth];

const filesPath = (cloudId: number, device: { id: number; site: { id: number } | null }) =>
  `/v2/cloud/${cloudId}/site/${device.site?.id}/device/${device.id}/device-files`;

test('the owner at 1440 px fetches a file from a switch and downloads it', async ({ page }) => {
  const cloudId = await startSession(page, 'owner@demo.example', 1440);
  const device = await adoptDemoDevice(page, cloudId, keepsFiles(0));
  await device.heartbeat({ files: FILES });

  await page.goto(filesPath(cloudId, device));
  await expect(page.getByRole('heading', { level: 1, name: 'Device Files' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Device Files' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row', { name: /messages\.log/ })).toContainText('Not fetched');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Fetch messages.log from the device' }).click();
  const [command] = await device.commands();
  expect(command).toMatchObject({ type: 'TASK_REPORT', params: { file: 'messages.log' } });
  if (!command) throw new Error('the switch got no task');
  await device.report(command.id, { state: 'running', progress: 0 });
  await device.report(command.id, {
    state: 'success',
    result: {
      file: { name: 'messages.log', contentType: 'text/plain', base64: Buffer.from(LOG).toString('base64') },
    },
  });

  const download = page.getByRole('link', { name: 'Download messages.log' });
  await expect(download).toBeVisible({ timeout: 15_000 });
  await expect(table.getByRole('row', { name: /messages\.log/ })).toContainText('Success');
  const [saved] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(saved.suggestedFilename()).toBe('messages.log');
  const path = await saved.path();
  const { readFile } = await import('node:fs/promises');
  expect(await readFile(path, 'utf8')).toBe(LOG);
  await expect(page.getByRole('button', { name: 'Fetch messages.log from the device' })).toHaveText(
    'Fetch again',
  );
});

test('a guest at 375 px reads a switch’s files and may not fetch them', async ({ page, browser }) => {
  // The owner's session has the devices the switch is picked from; the guest reads the page.
  const ownerPage = await browser.newPage();
  const ownerCloud = await startSession(ownerPage, 'owner@demo.example', 1440);
  const device = await adoptDemoDevice(ownerPage, ownerCloud, keepsFiles(1));
  await device.heartbeat({ files: FILES });
  await ownerPage.close();

  await signInAt(page, 'guest@demo.example', 375, (id) => filesPath(id, device));
  const table = page.getByRole('table', { name: 'Device Files' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(
    page.getByText('The files the device keeps. Your role does not allow fetching them.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Fetch / })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
