// The Admin Panel as the platform administrator: at 1440 px a cloud suspended and its suspension lifted, a news
// post written, published (and read in the news panel), taken back and deleted; at 375 px a person found and an
// error report read, and the promotional videos. The Owner, who is no platform administrator, gets the not-allowed page.
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, signIn, TEXT } from './support/console.ts';
import { takeNewsTurn } from './support/news-turns.ts';

// A cloud no other journey looks at, so suspending it for a moment changes nothing they see.
const CLOUD = 'Stadium Events';
const POST = 'Admin panel journey post';
const REPORT = 'TypeError: the admin panel journey report';

test.describe.configure({ timeout: 90_000 });

const newsPanel = (page: Page) => page.getByRole('dialog', { name: 'Latest News' });

async function openNewsPanel(page: Page) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Latest News/ })
    .click();
  await expect(newsPanel(page)).toBeVisible();
}

test('at 1440 px the platform administrator suspends a cloud, and publishes a news post', async ({
  page,
}) => {
  await signIn(page, 'sysadmin@demo.example', 1440);
  await page.getByRole('banner').getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Admin Panel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Users', selected: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Clouds' }).click();
  await expect(page).toHaveURL(/\/admintools\?tab=clouds$/);
  await page.getByRole('textbox', { name: 'Find clouds by name or id' }).fill(CLOUD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/tab=clouds&search=Stadium\+Events$/);
  const clouds = page.getByRole('table', { name: 'Clouds' });
  const row = clouds.getByRole('row').filter({ hasText: CLOUD });
  await expect(clouds.getByRole('row')).toHaveCount(2);
  await expect(row).toContainText('owner@demo.example');
  await expect(row).toContainText('Active');
  await expectNoAxeViolations(page);

  await row.getByRole('button', { name: `Suspend ${CLOUD}` }).click();
  const confirm = page.getByRole('dialog', { name: `Suspend ${CLOUD}?` });
  await expect(confirm).toContainText('sees the suspended-cloud notice');
  await confirm.getByRole('button', { name: 'Suspend' }).click();
  await expect(row).toContainText('Suspended');
  await expect(row).toContainText(/Since \d{4}-\d\d-\d\d \d\d:\d\d/);
  await row.getByRole('button', { name: `Lift the suspension of ${CLOUD}` }).click();
  await expect(row).toContainText('Active');
  await expect(row.getByRole('button', { name: `Suspend ${CLOUD}` })).toBeVisible();

  await page.getByRole('tab', { name: 'Latest News' }).click();
  await expect(page).toHaveURL(/\/admintools\?tab=news$/);
  await page.getByRole('button', { name: 'Write a post' }).click();
  const form = page.getByRole('dialog', { name: 'New post' });
  await form.getByRole('textbox', { name: 'Title' }).fill(POST);
  await form
    .getByRole('textbox', { name: 'Text' })
    .fill('The **maintenance window** moves to Saturday.\n\nDevices keep working as usual.');
  const link = form.getByRole('textbox', { name: 'Link to the post on the blog' });
  await link.fill('not a link');
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(form.getByText('Enter an http:// or https:// address.')).toBeVisible();
  await link.fill('https://news.demo.example/admin-panel-journey/');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(form).toBeHidden();

  const posts = page.getByRole('table', { name: 'Latest News' });
  const postRow = posts.getByRole('row').filter({ hasText: POST });
  await expect(postRow).toContainText('Draft');
  await expectNoAxeViolations(page);
  // Published, the post is in everyone's news panel until it is taken back and deleted below.
  const handBack = await takeNewsTurn();
  try {
    await postRow.getByRole('button', { name: `Publish ${POST}` }).click();
    await expect(postRow).toContainText('Published');

    // The news panel shows the post, drawn from the text as written.
    await openNewsPanel(page);
    const item = newsPanel(page).getByRole('button', { name: new RegExp(POST) });
    await item.click();
    await expect(item).toHaveAttribute('aria-expanded', 'true');
    await expect(newsPanel(page).locator('strong', { hasText: 'maintenance window' })).toBeVisible();
    await expect(newsPanel(page).getByText('Devices keep working as usual.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(newsPanel(page)).toBeHidden();

    await postRow.getByRole('button', { name: `Unpublish ${POST}` }).click();
    await expect(postRow).toContainText('Draft');
    await openNewsPanel(page);
    await expect(newsPanel(page).getByRole('button', { name: new RegExp(POST) })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The demo's news stays as it was for the other journeys.
    await postRow.getByRole('button', { name: `Delete ${POST}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete this post?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(postRow).toHaveCount(0);
  } finally {
    await handBack();
  }
});

test('at 375 px the platform administrator finds a person and reads an error report', async ({ page }) => {
  await signIn(page, 'sysadmin@demo.example', 375);
  // A report to read, sent as the web app's report dialog sends it.
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
  const sent = await page.request.post('/apiv2/error-reports', {
    headers: { 'x-csrf-token': csrf },
    data: {
      serviceContext: { service: 'web', version: '1.0.0' },
      context: {
        user: 'sysadmin@demo.example',
        httpRequest: { userAgent: 'Journey browser', url: 'http://127.0.0.1/cloud/1/dashboard' },
        reportLocation: { filePath: 'assets/panel.js', lineNumber: 12, functionName: 'renderPanel' },
      },
      message: `${REPORT}\n    at renderPanel (assets/panel.js:12:3)\n    at commitRoot (assets/react.js:900:7)`,
    },
  });
  expect(sent.status()).toBe(200);

  await page.goto('/admintools');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Find people by name or email' }).fill('olivia');
  await page.keyboard.press('Enter');
  const people = page.getByRole('table', { name: 'Users' });
  await expect(people.getByRole('row')).toHaveCount(2);
  const olivia = people.getByRole('row').filter({ hasText: 'owner@demo.example' });
  await expect(olivia).toContainText('Olivia Owner');
  await expect(olivia).toContainText('Demo Networks (Owner)');
  await expectNoAxeViolations(page);

  await page.getByRole('tab', { name: 'Error reports' }).click();
  await expect(page).toHaveURL(/\/admintools\?tab=errors$/);
  const reports = page.getByRole('table', { name: 'Error reports' });
  const reportRow = reports.getByRole('row').filter({ hasText: REPORT }).first();
  await expect(reportRow).toBeVisible();
  await reportRow.getByRole('button', { name: /^Details of error report \d+$/ }).click();
  const details = page.getByRole('dialog', { name: /^Error report \d+$/ });
  await expect(details).toContainText('sysadmin@demo.example');
  await expect(details).toContainText('assets/panel.js, line 12, in renderPanel');
  await expect(details).toContainText('Journey browser');
  // The stack trace keeps its lines.
  const trace = details.getByRole('region', { name: 'Message and stack trace' });
  await expect(trace).toContainText('at commitRoot (assets/react.js:900:7)');
  expect(await trace.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('pre-wrap');
  await expectNoAxeViolations(page);
  await details.getByRole('button', { name: 'Close' }).last().click();
  await expect(details).toBeHidden();

  // The promotional videos, looked at and left as they are: other journeys' first visits play them.
  await page.getByRole('tab', { name: 'Promotional videos' }).click();
  const videos = page.getByRole('table', { name: 'Promotional videos' });
  await expect(
    videos.getByRole('switch', {
      name: 'Offer Getting started with the console in the promotional video dialog',
    }),
  ).toBeChecked();
  await expectNoAxeViolations(page);
});

test('the Owner, who is no platform administrator, gets the not-allowed page', async ({ page }) => {
  await signIn(page, 'owner@demo.example', 1440);
  await page.getByRole('banner').getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/admintools?tab=clouds');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByText(TEXT.forbidden)).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expectNoAxeViolations(page);
  // The server refuses them too.
  expect((await page.request.get('/apiv2/admin/clouds')).status()).toBe(403);
});
