// @vitest-environment node
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../server/test/app.ts';
import { createUser, TEST_PASSWORD } from '../server/test/factories.ts';
import { signIn } from './console-api.ts';

let t: TestApp;
let url: string;
beforeAll(async () => {
  // One request a second with a burst of ten.
  t = await createTestApp({}, { API_RATE_LIMIT: '1' });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

it('a script waits out the rate limit as Retry-After says instead of failing', async () => {
  await createUser(t.database.db, { email: 'script@sim.example' });
  const session = await signIn(url, 'script@sim.example', TEST_PASSWORD);
  const answers = [];
  for (let i = 0; i < 12; i++) answers.push(await session.get('/apiv2/clouds'));
  expect(answers.map((answer) => answer.clouds)).toEqual(Array(12).fill([]));
});
