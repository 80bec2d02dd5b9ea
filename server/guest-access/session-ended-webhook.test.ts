// @vitest-environment node
// The guest_session.ended webhook event (docs/webhooks.md#events): queued once for each session that ends,
// by its RADIUS Stop, its NAS restarting, a disconnect from the console or its account's deletion, and
// never again for a Stop resent; delivered with the documented fields, and only to webhooks whose site
// filter it passes.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCT_STATUS, RADIUS_CODE, TERMINATE_CAUSE } from '../../core/radius/dictionary.ts';
import { attribute, decodePacket, encodeRequest } from '../../core/radius/packet.ts';
import { readConfig } from '../config.ts';
import { type AppContext, createContext } from '../context.ts';
import {
  guestAccounts,
  guestNas,
  guestPlans,
  guestSessions,
  guestSiteSecrets,
} from '../db/schema/guest-access.ts';
import { webhookDeliveries } from '../db/schema/webhooks.ts';
import { deleteAccount } from '../features/guest-accounts/repository.ts';
import { startTestNas, type TestNas } from '../features/guest-sessions/test-nas.ts';
import { deliverDue } from '../features/webhooks/deliver.ts';
import { createWebhook } from '../features/webhooks/repository.ts';
import { mailSender } from '../mail/send-mail.ts';
import {
  createTestApp,
  TEST_CONFIG_SECRET_KEY,
  TEST_VERSION,
  type TestApp,
  testSecrets,
} from '../test/app.ts';
import { createCloud, createSite, createUser } from '../test/factories.ts';
import { recordAccounting } from './accounting.ts';
import { disconnectSessions } from './coa.ts';
import type { KnownNas } from './nas.ts';

const SECRET = 'ended-radius';
let t: TestApp;
let ctx: AppContext;
let testNas: TestNas;
let receiver: Server;
let base: string;
const bodies: string[] = [];
let nas: KnownNas;
let cloudId: number;
let siteId: number;
let planId: number;
let userId: number;
let everySite: number;
let otherSite: number;

async function account(username: string) {
  const [row] = await t.database.db
    .insert(guestAccounts)
    .values({ cloudId, planId, kind: 'voucher', username })
    .returning({ id: guestAccounts.id });
  return row?.id ?? 0;
}

/** An Accounting-Request as the NAS sends it, decoded as the RADIUS service hands it on. */
function accounting(
  status: number,
  session: string,
  user: string,
  extra: ReturnType<typeof attribute>[] = [],
) {
  return decodePacket(
    encodeRequest(
      RADIUS_CODE.accountingRequest,
      1,
      [
        attribute('Acct-Status-Type', status),
        attribute('Acct-Session-Id', session),
        attribute('User-Name', user),
        attribute('Calling-Station-Id', '02-00-00-00-00-0A'),
        attribute('Called-Station-Id', '0A-00-00-00-00-01:Guests'),
        ...extra,
      ],
      SECRET,
    ),
  );
}

/** The guest_session.ended deliveries queued for a webhook. */
async function endedFor(webhookId: number) {
  return t.database.db
    .select({ eventId: webhookDeliveries.eventId })
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.event, 'guest_session.ended')),
    );
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  testNas = await startTestNas(SECRET);
  t = await createTestApp();
  const { db } = t.database;
  ctx = createContext(
    t.database,
    readConfig({ DEMO: '0', CONFIG_SECRET_KEY: TEST_CONFIG_SECRET_KEY }),
    TEST_VERSION,
  );
  cloudId = (await createCloud(db, { authportEnabled: true })).id;
  siteId = (await createSite(db, cloudId, { name: 'Harbour Hotel' })).id;
  const elsewhere = (await createSite(db, cloudId, { name: 'Airport Lounge' })).id;
  userId = (await createUser(db)).id;
  await db.insert(guestSiteSecrets).values({ siteId, cloudId, secretSealed: testSecrets.sealText(SECRET) });
  const [nasRow] = await db
    .insert(guestNas)
    .values({ cloudId, siteId, name: 'Test NAS', address: '127.0.0.1', coaPort: testNas.port })
    .returning({ id: guestNas.id });
  nas = { id: nasRow?.id ?? 0, cloudId, siteId, deviceId: null, secret: SECRET };
  const [plan] = await db
    .insert(guestPlans)
    .values({ cloudId, name: 'Day pass', validFrom: 'first_use', validityMinutes: 1440 })
    .returning({ id: guestPlans.id });
  planId = plan?.id ?? 0;
  const hook = (siteIds: number[]) =>
    createWebhook(db, testSecrets, { userId, ip: null }, cloudId, {
      url: `${base}/hook`,
      events: ['guest_session.ended'],
      secret: 'receiver-secret-0123456789abcdef',
      site_ids: siteIds,
    });
  everySite = (await hook([])).id;
  otherSite = (await hook([elsewhere])).id;
});

