import type { LightMyRequestResponse } from 'fastify';
import { type App, type BuildOptions, buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import { createContext } from '../context.ts';
import type { DatabaseHandle } from '../db/connect.ts';
import { secretBox } from '../features/config/seal.ts';
import { openTestDatabase } from './database.ts';

export const TEST_VERSION = '0.0.0-test';
/** The key that seals configuration secrets in tests (docs/configuration.md#secrets). */
export const TEST_CONFIG_SECRET_KEY = Buffer.alloc(32, 7).toString('base64');
export const testSecrets = secretBox(Buffer.from(TEST_CONFIG_SECRET_KEY, 'base64'));

export type TestApp = { app: App; database: DatabaseHandle; close: () => Promise<void> };

/**
 * The real app on a fresh test database, for app.inject; configEnv adds environment variables to the
 * config. Tests send requests faster than any person or device: the API's and the agent API's rate limits
 * and the heartbeat pace are off unless configEnv sets them.
 */
export async function createTestApp(
  options: BuildOptions = {},
  configEnv: NodeJS.ProcessEnv = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = readConfig({
    DEMO: '0',
    API_RATE_LIMIT: '0',
    AGENT_ADOPT_RATE_LIMIT: '0',
    AGENT_RATE_LIMIT: '0',
    HEARTBEAT_PACE: '0',
    CONFIG_SECRET_KEY: TEST_CONFIG_SECRET_KEY,
    ...configEnv,
  });
  const app = await buildApp(createContext(database, config, TEST_VERSION), options);
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export type Session = { cookie: string; csrfToken: string };

/** Cookies of a response, as a Cookie request header. */
export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

export async function login(app: App, email: string, password: string): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: '/apiv2/auth/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const csrfToken = response.cookies.find((c) => c.name === 'csrf_token')?.value;
  if (!csrfToken) throw new Error('login set no csrf_token cookie');
  return { cookie: cookieHeader(response), csrfToken };
}

/** Headers of a signed-in browser call with its CSRF token. */
export const as = (session: Session) => ({ cookie: session.cookie, 'x-csrf-token': session.csrfToken });
