// @vitest-environment node
// Webhooks' calls (docs/webhooks.md#the-calls) and their bad input, and receivers on private addresses
// refused when saved and when sent, and a redirect not followed (docs/webhooks.md#receivers).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Webhook, WebhookPage } from '../../../core/api/webhooks.ts';
import { auditRecords } from '../../db/schema/audit.ts';
import { webhooks } from '../../db/schema/webhooks.ts';
import { as } from '../../test/app.ts';
import { createSite } from '../../test/factories.ts';
import { isPrivateAddress, receiverAddress } from './address.ts';
import { deliverDue } from './deliver.ts';
import { deliveriesOf, hook, SECRET, sendTest, webhookBed, webhooksPath } from './test-webhooks.ts';

const bed = webhookBed();
const path = (rest = '') => webhooksPath(bed, rest);

describe('the calls', () => {
  it('adds a webhook, never answers its secret, and logs the change without it', async () => {
    const created = await bed.t.app.inject({
      method: 'POST',
      url: path(),
      headers: as(bed.owner),
      payload: {
        url: 'https://203.0.113.10/hooks',
        events: ['alert.raised', 'task.failed'],
        secret: SECRET,
        format: 'slack',
        site_ids: [bed.northId],
      },
    });
    expect(created.statusCode).toBe(201);
    const webhook = created.json() as Webhook;
    expect(webhook).toMatchObject({
      format: 'slack',
      site_ids: [bed.northId],
      enabled: true,
      secret_set: true,
    });
    expect(created.body).not.toContain(SECRET);
    const list = await bed.t.app.inject({ method: 'GET', url: path(), headers: as(bed.owner) });
    expect((list.json() as WebhookPage).items.map((item) => item.id)).toEqual([webhook.id]);
    expect(list.body).not.toContain(SECRET);
    const changed = await bed.t.app.inject({
      method: 'PATCH',
      url: path(`/${webhook.id}`),
      headers: as(bed.owner),
      payload: { secret: 'another-secret-0123456789', enabled: false },
    });
    expect(changed.json()).toMatchObject({ enabled: false, disabled_reason: 'manual' });
    const records = await bed.t.database.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.objectType, 'webhook'));
    expect(records.map((record) => record.action)).toEqual(['created', 'changed']);
    expect(JSON.stringify(records)).not.toContain('secret-0123456789');
    expect(records[1]?.after).toMatchObject({ secret_changed: true, enabled: false });
    const deleted = await bed.t.app.inject({
      method: 'DELETE',
      url: path(`/${webhook.id}`),
      headers: as(bed.owner),
    });
    expect(deleted.statusCode).toBe(200);
    const again = await bed.t.app.inject({
      method: 'POST',
      url: path(`/${webhook.id}/test`),
      headers: as(bed.owner),
    });
    expect(again.statusCode).toBe(404);
  });

  it('answers bad input with a 400 and keeps nothing', async () => {
    const good = { url: 'https://203.0.113.10/hooks', events: ['alert.raised'], secret: SECRET };
    for (const payload of [
      { ...good, extra: 1 },
      { ...good, events: [] },
      { ...good, events: ['alert.exploded'] },
      { ...good, secret: 'short' },
      { ...good, url: 'ftp://203.0.113.10/' },
      { ...good, format: 'xml' },
      { ...good, site_ids: [bed.northId + 1000] },
      { url: good.url, events: good.events },
    ]) {
      const response = await bed.t.app.inject({
        method: 'POST',
        url: path(),
        headers: as(bed.owner),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // Another cloud's site is not one of this cloud's.
    const foreign = await createSite(bed.t.database.db, bed.otherCloudId, { name: 'Elsewhere' });
    const response = await bed.t.app.inject({
      method: 'POST',
      url: path(),
      headers: as(bed.owner),
      payload: { ...good, site_ids: [foreign.id] },
    });
    expect(response.json().errors[0]).toMatchObject({ path: '/site_ids', errorCode: 'unknown_site' });
    expect(await bed.t.database.db.select().from(webhooks)).toEqual([]);
  });
});

describe('receivers on private addresses (docs/webhooks.md#receivers)', () => {
  it('refuses them when the webhook is saved: literal addresses and a name that resolves to loopback', async () => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://10.1.2.3/hook',
      'http://192.168.1.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[fd00::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://0.0.0.0/hook',
      'http://localhost:8080/hook',
    ]) {
      const response = await bed.t.app.inject({
        method: 'POST',
        url: path(),
        headers: as(bed.owner),
        payload: { url, events: ['alert.raised'], secret: SECRET },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors[0], url).toMatchObject({ path: '/url', errorCode: 'private_address' });
    }
  });

  it('judges addresses as the rule says', async () => {
    expect(['203.0.113.10', '8.8.8.8', '2001:db8::1'].map(isPrivateAddress)).toEqual([false, false, false]);
    expect(['172.16.0.1', '100.64.0.1', 'fe80::1', 'ff02::1', '::'].map(isPrivateAddress)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(await receiverAddress('http://localhost/', true)).toMatchObject({ address: expect.any(String) });
  });

  it('refuses them again when sending, so a webhook saved before cannot reach them', async () => {
    const webhook = await hook(bed, `${bed.base}/ok`);
    await sendTest(bed, webhook.id);
    await deliverDue({ ...bed.deps, allowPrivate: false });
    expect(bed.received).toEqual([]);
    const [delivery] = await deliveriesOf(bed, webhook.id);
    expect(delivery).toMatchObject({ state: 'failed', attempts: 1, responseCode: null });
    expect(delivery?.responseExcerpt).toMatch(/private/);
  });

  it('does not follow a redirect', async () => {
    const webhook = await hook(bed, `${bed.base}/redirect`);
    await sendTest(bed, webhook.id);
    await deliverDue(bed.deps);
    expect(bed.received.map((one) => one.path)).toEqual(['/redirect']);
    const [delivery] = await deliveriesOf(bed, webhook.id);
    expect(delivery).toMatchObject({ state: 'failed', responseCode: 302 });
    expect(delivery?.responseExcerpt).toMatch(/not followed/);
  });
});
