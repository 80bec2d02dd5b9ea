// @vitest-environment node
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { createContext } from './context.ts';
import { logSerializers } from './log-redaction.ts';
import { TEST_VERSION } from './test/app.ts';
import { openTestDatabase } from './test/database.ts';
import { createUser, TEST_PASSWORD } from './test/factories.ts';

const lines: string[] = [];
let app: Awaited<ReturnType<typeof buildApp>>;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
  const config = readConfig({ DEMO: '0', API_RATE_LIMIT: '0' });
  app = await buildApp(createContext(database, config, TEST_VERSION), {
    logger: { level: 'info', stream: { write: (line) => lines.push(line) } },
  });
});
// The test closes the database itself.
afterAll(() => app.close());

it("keeps a failed query's cause in the database's words and code, without the values it quotes", async () => {
  const failure = await database.db
    .execute(sql`SELECT ${'secret-value'}::int`)
    .catch((error: Error) => error);
  const line = JSON.stringify(logSerializers.err(failure as Error));
  expect(line).toContain('invalid input syntax for type integer');
  expect(line).toContain('"code":"22P02"');
  expect(line).not.toContain('secret-value');
});

it('the log keeps no email address, session token or query value, even when a query fails', async () => {
  await createUser(database.db, { email: 'private.person@customer.example' });
  const login = await app.inject({
    method: 'POST',
    url: '/apiv2/auth/login',
    payload: { email: 'private.person@customer.example', password: TEST_PASSWORD },
  });
  const token = login.cookies.find((cookie) => cookie.name === 'sid')?.value ?? '';
  expect(token).toHaveLength(43);
  await app.inject({
    method: 'GET',
    url: '/apiv2/auth/me?who=private.person@customer.example',
    headers: { cookie: `sid=${token}` },
  });
  // The database goes away under a signed-in request: its failed query is logged as an incident.
  await database.close();
  const failed = await app.inject({
    method: 'GET',
    url: `/apiv2/auth/me?token=${token}`,
    headers: { cookie: `sid=${token}` },
  });
  expect(failed.statusCode).toBeGreaterThanOrEqual(500);
  const log = lines.join('');
  expect(log).toContain('request failed');
  expect(log).toContain('/apiv2/auth/me?who=[email]');
  expect(log).not.toContain('private.person');
  expect(log).not.toContain(token);
});
