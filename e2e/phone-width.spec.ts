// docs/navigation.md: on a phone (375 px) no built page of the route registry is wider than the screen; a
// wide table scrolls sideways inside its own frame, never the whole page.
import { expect, type Page, test } from '@playwright/test';
import { ROUTE_KEYS, type RouteKey, routes } from '../core/routes.ts';
import { openInApp, startSession } from './support/console.ts';

const WIDTH = 375;

// Pages outside the signed-in frame, opened signed out; the token pages show their "link not valid" state.
const SIGNED_OUT: readonly RouteKey[] = [
  'login',
  'forgotPassword',
  'passwordReset',
  'invitation',
  'confirmEmail',
  'signInLink',
  'logout',
];

type Ids = Record<string, number>;
type DeviceRow = { id: number; site: { id: number } | null; product_type: string; mgmtd_version: string };

/** Demo ids for every route parameter: an access point for device pages, a switch for Ports and Files. */
async function demoIds(page: Page, cloudId: number) {
  const get = async <T>(path: string): Promise<T> => {
    const response = await page.request.get(path);
    expect(response.ok(), path).toBe(true);
    return (await response.json()) as T;
  };
  const pages = await Promise.all(
    [0, 100, 200, 300].map((offset) =>
      get<{ items: DeviceRow[] }>(`/apiv2/cloud/${cloudId}/devices?limit=100&offset=${offset}`),
    ),
  );
  const placed = pages.flatMap((list) => list.items).filter((device) => device.site !== null);
  const ap = placed.find((device) => device.product_type === 'wifi');
  const sw = placed.find(
    (device) => device.product_type === 'switch' && Number(device.mgmtd_version.split('.')[1]) >= 5,
  );
  const clients = await get<{ items: { id: number; site: { id: number } }[] }>(
    `/apiv2/cloud/${cloudId}/clients?limit=1`,
  );
  const nvrs = await get<{ items: { id: number }[] }>(`/apiv2/cloud/${cloudId}/smartnvrs`);
  const filters = await get<{ siteGroupings: { id: number }[] }>(
    `/apiv2/cloud/${cloudId}/site-filters-select`,
  );
  const client = clients.items[0];
  if (!ap?.site || !sw?.site || !client || !nvrs.items[0] || !filters.siteGroupings[0]) {
    throw new Error('the demo cloud lacks an access point, a switch, a client, a smart NVR or a grouping');
  }
  const base: Ids = {
    cloudId,
    siteId: ap.site.id,
    deviceId: ap.id,
    smartNvrId: nvrs.items[0].id,
    siteFilterId: filters.siteGroupings[0].id,
  };
  return (key: RouteKey): Ids => {
    if (key === 'devicePorts' || key === 'deviceFiles')
      return { ...base, siteId: sw.site?.id ?? 0, deviceId: sw.id };
    if (key === 'siteClient') return { ...base, siteId: client.site.id, clientId: client.id };
    return base;
  };
}

function hrefOf(key: RouteKey, ids: Ids): string {
  const route = routes[key];
  const names = route.path
    .split('/')
    .flatMap((segment) => (segment.startsWith(':') ? [segment.slice(1)] : []));
  // A missing id reads 0, which the href builder refuses by name.
  const params: Ids = Object.fromEntries(names.map((name) => [name, ids[name] ?? 0]));
  return (route.href as (params: Ids) => string)(params);
}

/** The document's width once the page has drawn its content (its heading, nothing left loading). */
async function widthOf(page: Page, href: string, inApp: boolean): Promise<number> {
  if (inApp && page.url().startsWith('http')) await openInApp(page, href);
  else await page.goto(href);
  await expect(page.locator('h1').first(), href).toBeVisible();
  // Loading indicators only: a task's progress bar is content, and so is a camera's video starting in its
  // tile (a figure), which waits on the recorder, not on the page.
  const loading = () =>
    page.evaluate(
      () =>
        [
          ...document.querySelectorAll(
            '.MuiCircularProgress-root, .MuiSkeleton-root, .MuiLinearProgress-indeterminate',
          ),
        ].filter((element) => element.checkVisibility() && !element.closest('figure')).length,
    );
  await expect.poll(loading, { message: href, timeout: 20_000 }).toBe(0);
  return page.evaluate(() => document.documentElement.scrollWidth);
}

type Level = 'cloud' | 'site' | 'device' | 'smartnvr' | 'none';
const signedIn = (levels: readonly Level[]) =>
  ROUTE_KEYS.filter((key) => levels.includes(routes[key].level) && !SIGNED_OUT.includes(key));

// Three journeys of about twenty pages each, so two browsers share the work.
const GROUPS: readonly (readonly Level[])[] = [['cloud', 'none'], ['site', 'smartnvr'], ['device']];

for (const levels of GROUPS) {
  test(`${levels.join(' and ')} pages fit a ${WIDTH} px screen`, async ({ page }) => {
    test.setTimeout(180_000);
    const cloudId = await startSession(page, 'owner@demo.example', WIDTH);
    const idsFor = await demoIds(page, cloudId);
    const tooWide: string[] = [];
    for (const key of signedIn(levels)) {
      const href = hrefOf(key, idsFor(key));
      const width = await widthOf(page, href, true);
      if (width > WIDTH) tooWide.push(`${key} ${href}: ${width} px`);
    }
    expect(tooWide).toEqual([]);
  });
}

test(`pages outside the console fit a ${WIDTH} px screen`, async ({ page }) => {
  await page.setViewportSize({ width: WIDTH, height: 812 });
  const tooWide: string[] = [];
  for (const key of SIGNED_OUT) {
    const href = hrefOf(key, {});
    const width = await widthOf(page, href, false);
    if (width > WIDTH) tooWide.push(`${key} ${href}: ${width} px`);
  }
  expect(tooWide).toEqual([]);
});
