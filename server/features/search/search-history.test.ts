// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createSearchCloud, daysAgo, ids, type SearchCloud, search } from './test-cloud.ts';

let t: TestApp;
let c: SearchCloud;
beforeAll(async () => {
  t = await createTestApp();
  c = await createSearchCloud(t);
});
afterAll(() => t.close());

const asOwner = (body: Parameters<typeof search>[3]) => search(t, c.sessions.owner, c.cloud.id, body);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

describe('POST /apiv2/cloud/:cloudId/search/find: historical results', () => {
  it('finds a renamed device by its former name, titled by its current name', async () => {
    const result = await asOwner({ query: 'warehouse' });
    expect(result.current).toEqual([]);
    expect(result.historical).toEqual([
      {
        object_type: 'device',
        title: 'Lobby AP 1',
        fields: [{ source: 'name', value: 'Old Warehouse AP' }],
        historical: true,
        object_id: c.devices.harborAp.id,
        cloud_id: c.cloud.id,
        site_id: c.sites.harbor.id,
        deleted_at: null,
        updated_at: expect.any(Number),
      },
    ]);
    // When the former name stopped being valid: 40 days ago.
    const updatedAt = result.historical[0]?.updated_at ?? 0;
    expect(Math.abs(updatedAt - seconds(daysAgo(40)))).toBeLessThan(120);
  });

  it('finds a deleted device with its deletion time', async () => {
    const result = await asOwner({ query: 'retired' });
    expect(result.current).toEqual([]);
    expect(result.historical).toEqual([
      expect.objectContaining({
        object_type: 'device',
        object_id: c.devices.retired.id,
        title: 'Retired Bridge',
        historical: true,
        fields: [{ source: 'name', value: 'Retired Bridge' }],
        deleted_at: c.devices.retired.deletedAt?.toISOString(),
      }),
    ]);
  });

  it('finds a deleted device by host name', async () => {
    const result = await asOwner({ query: 'bridge-old' });
    expect(ids(result.historical)).toEqual([`device:${c.devices.retired.id}`]);
    expect(result.historical[0]?.fields).toEqual([{ source: 'hostname', value: 'bridge-old' }]);
  });

  it('finds a client MAC seen in the past, at the site where it was seen', async () => {
    const result = await asOwner({ query: 'de:ad:be:ef:00:01' });
    expect(result.current).toEqual([]);
    expect(result.historical).toEqual([
      expect.objectContaining({
        object_type: 'client',
        object_id: 999_999,
        // The client is gone: it is known by its MAC.
        title: 'de:ad:be:ef:00:01',
        fields: [{ source: 'mac', value: 'de:ad:be:ef:00:01' }],
        historical: true,
        site_id: c.sites.airport.id,
        deleted_at: null,
      }),
    ]);
  });

  it('finds a past MAC by a part of it', async () => {
    const result = await asOwner({ query: 'be:ef:00' });
    expect(ids(result.historical)).toContain('client:999999');
  });

  it('does not repeat in historical an object found in current with the same value', async () => {
    const result = await asOwner({ query: 'aa:bb:cc:00:00:77' });
    expect(ids(result.current)).toEqual([`client:${c.clients.laptop.id}`]);
    expect(result.historical).toEqual([]);
  });

  it('lists an object in both when its former value differs from the current one', async () => {
    const result = await asOwner({ query: 'lobby' });
    expect(ids(result.current)).toContain(`device:${c.devices.harborAp.id}`);
    expect(result.historical).toEqual([
      expect.objectContaining({
        object_type: 'site',
        object_id: c.sites.airport.id,
        title: 'Airport Hangar',
        fields: [{ source: 'name', value: 'Lobby Field Terminal' }],
      }),
    ]);
  });

  it('ignores values that are still valid', async () => {
    const result = await asOwner({ query: 'future gate' });
    expect(result).toEqual({ current: [], historical: [] });
  });
});
