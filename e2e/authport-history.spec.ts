// docs/guest-access.md#history: an operator disconnects a guest from History. The journey listens as the
// demo's test NAS (docs/demo.md#guest-access) on a UDP port of its own: it points the test NAS's CoA port
// there as an owner would on the Certificate page, answers the console's Disconnect-Request with a
// Disconnect-ACK, and puts the port back after.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { NasList } from '../core/api/guest-certificate.ts';
import type { GuestSession, SessionList } from '../core/api/guest-sessions.ts';
import { startTestNas } from '../server/features/guest-sessions/test-nas.ts';
import { GUEST_RADIUS_SECRET } from '../sim/demo-guests.ts';
import { expectNoAxeViolations, startSession } from './support/console.ts';

async function csrfOf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
}

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.ok(), `${url}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * The demo's test NAS (127.0.0.1), an open session of a guest at it (the one disconnected) and one at
 * another NAS (the one only asked about, so the two journeys never reach for the same guest).
 */
async function openSessions(page: Page, cloudId: number) {
  const authport = `/apiv2/cloud/${cloudId}/authport`;
  const nasList = await getJson<NasList>(page.request, `${authport}/nas?limit=100`);
  const nas = nasList.items.find((item) => item.address === '127.0.0.1');
  if (!nas) throw new Error('the demo has no test NAS');
  const open = await getJson<SessionList>(page.request, `${authport}/sessions?state=active&limit=100`);
  const atTestNas = open.items.find((item) => item.nas?.id === nas.id);
  const elsewhere = open.items.find((item) => item.nas?.id !== nas.id);
  if (!atTestNas || !elsewhere) throw new Error('the demo has no open sessions at and beside the test NAS');
  return { nas, atTestNas, elsewhere };
}

async function setCoaPort(page: Page, cloudId: number, nasId: number, port: number) {
  const response = await page.request.patch(`/apiv2/cloud/${cloudId}/authport/nas/${nasId}`, {
    headers: { 'x-csrf-token': await csrfOf(page) },
    data: { coa_port: port },
  });
  expect(response.ok(), `PATCH NAS: ${response.status()}`).toBe(true);
}

const disconnectButton = (page: Page, session: GuestSession) =>
  page.getByRole('button', { name: `Disconnect ${session.account.username} (${session.mac})` });

test('the owner reads History at 375 px: the current sessions, a guest’s Disconnect asked and cancelled', async ({
  page,
}) => {
  const cloudId = await startSession(page, 'owner@demo.example', 375);
  const { elsewhere: session } = await openSessions(page, cloudId);
  await page.goto(`/v2/cloud/${cloudId}/authport/history`);
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Why it ended' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    /\/sessions\/export\?/,
  );
  await expectNoAxeViolations(page);

  await page.getByRole('tab', { name: 'Current sessions' }).click();
  await expect(disconnectButton(page, session)).toBeVisible();
  await disconnectButton(page, session).click();
  const dialog = page.getByRole('dialog', { name: 'Disconnect the guest?' });
  await expect(dialog).toContainText(`${session.account.username} on ${session.mac}`);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(disconnectButton(page, session)).toBeVisible();
});

test('an operator disconnects a guest from History at 1440 px, and the access point acknowledges it', async ({
  page,
}) => {
  const cloudId = await startSession(page, 'owner@demo.example', 1440);
  const { nas, atTestNas: session } = await openSessions(page, cloudId);
  const listener = await startTestNas(GUEST_RADIUS_SECRET);
  await setCoaPort(page, cloudId, nas.id, listener.port);
  try {
    await page.goto(`/v2/cloud/${cloudId}/authport/history`);
    await page.getByRole('tab', { name: 'Current sessions' }).click();
    await page.getByRole('searchbox', { name: 'Guest or MAC address' }).fill(session.mac);
    const row = page.getByRole('row').filter({ has: disconnectButton(page, session) });
    await expect(row).toContainText(session.account.username);
    await expect(row).toContainText('Active');
    await expectNoAxeViolations(page);

    await disconnectButton(page, session).click();
    await page
      .getByRole('dialog', { name: 'Disconnect the guest?' })
      .getByRole('button', { name: 'Disconnect' })
      .click();
    // Said on the page until closed, besides the message that comes and goes.
    const said = page
      .getByRole('region', { name: 'AuthPort History' })
      .getByRole('status')
      .filter({ hasText: 'The access point' });
    await expect(said).toHaveText(`The access point disconnected ${session.account.username}.`);
    expect(listener.disconnected).toHaveLength(1);
    await expectNoAxeViolations(page);

    // The session has ended: it is no longer current, and History says an operator ended it.
    await expect(disconnectButton(page, session)).toHaveCount(0);
    await page.getByRole('tab', { name: 'All sessions' }).click();
    const ended = page.getByRole('row').filter({ hasText: session.mac }).first();
    await expect(ended).toContainText('Disconnected by an operator');
  } finally {
    await setCoaPort(page, cloudId, nas.id, nas.coa_port);
    await listener.close();
  }
});