afterAll(async () => {
  await t?.close();
  await testNas?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('guest_session.ended', () => {
  it('is queued once by a Stop, not again for the Stop resent, and delivered with its fields', async () => {
    const accountId = await account('STOP-0001');
    const startedAt = Date.parse('2026-11-28T10:00:00.000Z');
    await recordAccounting(
      t.database.db,
      nas,
      accounting(ACCT_STATUS.start, 'stop-1', 'STOP-0001'),
      new Date(startedAt),
    );
    expect(await endedFor(everySite)).toHaveLength(0);
    const stop = accounting(ACCT_STATUS.stop, 'stop-1', 'STOP-0001', [
      attribute('Acct-Session-Time', 600),
      attribute('Acct-Input-Octets', 1200),
      attribute('Acct-Output-Octets', 6000),
      attribute('Acct-Output-Gigawords', 1),
      attribute('Framed-IP-Address', '10.5.0.23'),
      attribute('Acct-Terminate-Cause', TERMINATE_CAUSE.idleTimeout),
    ]);
    const endedAt = new Date(startedAt + 600_000);
    // The NAS resends a Stop it got no answer for (two at once: session-ended.postgres.test.ts).
    await recordAccounting(t.database.db, nas, stop, endedAt);
    await recordAccounting(t.database.db, nas, stop, new Date(endedAt.getTime() + 3000));
    expect(await endedFor(everySite)).toHaveLength(1);
    expect(await endedFor(otherSite)).toHaveLength(0);

    bodies.length = 0;
    await deliverDue({
      db: t.database.db,
      secrets: testSecrets,
      sendMail: mailSender({ smtpUrl: 'smtp://127.0.0.1:9', mailFrom: 'Console <console@test.example>' }),
      allowPrivate: true,
      productName: 'Test Console',
      publicUrl: 'http://console.test.example',
      timeoutMs: 2000,
    });
    expect(bodies).toHaveLength(1);
    const [session] = await t.database.db
      .select({ id: guestSessions.id })
      .from(guestSessions)
      .where(eq(guestSessions.acctSessionId, 'stop-1'));
    expect(JSON.parse(bodies[0] ?? '{}')).toMatchObject({
      event: 'guest_session.ended',
      version: 1,
      cloud_id: cloudId,
      site_id: siteId,
      data: {
        session_id: session?.id,
        account_id: accountId,
        username: 'STOP-0001',
        account_kind: 'voucher',
        acct_session_id: 'stop-1',
        mac: '02:00:00:00:00:0a',
        ssid: 'Guests',
        ip: '10.5.0.23',
        device_id: null,
        nas_id: nas.id,
        started_at: '2026-11-28T10:00:00.000Z',
        ended_at: '2026-11-28T10:10:00.000Z',
        duration_s: 600,
        bytes_in: 1200,
        bytes_out: 2 ** 32 + 6000,
        end_reason: 'idle_timeout',
        disconnected_by: null,
      },
    });
  });

  it('is queued for a session first seen at its Stop, and for each open session of a NAS that restarts', async () => {
    await account('BOOT-0001');
    await account('BOOT-0002');
    await recordAccounting(t.database.db, nas, accounting(ACCT_STATUS.stop, 'first-1', 'BOOT-0001'));
    expect(await endedFor(everySite)).toHaveLength(2);
    await recordAccounting(t.database.db, nas, accounting(ACCT_STATUS.start, 'boot-1', 'BOOT-0001'));
    await recordAccounting(t.database.db, nas, accounting(ACCT_STATUS.interimUpdate, 'boot-2', 'BOOT-0002'));
    const on = decodePacket(
      encodeRequest(
        RADIUS_CODE.accountingRequest,
        2,
        [attribute('Acct-Status-Type', ACCT_STATUS.accountingOn)],
        SECRET,
      ),
    );
    await recordAccounting(t.database.db, nas, on);
    await recordAccounting(t.database.db, nas, on);
    expect(await endedFor(everySite)).toHaveLength(4);
    const ended = await t.database.db
      .select({ endReason: guestSessions.endReason })
      .from(guestSessions)
      .where(eq(guestSessions.nasId, nas.id));
    expect(ended.filter((row) => row.endReason === 'nas_reboot')).toHaveLength(2);
    expect(await endedFor(otherSite)).toHaveLength(0);
  });

  it('is queued once by a disconnect from the console, not again by the Stop that follows', async () => {
    await account('KICK-0001');
    await recordAccounting(t.database.db, nas, accounting(ACCT_STATUS.start, 'kick-1', 'KICK-0001'));
    const [session] = await t.database.db
      .select({ id: guestSessions.id })
      .from(guestSessions)
      .where(eq(guestSessions.acctSessionId, 'kick-1'));
    const outcome = await disconnectSessions(
      ctx,
      { cloudId, sessionIds: [session?.id ?? 0] },
      { userId, cause: 'operator' },
    );
    expect(outcome.acked).toBe(1);
    expect(await endedFor(everySite)).toHaveLength(5);
    await recordAccounting(
      t.database.db,
      nas,
      accounting(ACCT_STATUS.stop, 'kick-1', 'KICK-0001', [
        attribute('Acct-Terminate-Cause', TERMINATE_CAUSE.adminReset),
      ]),
    );
    expect(await endedFor(everySite)).toHaveLength(5);
  });

  it('is queued for an open session when its account is deleted', async () => {
    const accountId = await account('GONE-0001');
    await recordAccounting(t.database.db, nas, accounting(ACCT_STATUS.start, 'gone-1', 'GONE-0001'));
    await deleteAccount(t.database.db, { userId, ip: null }, cloudId, accountId);
    expect(await endedFor(everySite)).toHaveLength(6);
    expect(await endedFor(otherSite)).toHaveLength(0);
  });
});
