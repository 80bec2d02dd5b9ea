// docs/linqpath.md: the owner plans a 60 GHz link from a demo site to a rooftop typed in, reads its budget and
// its path profile over flat earth, saves it as a named plan, finds it exportable as a PDF, and registers its
// two radios with "Create link"; axe at both widths.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, startSession } from './support/console.ts';

for (const width of [1440, 375]) {
  test(`the owner plans a 60 GHz link and saves it at ${width} px`, async ({ page }) => {
    const cloudId = await startSession(page, 'owner@demo.example', width);
    await page.goto(`/v2/cloud/${cloudId}/linqpath`);
    await expect(page.getByRole('heading', { level: 1, name: 'Path Analysis' })).toBeVisible();
    // The demo's saved plan (docs/demo.md#linqpath).
    await expect(page.getByRole('button', { name: 'Open HQ to Rincon Hill' })).toBeVisible();

    const endA = page.getByRole('group', { name: 'End A' });
    await endA.getByRole('combobox', { name: 'Take from a site or device' }).fill('Headq');
    await page.getByRole('option', { name: 'Headquarters' }).click();
    await expect(endA.getByRole('textbox', { name: 'Name' })).toHaveValue('Headquarters');
    await expect(endA.getByRole('textbox', { name: 'Latitude' })).toHaveValue('37.7937');

    const endB = page.getByRole('group', { name: 'End B' });
    await endB.getByRole('textbox', { name: 'Name' }).fill('Pier rooftop');
    await endB.getByRole('textbox', { name: 'Latitude' }).fill('37.7985');
    await endB.getByRole('textbox', { name: 'Longitude' }).fill('-122.3935');

    const results = page.getByRole('region', { name: 'Results' });
    await expect(results.getByText('60.48 GHz')).toBeVisible();
    const budget = results.getByRole('table', { name: 'Link budget' });
    await expect(budget.getByRole('row', { name: /^Free-space path loss/ })).toContainText('dB');
    await expect(budget.getByRole('row', { name: /^Oxygen and water vapour/ })).toBeVisible();
    await expect(budget.getByRole('row', { name: /^Modulation \(clear air\)/ })).toContainText('MCS 12');
    await expect(results.getByText(/No terrain given: the profile stands on flat earth/)).toBeVisible();
    await expect(results.getByText(/60 % of the first Fresnel zone is clear/)).toBeVisible();
    await expect(results.getByText('Line of sight').first()).toBeVisible();
    await expectNoAxeViolations(page);

    const name = `Pier link ${width}`;
    await page.getByRole('textbox', { name: 'Plan name' }).fill(name);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(`Saved the plan ${name}.`)).toBeVisible();
    const saved = page.getByRole('region', { name: 'Saved plans' });
    await expect(saved.getByRole('row', { name: new RegExp(`^${name}`) })).toBeVisible();
    await expect(saved.getByRole('button', { name: `Open ${name}` })).toBeVisible();
    const pdf = page.getByRole('link', { name: `Export PDF of ${name}` });
    await expect(pdf).toHaveAttribute('download');
    await expectNoAxeViolations(page);

    // docs/linqpath.md#creating-the-link: End A goes into its site, End B into the one chosen.
    await page.getByRole('button', { name: 'Create link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create the link' });
    const suffix = `${width}${Date.now().toString(16).slice(-6)}`.toUpperCase();
    const mac = (last: string) =>
      `02:6c:${suffix.slice(-6, -4)}:${suffix.slice(-4, -2)}:${suffix.slice(-2)}:${last}`;
    const registerEnd = async (group: string, sn: string, last: string) => {
      const end = dialog.getByRole('group', { name: group });
      await end.getByRole('textbox', { name: 'Serial number' }).fill(sn);
      await end.getByRole('textbox', { name: 'MAC address' }).fill(mac(last));
      return end;
    };
    await expect(
      (await registerEnd('End A: Headquarters', `LPA${suffix}`, '0a')).getByRole('combobox', {
        name: 'Site',
      }),
    ).toHaveValue('Headquarters');
    const radioB = await registerEnd('End B: Pier rooftop', `LPB${suffix}`, '0b');
    await radioB.getByRole('combobox', { name: 'Site' }).click();
    await page.getByRole('option', { name: 'Headquarters' }).click();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Register the radios' }).click();
    await expect(page.getByText(/^Registered the radios of Headquarters and Pier rooftop\./)).toBeVisible();
    const nameOf = async (sn: string) => {
      const found = await page.request.get(`/apiv2/cloud/${cloudId}/devices`, { params: { search: sn } });
      return ((await found.json()) as { items: { name: string; sn: string }[] }).items
        .filter((device) => device.sn === sn)
        .map((device) => device.name);
    };
    expect(await nameOf(`LPA${suffix}`)).toEqual(['Headquarters']);
    expect(await nameOf(`LPB${suffix}`)).toEqual(['Pier rooftop']);
  });
}
