import { expect, type Locator, type Page, test } from '@playwright/test';
import { logIn } from './support/console.ts';

/** The id of one of the signed-in user's clouds (the demo seed, docs/demo.md). */
async function cloudId(page: Page, name: string): Promise<number> {
  const response = await page.request.get('/apiv2/clouds');
  expect(response.status()).toBe(200);
  const { clouds } = (await response.json()) as { clouds: { id: number; name: string }[] };
  const cloud = clouds.find((candidate) => candidate.name === name);
  if (!cloud) throw new Error(`no cloud named ${name}`);
  return cloud.id;
}

const notices = (page: Page) => page.getByRole('region', { name: 'Cloud notices' });

test.describe('plan and license notices for the owner of many clouds', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page, 'owner@demo.example');
    // Demo Networks advertises add-ons: the promotional videos greet the owner first (docs/constants.md).
    await page
      .getByRole('dialog', { name: "What's new" })
      .getByRole('button', { name: 'Close' })
      .last()
      .click();
  });

  test('a suspended cloud asks the owner to proceed to payment', async ({ page }) => {
    const id = await cloudId(page, 'Lakeside Hotels');
    await page.goto(`/cloud/${id}/dashboard`);
    await expect(
      notices(page).getByText('Your cloud has been suspended. Please proceed to payment page.'),
    ).toBeVisible();
    await expect(notices(page).getByRole('link', { name: 'Go to payment page' })).toHaveAttribute(
      'href',
      `/cloud/${id}/licenses`,
    );
  });

  test('an expired plan says so with a renew link', async ({ page }) => {
    const id = await cloudId(page, 'Riverside Campus');
    await page.goto(`/cloud/${id}/dashboard`);
    await expect(notices(page).getByText('Your cloud plan has expired.')).toBeVisible();
    await expect(notices(page).getByRole('link', { name: 'Renew' })).toHaveAttribute(
      'href',
      `/cloud/${id}/licenses`,
    );
  });

  test('a plan expiring within 30 days warns with a renew link that opens the licenses page', async ({
    page,
  }) => {
    const id = await cloudId(page, 'Northgate Retail');
    await page.goto(`/cloud/${id}/dashboard`);
    await expect(notices(page).getByText('Your cloud plan will expire soon.')).toBeVisible();
    await notices(page).getByRole('link', { name: 'Renew' }).click();
    await expect(page).toHaveURL(new RegExp(`/cloud/${id}/licenses$`));
  });

  test('a cloud without a billing country reminds the owner', async ({ page }) => {
    const id = await cloudId(page, 'Old Town Apartments');
    await page.goto(`/cloud/${id}/dashboard`);
    await expect(
      notices(page).getByText(
        'The billing address of this cloud has no country. Please add it in the cloud properties.',
      ),
    ).toBeVisible();
  });

  test('an old cloud that never used a license is offered the free trial', async ({ page }) => {
    const id = await cloudId(page, 'Legacy Farms Co-op');
    await page.goto(`/cloud/${id}/dashboard`);
    await expect(
      notices(page).getByText('Your cloud can try the full plan free of charge before it renews.'),
    ).toBeVisible();
  });

  test('the promotional videos are not shown again within 24 h', async ({ page }) => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Demo Networks')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test('a member without manage_licenses is told to contact the cloud administrator', async ({ page }) => {
  await page.route('**/apiv2/cloud/*/license-status*', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), suspended: true } });
  });
  await logIn(page, 'guest@demo.example');
  await expect(
    notices(page).getByText('Your cloud has been suspended. Please contact your cloud administrator.'),
  ).toBeVisible();
  await expect(notices(page).getByRole('link')).toHaveCount(0);
});

test('the owner of a trial cloud gets the quick-start guide once a day', async ({ page }) => {
  await logIn(page, 'trial@demo.example');
  const dialog = page.getByRole('dialog', { name: 'Quick Start Guide' });
  await expect(dialog.getByRole('link', { name: 'Create a site' })).toBeVisible();
  await expectPlayable(dialog.locator('video'));
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a newcomer’s first visit plays the demo’s promotional video', async ({ page }) => {
  await logIn(page, 'admin@demo.example');
  const dialog = page.getByRole('dialog', { name: "What's new" });
  await expectPlayable(dialog.getByLabel('Getting started with the console'));
  await dialog.getByRole('button', { name: 'Firmware updates at scale' }).click();
  await expectPlayable(dialog.getByLabel('Firmware updates at scale'));
  await expect(dialog.getByRole('alert')).toHaveCount(0);
});

/** The video's file exists and the browser read its picture size: it plays, it is no dead player. */
async function expectPlayable(video: Locator) {
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth), { timeout: 10_000 })
    .toBeGreaterThan(0);
}
