// docs/topology.md: the owner opens the topology of a demo site (docs/demo.md#topology): the graph from
// 600 px wide, the table of links below; a device's box or row leads to its dashboard.
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, startSession } from './support/console.ts';

async function siteId(page: Page, cloudId: number, name: string): Promise<number> {
  const response = await page.request.get(`/apiv2/cloud/${cloudId}/sites?limit=100`);
  expect(response.ok()).toBe(true);
  const site = ((await response.json()).items as { id: number; name: string }[]).find(
    (one) => one.name === name,
  );
  if (!site) throw new Error(`no site ${name}`);
  return site.id;
}

for (const width of [1440, 375]) {
  test(`the owner opens a site's topology at ${width} px and follows a device to its dashboard`, async ({
    page,
  }) => {
    const cloudId = await startSession(page, 'owner@demo.example', width);
    const site = await siteId(page, cloudId, 'Sunset Clinic');
    await page.goto(`/v2/cloud/${cloudId}/site/${site}/topology`);
    await expect(page.getByRole('heading', { level: 1, name: 'Topology' })).toBeVisible();
    let device: ReturnType<Page['getByRole']>;
    if (width > 600) {
      const graph = page.getByRole('region', { name: 'Topology graph' });
      await expect(graph.locator('.react-flow__edge').first()).toBeVisible();
      await page.getByRole('searchbox', { name: 'Find a device' }).fill('Gateway');
      await expect(page.getByRole('status').filter({ hasText: 'Devices found: 1' })).toBeVisible();
      await expect(graph.locator('[data-highlighted]')).toHaveCount(1);
      device = graph.locator('[data-highlighted]').getByRole('link');
    } else {
      // A phone opens on the table of links.
      const table = page.getByRole('table', { name: 'Links of the site' });
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      device = table.getByRole('row').nth(1).getByRole('link').first();
    }
    await expectNoAxeViolations(page);

    const name = (await device.textContent()) ?? '';
    await device.click();
    await expect(page).toHaveURL(new RegExp(`/site/${site}/device/\\d+/dashboard$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  });
}
