// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MATCHES_PER_GROUP } from '../../../core/constants.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createDevice } from '../../test/factories.ts';
import { createSearchCloud, daysAgo, ids, type SearchCloud, search } from './test-cloud.ts';

let t: TestApp;
let c: SearchCloud;
const rack: { id: number; updatedAt: Date }[] = [];
const core: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  c = await createSearchCloud(t);
  const db = t.database.db;
  for (let n = 1; n <= 5; n++) {
    const device = await createDevice(db, c.cloud.id, c.sites.harbor.id, {
      name: `Rack AP ${n}`,
      updatedAt: daysAgo(10 - n),
    });
    rack.push(device);
  }
  for (let n = 1; n <= 5; n++) {
    await createDevice(db, c.cloud.id, c.sites.harbor.id, {
      name: `Gone Relay ${n}`,
      deletedAt: daysAgo(n),
      updatedAt: daysAgo(n),
    });
  }
  // Inserted worst match first, so ranking does not follow insertion order.
  for (const name of ['Main Core', 'Core Switch', 'Core']) {
    core[name] = (
      await createDevice(db, c.cloud.id, c.sites.airport.id, { name, updatedAt: daysAgo(50) })
    ).id;
  }
});
afterAll(() => t.close());

const asOwner = (body: Parameters<typeof search>[3]) => search(t, c.sessions.owner, c.cloud.id, body);

describe('POST /apiv2/cloud/:cloudId/search/find: results', () => {
  it('answers every docs/entities.md field of a result', async () => {
    const result = await asOwner({ query: 'Lobby AP 1' });
    expect(result.current).toEqual([
      {
        object_type: 'device',
        title: 'Lobby AP 1',
        fields: [{ source: 'name', value: 'Lobby AP 1' }],
        historical: false,
        object_id: c.devices.harborAp.id,
        cloud_id: c.cloud.id,
        site_id: c.sites.harbor.id,
        deleted_at: null,
        updated_at: Math.floor(c.devices.harborAp.updatedAt.getTime() / 1000),
      },
    ]);
  });

  it('answers updated_at in whole seconds since the epoch', async () => {
    const result = await asOwner({ query: 'Rack AP' });
    for (const r of result.current) {
      expect(Number.isInteger(r.updated_at)).toBe(true);
      expect(r.updated_at).toBeLessThan(Date.now() / 1000 + 1);
      expect(r.updated_at).toBeGreaterThan(Date.now() / 1000 - 30 * 86_400);
    }
  });

  it('answers at most 3 matches per object type, the most recently updated first', async () => {
    const result = await asOwner({ query: 'Rack AP' });
    const devices = result.current.filter((r) => r.object_type === 'device');
    expect(devices).toHaveLength(MAX_MATCHES_PER_GROUP);
    expect(devices.map((r) => r.object_id)).toEqual([rack[4]?.id, rack[3]?.id, rack[2]?.id]);
  });

  it('answers at most 3 historical matches per object type', async () => {
    const result = await asOwner({ query: 'Gone Relay' });
    expect(result.current).toEqual([]);
    expect(result.historical).toHaveLength(MAX_MATCHES_PER_GROUP);
    expect(result.historical.map((r) => r.title)).toEqual(['Gone Relay 1', 'Gone Relay 2', 'Gone Relay 3']);
  });

  it('ranks exact matches first, then prefix matches, then the others', async () => {
    const result = await asOwner({ query: 'core' });
    expect(result.current.map((r) => r.title)).toEqual(['Core', 'Core Switch', 'Main Core']);
  });

  it('groups results by object type', async () => {
    const result = await asOwner({ query: 'harbor' });
    const types = result.current.map((r) => r.object_type);
    expect(types).toEqual([...types].sort((a, b) => order(a) - order(b)));
    expect(new Set(types)).toEqual(new Set(['site', 'device', 'user']));
  });

  it('takes % and _ in the query literally', async () => {
    const percent = await asOwner({ query: '50%' });
    expect(ids(percent.current)).toEqual([`device:${c.devices.kiosk.id}`]);
    const underscore = await asOwner({ query: 'rack_b' });
    expect(ids(underscore.current)).toEqual([`device:${c.devices.rackB.id}`]);
    expect((await asOwner({ query: '%%%' })).current).toEqual([]);
    expect((await asOwner({ query: '___' })).current).toEqual([]);
  });

  it("finds the clouds the caller belongs to by name, but not other people's clouds", async () => {
    const result = await asOwner({ query: 'acme' });
    const clouds = result.current.filter((r) => r.object_type === 'cloud');
    expect(clouds.map((r) => r.title).sort()).toEqual(['Acme Labs', 'Acme Networks']);
    const labs = clouds.find((r) => r.title === 'Acme Labs');
    expect(labs).toMatchObject({
      object_id: c.labs.id,
      cloud_id: c.labs.id,
      site_id: null,
      historical: false,
    });
  });

  it("never answers another cloud's sites, devices or clients", async () => {
    const queries = [
      'Lobby AP',
      'aa:bb:cc',
      'aa:bb:cc:00:00:09',
      '10.20.0',
      '192.168.5',
      'laptop',
      'Harbor Rival',
    ];
    for (const query of queries) {
      const result = await asOwner({ query });
      const all = [...result.current, ...result.historical];
      expect(
        all.filter((r) => r.object_type !== 'cloud').every((r) => r.cloud_id === c.cloud.id),
        query,
      ).toBe(true);
      expect(ids(all), query).not.toContain(`device:${c.devices.rivalDevice.id}`);
    }
  });

  it('answers nothing when nothing matches', async () => {
    expect(await asOwner({ query: 'no such thing' })).toEqual({ current: [], historical: [] });
  });
});

const order = (type: string) => ['cloud', 'site', 'device', 'user', 'client'].indexOf(type);

describe('POST /apiv2/cloud/:cloudId/search/find: wireless clients', () => {
  it('tells where a client is: its site, its device and when it was last seen', async () => {
    const result = await asOwner({ query: 'aa:bb:cc:00:00:77' });
    const [now] = result.current.filter((hit) => hit.object_type === 'client');
    expect(now?.client).toEqual({
      site: { id: c.sites.harbor.id, name: 'Harbor Office' },
      device: { id: c.devices.harborAp.id, name: 'Lobby AP 1' },
      last_seen_at: c.clients.laptop.lastSeenAt.toISOString(),
    });
    // A client gone for days: the site where it was seen, until when, and no device.
    const gone = await asOwner({ query: 'de:ad:be:ef:00:01' });
    const [before] = gone.historical.filter((hit) => hit.object_type === 'client');
    expect(before?.client).toEqual({
      site: { id: c.sites.airport.id, name: 'Airport Hangar' },
      device: null,
      last_seen_at: expect.any(String),
    });
    const lastSeen = Date.parse(before?.client?.last_seen_at ?? '');
    expect(Math.abs(lastSeen - daysAgo(9).getTime())).toBeLessThan(120_000);
    // Other objects carry no whereabouts.
    expect(result.current.filter((hit) => hit.object_type !== 'client' && 'client' in hit)).toEqual([]);
  });
});
