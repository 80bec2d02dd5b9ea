// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createSearchCloud, find, ids, type SearchCloud, search } from './test-cloud.ts';

let t: TestApp;
let c: SearchCloud;
beforeAll(async () => {
  t = await createTestApp();
  c = await createSearchCloud(t);
});
afterAll(() => t.close());

const asOwner = (body: Parameters<typeof search>[3]) => search(t, c.sessions.owner, c.cloud.id, body);

describe('POST /apiv2/cloud/:cloudId/search/find: input', () => {
  it.each(['ab', '  ab  ', '\tx\n'])(
    'answers 400 on /query for %j (under 3 characters once trimmed)',
    async (query) => {
      const response = await find(t, c.sessions.owner, c.cloud.id, { query });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.errors).toEqual([
        expect.objectContaining({ errorCode: 'minLength', location: 'body', path: '/query' }),
      ]);
      expect(typeof body.errors[0].message).toBe('string');
    },
  );

  it('answers 400 without a query, with an unknown source, repeated sources or an empty list', async () => {
    for (const body of [
      {},
      { query: 'lobby', sources: ['names'] },
      { query: 'lobby', sources: ['name', 'name'] },
      { query: 'lobby', sources: [] },
      { query: 'x'.repeat(101) },
    ]) {
      const response = await find(t, c.sessions.owner, c.cloud.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors.length).toBeGreaterThan(0);
    }
  });

  it('searches with exactly 3 characters', async () => {
    const result = await asOwner({ query: 'Lob' });
    expect(ids(result.current)).toContain(`device:${c.devices.harborAp.id}`);
  });
});

describe('POST /apiv2/cloud/:cloudId/search/find: default sources', () => {
  it('finds a device and a client by MAC, but not a site whose name holds the same characters', async () => {
    const result = await asOwner({ query: 'aa:bb:cc' });
    expect(ids(result.current)).toEqual(
      expect.arrayContaining([
        `device:${c.devices.harborAp.id}`,
        `device:${c.devices.airportAp.id}`,
        `client:${c.clients.laptop.id}`,
      ]),
    );
    expect(ids(result.current)).not.toContain(`site:${c.sites.lab.id}`);
    expect(result.current.every((r) => r.fields.every((f) => f.source === 'mac'))).toBe(true);
  });

  it('finds a device by a full MAC written with dashes in capitals', async () => {
    const result = await asOwner({ query: 'AA-BB-CC-00-00-01' });
    expect(result.current).toEqual([
      expect.objectContaining({
        object_type: 'device',
        object_id: c.devices.harborAp.id,
        fields: [{ source: 'mac', value: 'aa:bb:cc:00:00:01' }],
      }),
    ]);
  });

  it('finds a device and a client by IP prefix', async () => {
    const devices = await asOwner({ query: '10.20.0' });
    expect(ids(devices.current)).toEqual([`device:${c.devices.harborAp.id}`]);
    expect(devices.current[0]?.fields).toEqual([{ source: 'ip', value: '10.20.0.1' }]);
    const clients = await asOwner({ query: '192.168.6' });
    expect(clients.current).toEqual([
      expect.objectContaining({
        object_type: 'client',
        object_id: c.clients.phone.id,
        // A client without a host name is titled by its MAC.
        title: '3c:22:fb:10:20:30',
        fields: [{ source: 'ip', value: '192.168.6.20' }],
      }),
    ]);
  });

  it('finds a site by location, a device by host name and by serial number, a user by email', async () => {
    const byLocation = await asOwner({ query: 'quay' });
    expect(byLocation.current).toEqual([
      expect.objectContaining({
        object_type: 'site',
        object_id: c.sites.harbor.id,
        title: 'Harbor Office',
        fields: [{ source: 'location', value: '12 Quay Street' }],
      }),
    ]);
    const byHostname = await asOwner({ query: 'ap-airport' });
    expect(byHostname.current).toEqual([
      expect.objectContaining({
        object_id: c.devices.airportAp.id,
        fields: [{ source: 'hostname', value: 'ap-airport-02' }],
      }),
    ]);
    const bySerial = await asOwner({ query: 'wa1000002' });
    expect(bySerial.current).toEqual([
      expect.objectContaining({
        object_id: c.devices.airportAp.id,
        fields: [{ source: 'serial', value: 'WA1000002' }],
      }),
    ]);
    const byEmail = await asOwner({ query: 'maria@acme' });
    expect(byEmail.current).toEqual([
      expect.objectContaining({
        object_type: 'user',
        object_id: c.users.admin.id,
        title: 'Maria Garcia',
        cloud_id: c.cloud.id,
        site_id: null,
        fields: [{ source: 'email', value: 'maria@acme.example' }],
      }),
    ]);
  });

  it('finds a user by full name and a client by host name', async () => {
    const byName = await asOwner({ query: 'maria garcia' });
    expect(byName.current).toEqual([
      expect.objectContaining({
        object_id: c.users.admin.id,
        fields: [{ source: 'name', value: 'Maria Garcia' }],
      }),
    ]);
    const byHostname = await asOwner({ query: 'laptop-an' });
    expect(ids(byHostname.current)).toEqual([`client:${c.clients.laptop.id}`]);
  });

  it('lists every field of an object that matched, each with its source', async () => {
    const result = await asOwner({ query: 'kiosk' });
    expect(result.current).toEqual([
      expect.objectContaining({
        object_type: 'device',
        object_id: c.devices.kiosk.id,
        fields: [
          { source: 'name', value: '50% Off Kiosk' },
          { source: 'hostname', value: 'kiosk-1' },
        ],
      }),
    ]);
  });
});

describe('POST /apiv2/cloud/:cloudId/search/find: explicit sources', () => {
  it('searches only the sources asked for', async () => {
    const names = await asOwner({ query: 'harbor', sources: ['name'] });
    expect(ids(names.current)).toContain(`site:${c.sites.harbor.id}`);
    expect(names.current.some((r) => r.object_type === 'device')).toBe(false);

    const hostnames = await asOwner({ query: 'harbor', sources: ['hostname'] });
    expect(ids(hostnames.current)).toEqual([`device:${c.devices.harborAp.id}`]);
  });

  it('searches MACs and names together when both are asked for', async () => {
    const result = await asOwner({ query: 'aa:bb:cc', sources: ['mac', 'name'] });
    expect(ids(result.current)).toEqual(
      expect.arrayContaining([`site:${c.sites.lab.id}`, `device:${c.devices.harborAp.id}`]),
    );
  });

  it('does not search a source left out', async () => {
    const result = await asOwner({ query: 'WA1000001', sources: ['name', 'hostname'] });
    expect(result.current).toEqual([]);
  });
});
