// @vitest-environment node
// Only on PostgreSQL (TEST_DATABASE_URL, vitest.config.ts): the console reaches the database through a TCP proxy that can
// stop answering (as a server stopped with SIGSTOP does) or drop every connection and refuse new ones (as
// a server that is down does).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import { createContext } from '../context.ts';
import { DATABASE_UNAVAILABLE } from '../errors.ts';
import { cookieHeader, TEST_VERSION } from '../test/app.ts';
import { openTestDatabase } from '../test/database.ts';
import { createUser, TEST_PASSWORD } from '../test/factories.ts';
import { type DatabaseHandle, openDatabase } from './connect.ts';
import { startProxy } from './test-proxy.ts';

let app: App;
let database: DatabaseHandle;
let closeServerDatabase: () => Promise<void>;
let proxy: ReturnType<typeof startProxy>;
let port: number;
let cookie: string;
const STATEMENT_TIMEOUT_MS = 1000;

beforeAll(async () => {
  const direct = await openTestDatabase();
  if (!direct.url) throw new Error('needs PostgreSQL');
  closeServerDatabase = direct.close;
  const url = new URL(direct.url);
  proxy = startProxy({ host: url.hostname, port: Number(url.port || 5432) });
  port = await proxy.listen(0);
  url.host = `127.0.0.1:${port}`;
  database = await openDatabase({
    kind: 'postgres',
    url: url.toString(),
    poolSize: 2,
    statementTimeoutMs: STATEMENT_TIMEOUT_MS,
  });
  app = await buildApp(createContext(database, readConfig({ DEMO: '0', API_RATE_LIMIT: '0' }), TEST_VERSION));
  await createUser(database.db, { email: 'noc@outage.example' });
  const login = await app.inject({
    method: 'POST',
    url: '/apiv2/auth/login',
    payload: { email: 'noc@outage.example', password: TEST_PASSWORD },
  });
  cookie = cookieHeader(login);
});
afterAll(async () => {
  await app.close();
  await database.close();
  await closeServerDatabase();
});

const me = () => app.inject({ method: 'GET', url: '/apiv2/auth/me', headers: { cookie } });
const get = (url: string) => app.inject({ method: 'GET', url });
async function until(ok: () => Promise<boolean>) {
  while (!(await ok())) await new Promise((resolve) => setTimeout(resolve, 200));
}

describe('when the database does not answer', () => {
  it('a hung database: API calls and /readyz answer 503 with Retry-After once their time is up, /healthz answers at once', async () => {
    proxy.freeze();
    const [api, ready] = await Promise.all([me(), get('/readyz')]);
    expect(api.statusCode).toBe(503);
    expect(api.headers['retry-after']).toBe('5');
    expect(api.json()).toMatchObject({ message: DATABASE_UNAVAILABLE });
    expect(ready.statusCode).toBe(503);
    expect((await get('/healthz')).statusCode).toBe(200);
    proxy.thaw();
    await until(async () => (await me()).statusCode === 200);
  }, 20_000);

  it('a database that is down: 503 with Retry-After, and back to normal when it returns', async () => {
    await proxy.down();
    const api = await me();
    expect(api.statusCode).toBe(503);
    expect(api.headers['retry-after']).toBe('5');
    expect((await get('/healthz')).statusCode).toBe(200);
    await proxy.listen(port);
    await until(async () => (await me()).statusCode === 200);
  }, 20_000);
});
