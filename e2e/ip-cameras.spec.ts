// docs/cameras.md: the owner opens the HQ Smart NVR's IP Cameras, scans its network and adds a camera the
// demo's last scan found (each a task to the recorder, in the task history with its parameters); a guest
// reads the same page with nothing to change. At 1440 and 375 px, with axe. Other journeys run the demo's
// recorders, so this one changes nothing a recorder must do and asserts the tasks the console made.
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, startSession } from './support/console.ts';

type Task = { id: number; type_id: string; task_params: Record<string, unknown>; snvr_device_id: number };

let cloudId = 0;
let recorderId = 0;

// The guest may not list recorders: the owner finds Demo Networks' HQ recorder for both.
test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const login = await request.post('/apiv2/auth/login', {
    data: { email: 'owner@demo.example', password: 'demo-console' },
  });
  expect(login.ok()).toBe(true);
  const me = await (await request.get('/apiv2/auth/me')).json();
  cloudId =
    (me.memberships as { cloud_id: number; cloud_name: string }[]).find(
      (membership) => membership.cloud_name === 'Demo Networks',
    )?.cloud_id ?? 0;
  const list = await request.get(`/apiv2/cloud/${cloudId}/smartnvrs`);
  expect(list.ok()).toBe(true);
  const recorder = ((await list.json()).items as { id: number; name: string }[]).find(
    (item) => item.name === 'HQ Smart NVR',
  );
  if (!recorder) throw new Error('no HQ Smart NVR in the demo data');
  recorderId = recorder.id;
  await request.dispose();
});

const noSidewaysScroll = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);

async function tasksOf(page: Page, type: string): Promise<Task[]> {
  const response = await page.request.get(`/apiv2/cloud/${cloudId}/tasks?type=${type}&limit=100`);
  expect(response.ok()).toBe(true);
  return ((await response.json()).items as Task[]).filter((task) => task.snvr_device_id === recorderId);
}

async function openCameras(page: Page) {
  await page.goto(`/v2/cloud/${cloudId}/smartnvr/${recorderId}/ipcams`);
  await expect(page.getByRole('heading', { level: 1, name: 'IP Cameras' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Cameras' }).getByRole('row').nth(1)).toBeVisible();
  // The demo's last scan found two cameras the recorder does not record (docs/demo.md).
  const discovered = page.getByRole('table', { name: 'Discovered cameras' });
  await expect(discovered.getByText('10.10.9.30')).toBeVisible();
  return discovered;
}

for (const width of [1440, 375]) {
  test(`the owner scans for cameras and adds one the scan found at ${width} px`, async ({ page }) => {
    await startSession(page, 'owner@demo.example', width);
    await openCameras(page);
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page);

    // One journey starts the scan: the other finds it running (the button waits for its end).
    if (width === 1440) {
      await page.getByRole('button', { name: 'Scan for cameras' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Task started: ONVIF camera scan' }),
      ).toBeVisible();
      await expect(page.getByText("Scanning the recorder's network…")).toBeVisible();
      await expect(page.getByRole('button', { name: 'Scan for cameras' })).toBeDisabled();
      expect(await tasksOf(page, 'TASK_ONVIF_SCAN_AND_COLLECT')).not.toHaveLength(0);
    }

    await page.getByRole('button', { name: 'Add Camera Reception' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add the camera at 10.10.9.30' });
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await expect(name).toHaveValue('Camera Reception');
    await name.fill(`Reception desk ${width}`);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Task started: Add camera' })).toBeVisible();
    const adopted = await tasksOf(page, 'TASK_CAMERA_ADOPT');
    expect(adopted.map((task) => task.task_params)).toContainEqual({
      ip: '10.10.9.30',
      name: `Reception desk ${width}`,
    });
    await noSidewaysScroll(page);
  });

  test(`a guest reads the cameras with nothing to change at ${width} px`, async ({ page }) => {
    await startSession(page, 'guest@demo.example', width);
    const discovered = await openCameras(page);
    await expect(
      page.getByText('You can see these cameras; changing them needs the Smart NVR permission.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Scan for cameras' })).toHaveCount(0);
    await expect(discovered.getByRole('button')).toHaveCount(0);
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });
}
