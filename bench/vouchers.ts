// Making a batch of 10,000 vouchers and printing it (docs/guest-access.md#accounts-and-vouchers), through the
// real app on the bench database: POST .../authport/voucher-batches (codes drawn, inserted 5,000 a
// statement, one transaction) and GET .../voucher-batches/:id/pdf (1,000 A4 pages, made on a worker thread),
// each timed with the process's peak resident memory while it ran, and the longest stall of the server's
// thread while the sheet was made. The floors: the same 10,000 rows inserted by the same
// statements alone (codes made beforehand, no HTTP, rolled back), and pdfmake writing 1,000 pages of one
// line each. Run with `npm run bench -- vouchers` (BENCH_DATABASE_URL for PostgreSQL).

import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pdfmake from 'pdfmake';
import { VOUCHER_COUNT_MAX } from '../core/api/guest-accounts.ts';
import { buildApp } from '../server/app.ts';
import { hashPassword } from '../server/auth/passwords.ts';
import { readConfig } from '../server/config.ts';
import { createContext } from '../server/context.ts';
import { jsonRows } from '../server/db/rows.ts';
import { users } from '../server/db/schema/accounts.ts';
import { clouds, memberships } from '../server/db/schema/clouds.ts';
import { guestPlans, guestVoucherBatches } from '../server/db/schema/guest-access.ts';
import { distinctCodes } from '../server/features/guest-accounts/codes.ts';
import { voucherSheetPdf } from '../server/features/guest-accounts/voucher-sheet.ts';
import { APP_VERSION } from '../server/version.ts';
import { openBenchDatabase } from './seed-large.ts';

const RUNS = 3;
const PASSWORD = 'bench-vouchers';
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

