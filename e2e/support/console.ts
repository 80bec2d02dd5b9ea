// Shared steps of the browser tests for docs/errors.md: signing in as a demo account, scripted answers, the texts.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Route } from '@playwright/test';
import en from '../../locales/en.json' with { type: 'json' };
import { VIDEO_DIALOG_KINDS, videoDialogKey } from '../../web/shell/notices/video-dialog-memory.ts';
import { PASSWORD, storedSession } from './sessions.ts';

// docs/errors.md texts, as the user reads them.
export const TEXT = {
  offline:
    'It looks like you might be offline. Please check your internet connection and try reloading the page.',
  network:
    'Could not reach the cloud servers. Please check your internet connection and try reloading the page.',
  sessionExpired: 'Your login session has expired. Please log in again if prompted.',
  forbidden: 'Access denied: your account does not have sufficient permissions.',
  tooMany:
    'Sorry, but there are too many requests coming from your network. Please try reloading the page later.',
  server:
    'Sorry, there was an error while processing your request. We are working to fix this issue. Please try again later.',
  badGateway: 'There was a temporary problem loading parts of the page. Please try reloading.',
  unavailable: 'The service might not be available due to maintenance. Please try reloading the page.',
  generic:
    'Sorry, there was an error on this page. Please try reloading the page, and if the error is recurring, click the button to inspect and report it.',
  versionBanner:
    'We have updated the Cloud Controller. Please reload the page to use the latest application version.',
  reportQuestion:
    'A script error has occured on this page that could prevent it from working properly. Would you like to submit an error report?',
};

// A call every signed-in page makes on arrival: the plan notices ask for it.
export const LICENSE_STATUS = '**/apiv2/cloud/*/license-status*';

/**
 * Signs in and waits for the dashboard of the default cloud: with the account's stored session when it is
 * shared (./sessions.ts), else through the login form.
 */
export async function logIn(page: Page, email = 'guest@demo.example'): Promise<void> {
  const session = storedSession(email);
  if (!session) return logInThroughForm(page, email);
  await page.context().addCookies(session.cookies);
  await page.goto(`/cloud/${session.defaultCloudId}/dashboard`);
  await expect(page).toHaveURL(/\/cloud\/\d+\/dashboard$/);
}

/**
 * Logs in through the form and waits for the dashboard: the dashboard's calls then leave from a running app
 * that knows who is signed in, as journeys that fail those calls on purpose need.
 */
export async function logInThroughForm(page: Page, email = 'guest@demo.example'): Promise<void> {
  await page.goto('/welcome/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/cloud\/\d+\/dashboard$/);
}

/**
 * Starts a browser session as this account at this window width, without opening a page: the shared
 * accounts with their stored session and the first-visit video dialogs of their default cloud already
 * seen (the notices journeys show those), the others through the login form. Returns the id of the
 * account's default cloud.
 */
export async function startSession(page: Page, email: string, width: number): Promise<number> {
  await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
  const session = storedSession(email);
  if (!session) {
    await logInThroughForm(page, email);
    return Number(/\/cloud\/(\d+)\//.exec(page.url())?.[1]);
  }
  await page.context().addCookies(session.cookies);
  const seen = VIDEO_DIALOG_KINDS.map((kind) => videoDialogKey(kind, session.userId, session.defaultCloudId));
  await page.addInitScript(
    ({ keys, at }) => {
      for (const key of keys) localStorage.setItem(key, at);
    },
    { keys: seen, at: String(Date.now()) },
  );
  return session.defaultCloudId;
}

/** Signs in at this window width, opens the default cloud's dashboard and returns the cloud's id. */
export async function signIn(page: Page, email: string, width: number): Promise<number> {
  const cloudId = await startSession(page, email, width);
  if (!/\/cloud\/\d+\/dashboard$/.test(page.url())) await page.goto(`/cloud/${cloudId}/dashboard`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  return cloudId;
}

/** Signs in at this window width and opens the page at the address `path` gives for the default cloud. */
export async function signInAt(
  page: Page,
  email: string,
  width: number,
  path: (cloudId: number) => string,
): Promise<number> {
  const cloudId = await startSession(page, email, width);
  await page.goto(path(cloudId));
  return cloudId;
}

/**
 * Opens an address of the console inside the running app, as following a link in it does: the router
 * reads the new address, and the frame, its data and the scripts already loaded stay. It goes by way of
 * the not-found page, so the new page is the one whose heading shows once the not-found one is gone.
 * Journeys that visit many pages use it after their first `page.goto`: a cold load costs the browser
 * one to two seconds of work on these 2 cores.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const notFound = page.getByRole('heading', { level: 1, name: en['shell.notFound.title'], exact: true });
  const follow = (to: string) =>
    page.evaluate((address) => {
      window.history.pushState(null, '', address);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, to);
  await follow('/no-such-page');
  await expect(notFound).toBeVisible();
  await follow(path);
  await expect(notFound).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

/**
 * Runs axe on the whole page, once its transitions (a dialog fading in) have ended, and names each
 * violation with the elements it found. Colours read half-way through a fade are not the page's.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await axeScan(page).analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`,
    ),
  ).toEqual([]);
}

/**
 * An axe scan of the page: run in the page itself (the pages have no frames from other origins, so the
 * blank page the default mode finishes in adds only time), reporting violations only.
 */
export const axeScan = (page: Page) =>
  new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });

/** Answers a call with this status and JSON body. */
export function answer(status: number, body: unknown) {
  return (route: Route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
}

/** The toast on screen (the one alert with text). */
export const toast = (page: Page) => page.getByRole('alert').filter({ hasNotText: /^$/ }).first();
