// docs/webhooks.md#the-page: the owner adds a webhook for a receiver the journey runs, narrowed to an alert
// type, keeps the secret shown once, sends a test and reads it delivered in the log; the receiver checks the
// signature with that secret. axe at 1440 and 375 px.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, startSession } from './support/console.ts';

const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let receiver: Server;
let url: string;

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/console-${Date.now()}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

test('the owner adds a webhook and sends a test', async ({ page }) => {
  const cloudId = await startSession(page, 'owner@demo.example', 1440);
  await page.goto(`/v2/cloud/${cloudId}/webhooks`);
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await page.getByRole('button', { name: 'Add webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a webhook' });
  await dialog.getByRole('textbox', { name: 'Receiver URL' }).fill(url);
  await dialog.getByRole('group', { name: 'Alerts' }).getByRole('checkbox', { name: 'Alert raised' }).check();
  await dialog.getByRole('group', { name: 'Tasks' }).getByRole('checkbox', { name: 'Task failed' }).check();
  // An alert event chosen: its alert types are picked by their titles.
  await dialog.getByRole('combobox', { name: 'Alert types' }).fill('unreachable');
  await page.getByRole('option', { name: 'Device unreachable', exact: true }).click();
  const secret = await dialog.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  expect(secret).toMatch(/^[0-9a-f]{64}$/);
  await expect(dialog.getByText('Copy it now: it is not shown again.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Webhook saved.')).toBeVisible();

  const row = page.getByRole('row', { name: new RegExp(url) });
  await expect(row).toContainText('JSON');
  await expect(row).toContainText('Alert types: Device unreachable');
  await expect(row).toContainText('On');
  await expectNoAxeViolations(page);
  // The secret is never shown again: editing says one is set.
  await row.getByRole('button', { name: `Edit the webhook ${url}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit the webhook' });
  await expect(edit.getByText('A secret is set; it is never shown again.')).toBeVisible();
  await expect(edit.getByRole('textbox', { name: 'Signing secret' })).toHaveCount(0);
  await edit.getByRole('button', { name: 'Cancel' }).click();

  await row.getByRole('button', { name: `Send test to ${url}` }).click();
  const log = page.getByRole('dialog', { name: 'Deliveries' });
  await expect(log.getByText(`Deliveries to ${url}`)).toBeVisible();
  await expect(log.getByRole('row', { name: /Test/ })).toContainText('Delivered');
  await expect(log.getByRole('row', { name: /Test/ })).toContainText('Answer: 200');
  await expect(log).toContainText('thanks');
  await expectNoAxeViolations(page);

  // docs/webhooks.md#checking-a-delivery: the receiver's check with the secret the dialog showed.
  expect(received).toHaveLength(1);
  const [delivery] = received as [(typeof received)[number]];
  const timestamp = String(delivery.headers['x-console-timestamp']);
  const expected = createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex');
  expect(delivery.headers['x-console-signature']).toBe(`sha256=${expected}`);
  expect(JSON.parse(delivery.body)).toMatchObject({ event: 'webhook.test', version: 1, cloud_id: cloudId });

  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page);
  await log.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByRole('row', { name: new RegExp(url) })).toBeVisible();
  await expectNoAxeViolations(page);
});