/** Runs the work while sampling the resident memory every 10 ms: its time and the highest RSS seen. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; peakRss: number }> {
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 10);
  const start = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - start, peakRss: Math.max(peakRss, process.memoryUsage.rss()) };
  } finally {
    clearInterval(sampler);
  }
}

export async function runVouchers(): Promise<void> {
  const database = await openBenchDatabase();
  const { db } = database;
  const config = readConfig({ ...process.env, DEMO: '0', LOG_LEVEL: 'silent', API_RATE_LIMIT: '0' });
  const app = await buildApp(createContext(database, config, APP_VERSION));
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const suffix = randomBytes(4).toString('hex');
  const [owner] = await db
    .insert(users)
    .values({
      email: `vouchers-${suffix}@bench.example`,
      firstname: 'Bench',
      lastname: 'Vouchers',
      passwordHash: await hashPassword(PASSWORD),
      emailVerifiedAt: new Date(),
    })
    .returning();
  const [cloud] = await db
    .insert(clouds)
    .values({ name: `Voucher Bench ${suffix}`, planType: 'intro', authportEnabled: true })
    .returning();
  if (!owner || !cloud) throw new Error('bench cloud not made');
  await db.insert(memberships).values({ userId: owner.id, cloudId: cloud.id, roleId: 'ROLE_OWNER' });
  const [plan] = await db
    .insert(guestPlans)
    .values({
      cloudId: cloud.id,
      name: 'Day pass',
      priceLabel: '€5',
      validFrom: 'first_use',
      validityMinutes: 1440,
      ssids: ['Bench Guest'],
    })
    .returning();
  if (!plan) throw new Error('bench plan not made');

  const login = await fetch(`${base}/apiv2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: owner.email, password: PASSWORD }),
  });
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
  const csrf = cookies.find((c) => c.startsWith('csrf_token='))?.slice('csrf_token='.length) ?? '';
  const headers = { cookie: cookies.join('; '), 'x-csrf-token': csrf, 'x-app-version': APP_VERSION };
  const authport = `${base}/apiv2/cloud/${cloud.id}/authport`;

  console.log(`load average before: ${loadavg()[0]?.toFixed(1)}; database: ${database.kind}`);
  console.log(
    '| run | POST batch of 10,000 | its peak RSS | floor: the inserts alone | GET pdf (1,000 pages) | its peak RSS | longest stall of the main thread | size | floor: pdfmake, 1,000 one-line pages | floor: the sheet made in the process |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  try {
    for (let run = 1; run <= RUNS; run++) {
      const made = await measured(async () => {
        const response = await fetch(`${authport}/voucher-batches`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            plan_id: plan.id,
            name: `Bench ${run}`,
            count: VOUCHER_COUNT_MAX,
            code_length: 10,
            prefix: `B${run}-`,
            shared: false,
            expires_at: null,
          }),
        });
        if (response.status !== 201) throw new Error(`batch: ${response.status} ${await response.text()}`);
        return (await response.json()) as { id: number };
      });
      // How long the server's thread went without turning while the sheet was made (a worker makes it).
      const stall = monitorEventLoopDelay({ resolution: 10 });
      stall.enable();
      const printed = await measured(async () => {
        const response = await fetch(`${authport}/voucher-batches/${made.result.id}/pdf`, { headers });
        if (response.status !== 200) throw new Error(`pdf: ${response.status}`);
        return (await response.arrayBuffer()).byteLength;
      });
      stall.disable();

      // Floor of the batch: the same statements on codes made beforehand, without HTTP, rolled back.
      const codes = distinctCodes(VOUCHER_COUNT_MAX, `F${run}-`, 10);
      const inserts = await measured(() =>
        db
          .transaction(async (tx) => {
            const [batch] = await tx
              .insert(guestVoucherBatches)
              .values({
                cloudId: cloud.id,
                planId: plan.id,
                name: 'floor',
                count: codes.length,
                codeLength: 10,
              })
              .returning({ id: guestVoucherBatches.id });
            for (let start = 0; start < codes.length; start += 5000)
              await tx.execute(sql`INSERT INTO guest_accounts (cloud_id, plan_id, kind, username, batch_id)
                SELECT ${cloud.id}, ${plan.id}, 'voucher', v.code, ${batch?.id}
                FROM jsonb_to_recordset(${jsonRows(codes.slice(start, start + 5000).map((code) => ({ code })))})
                  AS v(code text)
                ON CONFLICT DO NOTHING`);
            throw new Error('rolled back');
          })
          .catch((error: Error) => {
            if (error.message !== 'rolled back') throw error;
          }),
      );
      // Floors of the sheet: pdfmake's own cost per page, and the same sheet made without HTTP or database.
      const plain = await measured(() =>
        pdfmake
          .createPdf({
            pageSize: 'A4',
            content: Array.from({ length: 1000 }, (_, n) => ({
              text: codes[n] ?? '',
              ...(n === 0 ? {} : { pageBreak: 'before' }),
            })),
          })
          .getBuffer(),
      );
      const sheet = await measured(() =>
        voucherSheetPdf({
          productName: config.theme.product_name,
          batchName: 'floor',
          plan: {
            name: plan.name,
            priceLabel: plan.priceLabel,
            validFrom: 'first_use',
            validityMinutes: 1440,
          },
          ssid: 'Bench Guest',
          expiresAt: null,
          shared: false,
          codes,
        }),
      );
      console.log(
        `| ${run} | ${made.ms.toFixed(0)} ms | ${mb(made.peakRss)} | ${inserts.ms.toFixed(0)} ms | ` +
          `${printed.ms.toFixed(0)} ms | ${mb(printed.peakRss)} | ${(stall.max / 1e6).toFixed(0)} ms | ${mb(printed.result)} | ${plain.ms.toFixed(0)} ms | ` +
          `${sheet.ms.toFixed(0)} ms |`,
      );
    }
  } finally {
    console.log(`load average after: ${loadavg()[0]?.toFixed(1)}`);
    await db.execute(sql`DELETE FROM clouds WHERE id = ${cloud.id}`);
    await db.execute(sql`DELETE FROM users WHERE id = ${owner.id}`);
    await app.close();
    await database.close();
  }
}
