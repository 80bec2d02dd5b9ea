// docs/navigation.md#routes the activity page of Demo Networks: the alert history (with acknowledging) and the task history
// (with each task's devices), as the owner, the guest and a site user, at phone and desktop widths.
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, signIn, signInAt } from './support/console.ts';

test.describe.configure({ timeout: 90_000 });

const table = (page: Page, name: string) => page.getByRole('table', { name });
const filter = (page: Page, name: string) => page.getByRole('combobox', { name });

const cases = [
  { email: 'owner@demo.example', width: 1440 },
  { email: 'guest@demo.example', width: 1440 },
  { email: 'siteuser@demo.example', width: 375 },
];

for (const { email, width } of cases) {
  test(`${email} at ${width} px: the panels' links land on filtered histories, and a task opens its devices`, async ({
    page,
  }) => {
    const cloudId = await signIn(page, email, width);

    // The alerts panel's "View all alerts": critical and warning alerts only.
    await page.goto(`/cloud/${cloudId}/activity?health=HEALTH_CRITICAL%2BHEALTH_WARNING#alert`);
    await expect(page.getByRole('tab', { name: 'Alerts' })).toHaveAttribute('aria-selected', 'true');
    await expect(filter(page, 'Health')).toHaveValue('problems');
    const alerts = table(page, 'Alerts');
    await expect(alerts.getByRole('row').nth(1)).toBeVisible();
    const healths = await alerts.getByRole('row').locator('td:nth-child(2)').allInnerTexts();
    expect(healths.length).toBeGreaterThan(0);
    for (const health of healths) expect(health.trim()).toMatch(/^(Critical|Warning)$/);
    await expectNoAxeViolations(page);
    // What the list shows is what the CSV file holds.
    const exported = page.getByRole('link', { name: 'Export CSV' });
    const csv = await page.request.get((await exported.getAttribute('href')) ?? '');
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines.length - 1).toBe(
      Number(
        /of ([\d,]+)/
          .exec(
            await page
              .getByText(/^1–\d+ of /)
              .first()
              .innerText(),
          )?.[1]
          ?.replace(',', ''),
      ),
    );
    for (const line of lines.slice(1)) expect(line).toMatch(/,HEALTH_(CRITICAL|WARNING),/);

    // The task panel's link to a finished task: that task only, in the finished tasks.
    const finished = await page.request.get(
      `/apiv2/cloud/${cloudId}/tasks?status=SUCCESS%2BFAIL%2BTIMEOUT&limit=1`,
    );
    const [task] = (await finished.json()).items as { id: number }[];
    if (!task) throw new Error('no finished task in the demo data');
    await page.goto(`/cloud/${cloudId}/activity?status=SUCCESS%2BFAIL%2BTIMEOUT&id=${task.id}`);
    await expect(page.getByRole('tab', { name: 'Maintenance' })).toHaveAttribute('aria-selected', 'true');
    await expect(filter(page, 'State')).toHaveValue('finished');
    const tasks = table(page, 'Maintenance');
    await expect(tasks.getByRole('row')).toHaveCount(2);
    // The chip of the one task goes with Backspace, as a keyboard user would remove it.
    await page.getByRole('button', { name: `Task ${task.id} only` }).press('Backspace');
    await expect.poll(() => tasks.getByRole('row').count()).toBeGreaterThan(2);

    await tasks
      .getByRole('button', { name: /: its devices$/ })
      .first()
      .click();
    const detail = page.getByRole('dialog');
    await expect(detail.getByRole('table')).toBeVisible();
    await expect(detail.getByRole('row').nth(1)).toContainText(
      /Success|Failed|Timed out|Canceled|Scheduled|Waiting|Contacting device\(s\)|Running/,
    );
    await expectNoAxeViolations(page);
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(detail).toBeHidden();
  });
}

