// docs/navigation.md#routes the cloud and site dashboards of Demo Networks as the owner, the guest and a site user, at
// phone and desktop widths: counts that agree with the device list they link to, the range picker, a
// chart's data table, and a site's own dashboard.
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support/console.ts';

test.describe.configure({ timeout: 90_000 });

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
/** The list's total as its pager says it ("1–50 of 182"). */
const listTotal = async (page: Page) =>
  Number(
    (
      /of ([\d,]+)/.exec(
        await page
          .getByText(/^1–\d+ of /)
          .first()
          .innerText(),
      )?.[1] ?? 'NaN'
    ).replace(',', ''),
  );

const cases = [
  { email: 'owner@demo.example', width: 1440 },
  { email: 'guest@demo.example', width: 1440 },
  { email: 'siteuser@demo.example', width: 375 },
];

for (const { email, width } of cases) {
  test(`${email} at ${width} px: the dashboard's counts match the lists they open, over any range`, async ({
    page,
  }) => {
    const cloudId = await signIn(page, email, width);
    const devices = region(page, 'Devices');
    await expect(devices).toBeVisible();
    await expectNoAxeViolations(page);

    // Everything the caller sees: the same number as the device list, which the API narrows the same way.
    const all = devices.getByRole('link', { name: /^All \d+ devices$/ });
    const total = Number(/\d+/.exec(await all.innerText())?.[0]);
    const listed = await page.request.get(`/apiv2/cloud/${cloudId}/devices?limit=1`);
    expect(total).toBe((await listed.json()).total);

    // A family's count opens the device list filtered to that family, with as many devices.
    const family = devices.getByRole('link', { name: /^Access points: all \d+ devices$/ });
    const familyTotal = Number(
      /all (\d+) devices/.exec((await family.getAttribute('aria-label')) ?? '')?.[1],
    );
    await family.click();
    await expect(page).toHaveURL(new RegExp(`/v2/cloud/${cloudId}/devices\\?type=wifi$`));
    await expect(
      page.getByRole('group', { name: 'Filters' }).getByRole('combobox', { name: 'Family' }),
    ).toHaveText('Access points');
    await expect.poll(() => listTotal(page)).toBe(familyTotal);
    await page.goBack();

    // Another range: the address keeps it, and the alerts chart's data table has a row per day.
    await page.getByRole('group', { name: 'Time range' }).getByRole('button', { name: '30 days' }).click();
    await expect(page).toHaveURL(/range=30d/);
    const alerts = region(page, 'Alerts raised');
    await alerts.getByRole('button', { name: 'Show data table' }).click();
    await expect(alerts.getByRole('table').getByRole('row')).toHaveCount(31);
    await expectNoAxeViolations(page);
  });
}

test("a site's dashboard: its devices, where it is, and its counts opening its own device list", async ({
  page,
}) => {
  await signIn(page, 'owner@demo.example', 1440);
  // docs/site-map.md#elsewhere: the cloud's sites with coordinates are markers on its dashboard.
  const sitesMap = region(page, "Map of the cloud's sites");
  await expect(sitesMap.getByRole('button').first()).toBeVisible();
  const worst = region(page, 'Sites with the most problems').getByRole('link').first();
  const siteName = await worst.innerText();
  await worst.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Site Dashboard' })).toBeVisible();
  await expect(page.getByText(siteName, { exact: true }).first()).toBeVisible();
  await expect(region(page, 'Location')).toBeVisible();
  await expect(region(page, `Map of ${siteName}`).getByRole('button', { name: siteName })).toBeVisible();
  const siteDevices = region(page, 'Devices of the site');
  await expect(siteDevices.getByRole('listitem').first()).toBeVisible();
  await expectNoAxeViolations(page);
  const allOfSite = siteDevices.getByRole('link', { name: /^All \d+ devices$/ });
  const siteTotal = Number(/\d+/.exec(await allOfSite.innerText())?.[0]);
  await allOfSite.click();
  await expect(page).toHaveURL(/\/site\/\d+\/devices$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Site Devices' })).toBeVisible();
  await expect.poll(() => listTotal(page)).toBe(siteTotal);
});
