// docs/navigation.md#top-bar-panels, docs/states.md task tracker as the owner and the guest of Demo Networks, at phone and desktop widths.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support/console.ts';

// docs/states.md state labels of each tab.
const FINISHED_STATES = /Success|Failed|Timed out|Canceled/;
const IN_PROGRESS_STATES = /Scheduled|Waiting|Contacting device\(s\)|Running/;

/** The unseen count the server gives the signed-in user. */
async function serverCount(page: Page, cloudId: number) {
  const response = await page.request.get(`/apiv2/cloud/${cloudId}/recent-tasks-count`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as { newCompleted: number; newRunning: number };
}

const tasksButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Tasks/ });
const tasksPanel = (page: Page) => page.getByRole('dialog', { name: 'Tasks' });
const tab = (panel: Locator, name: string) => panel.getByRole('tab', { name, exact: true });

/** The address and text of each task link, read at once. */
function taskLinks(links: Locator) {
  return links.evaluateAll((elements) =>
    elements.map((element) => ({
      href: element.getAttribute('href') ?? '',
      text: element.textContent ?? '',
    })),
  );
}

async function openPanel(page: Page) {
  await tasksButton(page).click();
  const panel = tasksPanel(page);
  await expect(panel).toBeVisible();
  return panel;
}

// Two accessibility scans on a shared 2-core machine take a while. One worker runs both journeys, after
// the one task the file makes.
test.describe.configure({ timeout: 90_000, mode: 'serial' });

// The panel lists the cloud's latest tasks, and the other journeys add theirs: a task canceled before it
// was due, a few seconds from now (a finished task with an error), is among the latest when the journey
// reads the panel, and its due time has passed when the journey marks the tasks viewed.
test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const login = await request.post('/apiv2/auth/login', {
    data: { email: 'owner@demo.example', password: 'demo-console' },
  });
  expect(login.ok()).toBe(true);
  const { cookies } = await request.storageState();
  const headers = { 'x-csrf-token': cookies.find((cookie) => cookie.name === 'csrf_token')?.value ?? '' };
  const { clouds } = (await (await request.get('/apiv2/clouds')).json()) as {
    clouds: { id: number; name: string }[];
  };
  const cloudId = clouds.find((cloud) => cloud.name === 'Demo Networks')?.id;
  const { sites } = (await (await request.get(`/apiv2/cloud/${cloudId}/sites-select`)).json()) as {
    sites: { id: number }[];
  };
  const created = await request.post(`/apiv2/cloud/${cloudId}/tasks`, {
    headers,
    data: {
      type: 'TASK_REBOOT',
      targets: { site_id: sites[0]?.id },
      execute_at: new Date(Date.now() + 3_000).toISOString(),
    },
  });
  expect(created.status()).toBe(201);
  const { task } = (await created.json()) as { task: { id: number } };
  expect((await request.post(`/apiv2/cloud/${cloudId}/tasks/${task.id}/cancel`, { headers })).ok()).toBe(
    true,
  );
  await request.dispose();
});

// Each role once and each width once: the panel is the same for both roles but for the tasks listed.
for (const [email, width] of [
  ['owner@demo.example', 1440],
  ['guest@demo.example', 375],
] as const) {
  test(`${email} at ${width} px reads both tabs; closing marks the tasks viewed`, async ({ page }) => {
    const cloudId = await signIn(page, email, width);
    const panel = await openPanel(page);
    await expect(tab(panel, 'Finished')).toHaveAttribute('aria-selected', 'true');
    const finished = panel.getByRole('link');
    await expect(finished.first()).toBeVisible();
    const finishedTasks = await taskLinks(finished);
    for (const { href, text } of finishedTasks) {
      expect(href).toMatch(
        new RegExp(`^/cloud/${cloudId}/activity\\?status=SUCCESS%2BFAIL%2BTIMEOUT&id=\\d+$`),
      );
      expect(text).toMatch(FINISHED_STATES);
      expect(text).toContain('100% complete');
    }
    await expect(panel.getByText(/^Errors: [1-9]\d*$/).first()).toBeVisible();
    await expectNoAxeViolations(page);

    await tab(panel, 'In Progress').click();
    await expect(tab(panel, 'In Progress')).toHaveAttribute('aria-selected', 'true');
    const inProgress = panel.getByRole('link');
    await expect(inProgress.first()).toBeVisible();
    for (const { href, text } of await taskLinks(inProgress)) {
      expect(href).toMatch(new RegExp(`^/cloud/${cloudId}/activity\\?status=RUNNING%2BPENDING&id=\\d+$`));
      expect(text).toMatch(IN_PROGRESS_STATES);
    }
    for (const state of ['Scheduled', 'Waiting', 'Contacting device(s)', 'Running'])
      await expect(panel.getByText(state, { exact: true }).first()).toBeVisible();
    await expectNoAxeViolations(page);

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(tasksButton(page)).toBeFocused();
    // docs/states.md: what stays unseen is what is scheduled after the view; the badge says what the server counts.
    await expect.poll(async () => (await serverCount(page, cloudId)).newCompleted).toBe(0);
    const { newRunning } = await serverCount(page, cloudId);
    await expect(tasksButton(page)).toHaveAccessibleName(
      newRunning > 0 ? `Tasks, unseen: ${newRunning}` : 'Tasks',
    );

    const again = await openPanel(page);
    // The panel reopens on the tab it closed on.
    await expect(tab(again, 'In Progress')).toHaveAttribute('aria-selected', 'true');
    await expect(again.getByRole('link').first()).toBeVisible();
    await expect(again.getByText('New', { exact: true })).toHaveCount(newRunning);
    const unseen = again.getByRole('link').filter({ has: page.getByText('New', { exact: true }) });
    for (const { text } of await taskLinks(unseen)) expect(text).toContain('Scheduled');
    await tab(again, 'Finished').click();
    // A task another journey finishes meanwhile is new, and the tasks other journeys start may push the
    // oldest out of the list; none read before closing is new.
    const readBefore = finishedTasks.map(({ href }) => again.locator(`a[href="${href}"]`));
    await expect(readBefore[0] as Locator).toBeVisible();
    for (const read of readBefore) await expect(read.getByText('New', { exact: true })).toHaveCount(0);

    const first = again.getByRole('link').first();
    const href = new URL((await first.getAttribute('href')) ?? '', page.url()).href;
    await first.click();
    await expect(again).toBeHidden();
    await expect(page).toHaveURL(href);
  });
}
