// docs/telemetry.md: an operator diagnosing with the Statistics pages reads a point-to-point link's signal
// at both ends and a switch's per-port charts (throughput and errors of a chosen port, PoE draw per port
// against the budget) over the last 7 days, which the demo's history draws whole on a fresh start
// (docs/telemetry.md#demo-history), at phone and desktop widths.
import { expect, type Page, test } from '@playwright/test';
import { modelHardware } from '../core/product-hardware.ts';
import { expectNoAxeViolations, startSession } from './support/console.ts';

type Listed = { id: number; product_brand_id: number; site: { id: number } | null };

/** A device of the family on a site, whose model `fits`. */
async function deviceOf(page: Page, cloudId: number, family: string, fits: (brandId: number) => boolean) {
  const response = await page.request.get(
    `/apiv2/cloud/${cloudId}/devices?type=${family}&status=online&limit=100`,
  );
  const items = (await response.json()).items as Listed[];
  const device = items.find((item) => item.site !== null && fits(item.product_brand_id));
  if (!device?.site) throw new Error(`no ${family} of that kind in the demo data`);
  return { siteId: device.site.id, deviceId: device.id };
}

const chart = (page: Page, name: string | RegExp) =>
  page.getByRole('region', { name, exact: typeof name === 'string' });

for (const width of [1440, 375]) {
  test(`the owner at ${width} px reads a point-to-point link's signal and a switch's ports over 7 days`, async ({
    page,
  }) => {
    const cloudId = await startSession(page, 'owner@demo.example', width);

    const link = await deviceOf(
      page,
      cloudId,
      'metrolinq',
      (brandId) => modelHardware(brandId)?.link?.role === 'ptp',
    );
    await page.goto(`/site/${link.siteId}/device/${link.deviceId}/statistics/networks?range=7d`);
    await expect(page.getByRole('heading', { level: 1, name: 'Network Statistics' })).toBeVisible();
    const signal = chart(page, 'Link signal strength');
    await expect(signal.locator('svg').first()).toBeVisible();
    await signal.getByRole('button', { name: 'Show data table' }).click();
    const signalTable = signal.getByRole('table', { name: 'Link signal strength' });
    await expect(signalTable.getByRole('columnheader', { name: 'This end' })).toBeVisible();
    await expect(signalTable.getByRole('columnheader', { name: 'Far end' })).toBeVisible();
    // An hour of each of the 7 days, both ends heard.
    await expect(signalTable.getByRole('row').nth(1)).toContainText(/-[\d.]+ dBm.*-[\d.]+ dBm/);
    expect(await signalTable.getByRole('row').count()).toBeGreaterThan(100);
    await expect(chart(page, 'Link capacity').locator('svg').first()).toBeVisible();
    await expectNoAxeViolations(page);

    const switchDevice = await deviceOf(
      page,
      cloudId,
      'switch',
      (brandId) => (modelHardware(brandId)?.ports?.poeBudgetW ?? 0) > 0,
    );
    await page.goto(
      `/site/${switchDevice.siteId}/device/${switchDevice.deviceId}/statistics/networks?range=7d`,
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Network Statistics' })).toBeVisible();
    // The busiest port comes first; choosing another redraws its charts.
    const portChoice = page.getByRole('combobox', { name: 'Port' });
    await expect(portChoice).toBeVisible();
    const busiest = await portChoice.inputValue();
    await expect(chart(page, `Throughput of port ${busiest}`).locator('svg').first()).toBeVisible();
    await expect(chart(page, `Errors of port ${busiest}`)).toBeVisible();
    const other = await portChoice
      .locator('option')
      .evaluateAll(
        (options, chosen) =>
          options.map((option) => (option as HTMLOptionElement).value).find((value) => value !== chosen),
        busiest,
      );
    if (!other) throw new Error('the switch reports one port');
    await portChoice.selectOption(other);
    const throughput = chart(page, `Throughput of port ${other}`);
    await expect(throughput.locator('svg').first()).toBeVisible();
    await throughput.getByRole('button', { name: 'Show data table' }).click();
    const table = throughput.getByRole('table', { name: `Throughput of port ${other}` });
    await expect(table.getByRole('columnheader', { name: 'Received' })).toBeVisible();
    await expect(table.getByRole('row').nth(1)).toContainText(/b\/s/);
    // PoE per port, each a part of the whole, against the switch's budget.
    const poe = chart(page, 'PoE draw per port');
    await expect(poe.locator('svg').first()).toBeVisible();
    await poe.getByRole('button', { name: 'Show data table' }).click();
    await expect(
      poe
        .getByRole('table', { name: 'PoE draw per port' })
        .getByRole('columnheader', { name: 'Power budget' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
