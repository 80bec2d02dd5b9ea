// @vitest-environment node
// Only on PostgreSQL (TEST_DATABASE_URL, vitest.config.ts): two copies of a guest session's Stop handled at
// the same time on two connections queue one guest_session.ended event (docs/webhooks.md#guest-sessions).
// Another transaction holds the session's row, so both Stops wait on it and run against each other.
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACCT_STATUS, RADIUS_CODE } from '../../core/radius/dictionary.ts';
import { attribute, decodePacket, encodeRequest } from '../../core/radius/packet.ts';
import type { DatabaseHandle } from '../db/connect.ts';
import { guestAccounts, guestNas, guestPlans, guestSessions } from '../db/schema/guest-access.ts';
import { webhookDeliveries } from '../db/schema/webhooks.ts';
import { createWebhook } from '../features/webhooks/repository.ts';
import { testSecrets } from '../test/app.ts';
import { openTestDatabase } from '../test/database.ts';
import { createCloud, createSite } from '../test/factories.ts';
import { recordAccounting } from './accounting.ts';
import type { KnownNas } from './nas.ts';

const SECRET = 'ended-radius';
let database: DatabaseHandle & { url?: string };
let holder: pg.Client;
let nas: KnownNas;
let webhookId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  if (!database.url) throw new Error('needs PostgreSQL');
  const { db } = database;
  const cloudId = (await createCloud(db, { authportEnabled: true })).id;
  const siteId = (await createSite(db, cloudId)).id;
  const [nasRow] = await db
    .insert(guestNas)
    .values({ cloudId, siteId, name: 'Test NAS', address: '127.0.0.1' })
    .returning({ id: guestNas.id });
  nas = { id: nasRow?.id ?? 0, cloudId, siteId, deviceId: null, secret: SECRET };
  const [plan] = await db
    .insert(guestPlans)
    .values({ cloudId, name: 'Day pass', validFrom: 'first_use', validityMinutes: 1440 })
    .returning({ id: guestPlans.id });
  await db
    .insert(guestAccounts)
    .values({ cloudId, planId: plan?.id ?? 0, kind: 'voucher', username: 'RACE-0001' });
  webhookId = (
    await createWebhook(db, testSecrets, { userId: null, ip: null }, cloudId, {
      url: 'https://hooks.example.com/console',
      events: ['guest_session.ended'],
      secret: 'receiver-secret-0123456789abcdef',
    })
  ).id;
  holder = new pg.Client({ connectionString: database.url });
  await holder.connect();
});

afterAll(async () => {
  await holder?.end();
  await database?.close();
});

const request = (status: number) =>
  decodePacket(
    encodeRequest(
      RADIUS_CODE.accountingRequest,
      1,
      [
        attribute('Acct-Status-Type', status),
        attribute('Acct-Session-Id', 'race-1'),
        attribute('User-Name', 'RACE-0001'),
        attribute('Calling-Station-Id', '02-00-00-00-00-0B'),
      ],
      SECRET,
    ),
  );

it('queues one event for a Stop resent while the first is being recorded', async () => {
  const { db } = database;
  await recordAccounting(db, nas, request(ACCT_STATUS.start));
  await holder.query('BEGIN');
  await holder.query(`SELECT 1 FROM guest_sessions WHERE acct_session_id = 'race-1' FOR UPDATE`);
  const stops = [
    recordAccounting(db, nas, request(ACCT_STATUS.stop)),
    recordAccounting(db, nas, request(ACCT_STATUS.stop)),
  ];
  // Both wait on the held row before it is let go.
  for (;;) {
    await holder.query('SELECT pg_stat_clear_snapshot()');
    const waiting = await holder.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%guest_sessions%'`,
    );
    if (waiting.rows[0].n >= 2) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  await holder.query('COMMIT');
  await Promise.all(stops);
  const [session] = await db.select().from(guestSessions).where(eq(guestSessions.acctSessionId, 'race-1'));
  expect(session?.endedAt).not.toBeNull();
  const queued = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId));
  expect(queued).toHaveLength(1);
});