test('the owner acknowledges an open alert with a comment; the guest cannot acknowledge', async ({
  page,
  browser,
}) => {
  await signInAt(page, 'owner@demo.example', 1440, (id) => `/cloud/${id}/activity#alert`);
  await filter(page, 'State').selectOption('open');
  const alerts = table(page, 'Alerts');
  const first = alerts.getByRole('row').nth(1);
  await expect(first).toContainText('Open');
  await first.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Acknowledge (1)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Acknowledge alerts (1)' });
  await dialog.getByLabel('Comment').fill('Known outage, ISP ticket 4411');
  await dialog.getByRole('button', { name: 'Acknowledge (1)' }).click();
  await expect(page.getByText('Alerts acknowledged: 1')).toBeVisible();

  await filter(page, 'State').selectOption('acknowledged');
  await expect(alerts.getByText(/Acknowledged by .+: Known outage, ISP ticket 4411/).first()).toBeVisible();

  const guestPage = await browser.newPage();
  await signInAt(guestPage, 'guest@demo.example', 1440, (id) => `/cloud/${id}/activity#alert`);
  await expect(table(guestPage, 'Alerts').getByRole('row').nth(1)).toBeVisible();
  await expect(guestPage.getByRole('checkbox')).toHaveCount(0);
  await expect(guestPage.getByRole('button', { name: /^Acknowledge/ })).toHaveCount(0);
  await guestPage.close();
});

test('the owner opens a maintenance window for a device from its alert, and ends it', async ({ page }) => {
  await signInAt(page, 'owner@demo.example', 1440, (id) => `/cloud/${id}/activity#alert`);
  const alerts = table(page, 'Alerts');
  const muteButton = alerts.getByRole('button', { name: /^Mute alerts of .+ for maintenance$/ }).first();
  const device = /^Mute alerts of (.+) for maintenance$/.exec(
    (await muteButton.getAttribute('aria-label')) ?? '',
  )?.[1];
  await muteButton.click();
  const dialog = page.getByRole('dialog', { name: 'Mute for maintenance' });
  await expect(dialog.getByRole('radio', { name: `Every alert of ${device}` })).toBeChecked();
  await dialog.getByRole('combobox', { name: 'For' }).selectOption('60');
  await dialog.getByLabel('Comment').fill('Swapping the PSU');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect(
    page.getByText('Maintenance window open: its alerts are kept but notify nobody.'),
  ).toBeVisible();

  const windows = page.getByRole('region', { name: 'Maintenance windows' });
  await expect(windows.getByText(`Every alert of ${device}`)).toBeVisible();
  await expect(windows.getByText(/Swapping the PSU/)).toBeVisible();
  await windows.getByRole('button', { name: `End now: Every alert of ${device}` }).click();
  await expect(windows).toBeHidden();
});

test('a site’s, a device’s and a recorder’s activity show theirs only', async ({ page }) => {
  const cloudId = await signIn(page, 'owner@demo.example', 1440);
  type Item = {
    site: { id: number; name: string } | null;
    device: { id: number; name: string } | null;
    smartnvr: { id: number; name: string } | null;
  };
  const { items } = (await (await page.request.get(`/apiv2/cloud/${cloudId}/alerts?limit=100`)).json()) as {
    items: Item[];
  };
  const onDevice = items.find((item) => item.device && item.site);
  const onRecorder = items.find((item) => item.smartnvr);
  if (!onDevice?.site || !onDevice.device || !onRecorder?.smartnvr)
    throw new Error('the demo has no such alerts');
  const column = (name: string) =>
    table(page, 'Alerts')
      .getByRole('row')
      .locator(`td:nth-child(${name === 'Device' ? 4 : 5})`)
      .allInnerTexts();

  await page.goto(`/site/${onDevice.site.id}/activity`);
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await expect(table(page, 'Alerts').getByRole('row').nth(1)).toBeVisible();
  expect(new Set(await column('Site'))).toEqual(new Set([onDevice.site.name]));

  await page.goto(`/site/${onDevice.site.id}/device/${onDevice.device.id}/activity`);
  await expect(table(page, 'Alerts').getByRole('row').nth(1)).toBeVisible();
  expect(new Set(await column('Device'))).toEqual(new Set([onDevice.device.name]));
  await expectNoAxeViolations(page);

  await page.goto(`/smartnvr/${onRecorder.smartnvr.id}/activity`);
  await expect(table(page, 'Alerts').getByRole('row').nth(1)).toBeVisible();
  // A recorder's alert names the recorder, and its cameras where the alert is about one.
  expect(new Set((await column('Device')).map((cell) => cell.split(' · ')[0]))).toEqual(
    new Set([onRecorder.smartnvr.name]),
  );
  await page.getByRole('tab', { name: 'Maintenance' }).click();
  await expect(page).toHaveURL(/\/smartnvr\/\d+\/activity#maintenance$/);
  await expect(table(page, 'Maintenance')).toBeVisible();
});
