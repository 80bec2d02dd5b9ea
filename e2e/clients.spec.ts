// docs/navigation.md#navigation-drawer Wireless Clients of Demo Networks: a site's clients, searched, to one client's page with its
// connection and history, and the device's Clients page; a Site User sees their sites' clients only. At
// phone and desktop widths, with axe.
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, startSession } from './support/console.ts';

test.describe.configure({ timeout: 90_000 });

type Client = {
  id: number;
  hostname: string;
  mac: string;
  device: { id: number; name: string } | null;
  site: { id: number; name: string } | null;
};
type ClientPage = { items: Client[]; total: number };

async function clients(page: Page, cloudId: number, query = ''): Promise<ClientPage> {
  const response = await page.request.get(`/apiv2/cloud/${cloudId}/clients?limit=100${query}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ClientPage;
}

const table = (page: Page, name: string) => page.getByRole('table', { name });

for (const width of [1440, 375]) {
  test(`the owner at ${width} px searches a site's clients and opens one`, async ({ page }) => {
    const cloudId = await startSession(page, 'owner@demo.example', width);
    // A client with a host name on a site, as the demo seeds them.
    const client = (await clients(page, cloudId)).items.find(
      (item) => item.hostname && item.site && item.device,
    );
    if (!client?.site || !client.device) throw new Error('the demo has no such client');

    await page.goto(`/site/${client.site.id}/clients`);
    await expect(page.getByRole('heading', { level: 1, name: 'Wireless Clients' })).toBeVisible();
    const list = table(page, 'Wireless Clients');
    await expect(list.getByRole('row').nth(1)).toBeVisible();
    await expectNoAxeViolations(page);

    const search = page.getByRole('textbox', { name: 'Search wireless clients' });
    await search.fill(client.mac.toUpperCase().replaceAll(':', '-'));
    await search.press('Enter');
    await expect(list.getByRole('row')).toHaveCount(2);
    await list.getByRole('link', { name: client.hostname }).click();

    await expect(page).toHaveURL(`/site/${client.site.id}/client/${client.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Wireless Client' })).toBeVisible();
    const identity = page.getByRole('region', { name: client.hostname });
    await expect(identity.getByText(client.mac, { exact: true })).toBeVisible();
    const connection = page.getByRole('region', { name: /^(Current|Last) connection$/ });
    await expect(connection.getByRole('link', { name: client.device.name })).toHaveAttribute(
      'href',
      `/site/${client.site.id}/device/${client.device.id}/dashboard`,
    );
    const history = page.getByRole('region', { name: 'Connection history' });
    await expect(history.getByRole('table').getByRole('row').nth(1)).toContainText(client.device.name);
    // Its signal hour by hour, readable as a table: the demo keeps at least its last 6 hours.
    const signal = page.getByRole('region', { name: 'Signal over time' });
    await signal.getByRole('button', { name: 'Show data table' }).click();
    await expect(signal.getByRole('table').getByRole('row').nth(6)).toContainText('dBm');
    await expectNoAxeViolations(page);

    await history.getByRole('combobox', { name: 'Period' }).selectOption('7d');
    await expect(page).toHaveURL(`/site/${client.site.id}/client/${client.id}?range=7d`);
    await expect(history.getByRole('combobox', { name: 'Period' })).toHaveValue('7d');
  });
}

test('the owner sorts a device’s clients by signal', async ({ page }) => {
  const cloudId = await startSession(page, 'owner@demo.example', 1440);
  const client = (await clients(page, cloudId)).items.find((item) => item.site && item.device);
  if (!client?.site || !client.device) throw new Error('the demo has no such client');
  await page.goto(`/site/${client.site.id}/device/${client.device.id}/clients`);
  await expect(page.getByRole('heading', { level: 1, name: 'Device Clients' })).toBeVisible();
  const list = table(page, 'Device Clients');
  await expect(list.getByRole('columnheader', { name: 'Device' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('rssi desc');
  // The rows on screen are those of the sort before until the sorted page arrives.
  const signals = async () =>
    (await list.getByRole('row').locator('td:nth-child(5)').allInnerTexts()).map((text) =>
      Number.parseInt(text, 10),
    );
  await expect.poll(async () => (await signals()).length).toBeGreaterThan(1);
  await expect
    .poll(async () => {
      const shown = await signals();
      return shown.every((value, index) => index === 0 || (shown[index - 1] as number) >= value);
    })
    .toBe(true);
  await expectNoAxeViolations(page);
});

// The rule is the server's; one width proves the pages follow it.
test('a Site User at 375 px sees the clients of their sites only', async ({ page, browser }) => {
  const cloudId = await startSession(page, 'siteuser@demo.example', 375);
  const sites = (await (await page.request.get(`/apiv2/cloud/${cloudId}/sites?limit=100`)).json()) as {
    items: { id: number }[];
  };
  const mine = new Set(sites.items.map((site) => site.id));
  const seen = await clients(page, cloudId);
  expect(seen.total).toBeGreaterThan(0);
  for (const client of seen.items) expect(mine.has(client.site?.id ?? 0)).toBe(true);

  // A client the owner sees on another site does not exist for the Site User.
  const ownerPage = await browser.newPage();
  const ownerCloud = await startSession(ownerPage, 'owner@demo.example', 1440);
  const elsewhere = (await clients(ownerPage, ownerCloud)).items.find(
    (client) => client.site && !mine.has(client.site.id),
  );
  await ownerPage.close();
  if (!elsewhere) throw new Error('the demo has no client outside the Site User’s sites');
  const [first] = seen.items;
  if (!first?.site) throw new Error('no client on the Site User’s sites');

  await page.goto(`/site/${first.site.id}/clients`);
  const list = table(page, 'Wireless Clients');
  await expect(list.getByRole('row').nth(1)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`/site/${first.site.id}/client/${elsewhere.id}`);
  await expect(page.getByText('This client does not exist, or you do not have access to it.')).toBeVisible();
  await expectNoAxeViolations(page);
});

// docs/clients.md: the cloud's Clients list, searched, to a client's page with its connection history and
// signal. At desktop and phone widths, with axe.
for (const width of [1440, 375]) {
  test(`the owner at ${width} px finds a client from the cloud’s Clients list and opens its page`, async ({
    page,
  }) => {
    const cloudId = await startSession(page, 'owner@demo.example', width);
    const client = (await clients(page, cloudId)).items.find(
      (item) => item.hostname && item.site && item.device,
    );
    if (!client?.site || !client.device) throw new Error('the demo has no such client');

    await page.goto(`/v2/cloud/${cloudId}/clients`);
    await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
    const list = table(page, 'Clients');
    await expect(list.getByRole('columnheader', { name: 'Site' })).toBeVisible();
    await expect(list.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
    await expectNoAxeViolations(page);

    const search = page.getByRole('textbox', { name: 'Search wireless clients' });
    await search.fill(client.hostname);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/v2/cloud/${cloudId}/clients\\?search=`));
    const found = list.locator(`a[href="/site/${client.site.id}/client/${client.id}"]`);
    await expect(found).toHaveText(client.hostname);
    await expect(found.locator('xpath=ancestor::tr')).toContainText(client.site.name);
    await found.click();

    await expect(page).toHaveURL(`/site/${client.site.id}/client/${client.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Wireless Client' })).toBeVisible();
    const history = page.getByRole('region', { name: 'Connection history' });
    await expect(history.getByRole('table').getByRole('row').nth(1)).toContainText(client.device.name);
    const signal = page.getByRole('region', { name: 'Signal over time' });
    await signal.getByRole('button', { name: 'Show data table' }).click();
    await expect(signal.getByRole('table').getByRole('row').nth(1)).toContainText('dBm');
    await expectNoAxeViolations(page);
  });
}
