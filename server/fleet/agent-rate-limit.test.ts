// @vitest-environment node
// The agent API's limits per source address (docs/security.md, Rate limits).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { addressKey, memoryBuckets } from './agent-rate-limit.ts';
import { adoptBody, createAdoptedDevice, heartbeat, sendHeartbeat } from './test-fleet.ts';

let t: TestApp;
beforeAll(async () => {
  // Calling home: 1 a minute with a burst of 5; other calls 2 a second with a burst of 20. A token comes
  // back a minute after a call home, so the counts below hold however slowly the machine runs.
  t = await createTestApp({}, { AGENT_ADOPT_RATE_LIMIT: '1', AGENT_RATE_LIMIT: '2' });
});
afterAll(() => t.close());

const adopt = (n: number, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/agent/v1/adopt',
    payload: adoptBody({
      sn: `FLOOD${n}`,
      mac: `02:f1:00:00:${(n >> 8).toString(16).padStart(2, '0')}:${(n & 255).toString(16).padStart(2, '0')}`,
    }),
    remoteAddress,
  });

describe('/agent/v1 rate limits', () => {
  it('answers a burst of calls home from one address with 429 and Retry-After, and other addresses still get through', async () => {
    const answers = [];
    for (let n = 0; n < 10; n++) answers.push(await adopt(n, '198.51.100.80'));
    expect(answers.map((answer) => answer.statusCode)).toEqual([
      ...Array(5).fill(202),
      ...Array(5).fill(429),
    ]);
    const refused = answers[9];
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused?.json()).toEqual({ message: 'Too many requests. Try again later.' });
    expect(refused?.headers['cache-control']).toBe('no-store');
    expect((await adopt(100, '198.51.100.81')).statusCode).toBe(202);
    // An IPv6 subscriber's whole /64 is one caller.
    for (let n = 0; n < 5; n++) await adopt(200 + n, `2001:db8:1:2::${n + 1}`);
    expect((await adopt(300, '2001:db8:1:2:ffff::9')).statusCode).toBe(429);
    expect((await adopt(301, '2001:db8:1:3::1')).statusCode).toBe(202);
  });

  it('lets heartbeats from one address through far past the adoption rate, up to their own limit', async () => {
    const { credential } = await createAdoptedDevice(t);
    // Sent at once: the limit is taken before any of them is read.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: '/agent/v1/heartbeat',
          headers: { authorization: `Bearer ${credential}` },
          payload: heartbeat(index + 1),
          remoteAddress: '198.51.100.90',
        }),
      ),
    );
    const limited = answers.filter((answer) => answer.statusCode === 429);
    // The burst of 20 (four times the calls home a caller gets) went through; the rest waits.
    expect(answers.length - limited.length).toBeGreaterThanOrEqual(20);
    expect(limited.length).toBeGreaterThan(0);
    for (const answer of limited) expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another address is not held up by it.
    expect((await sendHeartbeat(t, credential, heartbeat(60))).statusCode).toBe(200);
  });
});

describe('addressKey', () => {
  it('counts an IPv4 address as itself, also written as IPv6, and an IPv6 address by its /64', () => {
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:DB8:0:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('memoryBuckets', () => {
  it('refills at the rate, and forgets full buckets first when it tracks too many addresses', () => {
    const buckets = memoryBuckets({ perSecond: 1, burst: 2 }, 2);
    expect([buckets.take('a', 0), buckets.take('a', 0), buckets.take('a', 0)]).toEqual([0, 0, 1]);
    expect(buckets.take('a', 1000)).toBe(0);
    expect(buckets.take('b', 1000)).toBe(0);
    // A third address: b is not full yet, a is empty, so the oldest goes and c gets a full bucket.
    expect(buckets.take('c', 1000)).toBe(0);
    expect(buckets.take('c', 1000)).toBe(0);
    expect(buckets.take('c', 1000)).toBe(1);
  });
});
