// docs/topology.md#api: the topology read once for the viewers of a few seconds, again after a change.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveRow } from '../../events/hub.ts';
import { createAnswerCache } from './answer-cache.ts';

const event = (kind: string, cloudId: number, siteId: number | null): LiveRow => ({
  id: 1,
  cloud_id: cloudId,
  site_id: siteId,
  kind,
  data: {},
});

describe('the topology answer cache', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shares one read between the callers of a few seconds, then reads again', async () => {
    const cache = createAnswerCache<number>(5_000);
    let reads = 0;
    const read = async () => ++reads;
    expect(await Promise.all([cache.get(1, 7, read), cache.get(1, 7, read)])).toEqual([1, 1]);
    vi.advanceTimersByTime(4_999);
    expect(await cache.get(1, 7, read)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await cache.get(1, 7, read)).toBe(2);
    // Another cloud's call for the same site id reads under its own key.
    expect(await cache.get(2, 7, read)).toBe(3);
  });

  it("reads again after a live event of the site's devices, alerts or links, and not after others", async () => {
    const cache = createAnswerCache<number>(5_000);
    let reads = 0;
    const read = async () => ++reads;
    await cache.get(1, 7, read);
    for (const other of [
      event('task', 1, 7),
      event('device', 1, 8),
      event('device', 2, 7),
      event('links', 1, null),
    ])
      cache.observe(other);
    expect(await cache.get(1, 7, read)).toBe(1);
    for (const [n, kind] of ['device', 'alert', 'links'].entries()) {
      cache.observe(event(kind, 1, 7));
      expect(await cache.get(1, 7, read)).toBe(n + 2);
    }
  });

  it('keeps no failed read', async () => {
    const cache = createAnswerCache<number>(5_000);
    await expect(cache.get(1, 7, () => Promise.reject(new Error('database gone')))).rejects.toThrow();
    expect(await cache.get(1, 7, async () => 42)).toBe(42);
  });
});
