import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { isBandChannel } from '../core/fleet/channels.ts';
import { EventsRequest, HeartbeatRequest } from '../core/fleet/protocol.ts';
import { createDevice } from './device.ts';
import { generateFleet, listedDevice } from './identity.ts';
import { clientsOf, createPlaces, joinClient, leaveClient, roamClient } from './places.ts';
import { createRandom } from './random.ts';
import { DEFAULT_RATES, parseRates, type Rates } from './rates.ts';

// The server's own validator settings (server/validation.ts), formats included.
const ajv = addFormats.default(new Ajv({ allErrors: true, coerceTypes: false }));
const validHeartbeat = ajv.compile(HeartbeatRequest);
const validEvents = ajv.compile(EventsRequest);

const NO_CHANGE = Object.fromEntries(Object.keys(DEFAULT_RATES).map((name) => [name, 0])) as Rates;

/** Steps every device of a generated fleet, returning each one's messages. */
function simulate(seed: number, count: number, steps: number, rates: Rates = DEFAULT_RATES) {
  const place = createPlaces();
  const devices = generateFleet(seed, count).map((identity) =>
    createDevice(identity, seed, rates, place(identity.place)),
  );
  return devices.map((device) => Array.from({ length: steps }, () => device.step(60)));
}

describe('simulated devices', () => {
  it('the same seed gives the same fleet and the same messages', () => {
    expect(generateFleet(3, 30)).toEqual(generateFleet(3, 30));
    const strip = (runs: ReturnType<typeof simulate>) =>
      JSON.stringify(runs, (key, value) => (key === 'at' || key === 'modifiedAt' ? undefined : value));
    expect(strip(simulate(3, 30, 20))).toEqual(strip(simulate(3, 30, 20)));
    expect(strip(simulate(4, 30, 20))).not.toEqual(strip(simulate(3, 30, 20)));
  });

  it('every family sends heartbeats and events the console accepts, radios on channels of their band', () => {
    const busy = parseRates(Object.keys(DEFAULT_RATES).map((name) => `${name}=0.2`));
    const runs = simulate(11, 40, 60, busy);
    const families = new Set(generateFleet(11, 40).map((device) => device.productType));
    expect([...families].sort()).toEqual(['gateway', 'glinq', 'mesh', 'metrolinq', 'ptmp', 'switch', 'wifi']);
    let events = 0;
    for (const steps of runs) {
      for (const { heartbeat, events: sent } of steps) {
        if (heartbeat) {
          expect(validHeartbeat({ ...heartbeat, seq: 1 }), JSON.stringify(validHeartbeat.errors)).toBe(true);
          for (const radio of heartbeat.radios ?? [])
            expect(isBandChannel(radio.band, radio.channel)).toBe(true);
        }
        if (sent.length > 0) {
          events += sent.length;
          expect(validEvents({ seq: 1, events: sent }), JSON.stringify(validEvents.errors)).toBe(true);
        }
      }
    }
    expect(events).toBeGreaterThan(50);
  });

  it('a reboot starts the uptime again and tells the console why', () => {
    const [identity] = generateFleet(5, 1);
    const device = createDevice(identity as never, 5, { ...NO_CHANGE, reboot: 1 }, createPlaces()('a'));
    const { events, heartbeat } = device.step(60);
    expect(events).toEqual([expect.objectContaining({ type: 'reboot' })]);
    expect(heartbeat?.uptimeS).toBeLessThan(60);
  });

  it('a channel change is an event, and the radio reports the new channel from then on', () => {
    const [identity] = generateFleet(6, 1);
    const device = createDevice(
      identity as never,
      6,
      { ...NO_CHANGE, channelChange: 1 },
      createPlaces()('a'),
    );
    const { events, heartbeat } = device.step(60);
    const changes = events.filter((event) => event.type === 'channel_changed');
    expect(changes.length).toBeGreaterThan(0);
    for (const change of changes) {
      if (change.type !== 'channel_changed') continue;
      expect(change.data.to).not.toBe(change.data.from);
      expect(heartbeat?.radios?.find((radio) => radio.band === change.data.band)?.channel).toBe(
        change.data.to,
      );
    }
  });

  it('clients join an access point, roam to another one of the place and leave', () => {
    const place = createPlaces()('hall');
    place.aps.push('ap-1', 'ap-2');
    const random = createRandom(8);
    for (let n = 0; n < 5; n++) joinClient(place, 'ap-1', random, ['2.4', '5']);
    const joined = clientsOf(place, 'ap-1', random).map((client) => client.mac);
    expect(joined).toHaveLength(5);
    expect(roamClient(place, 'ap-1', random)).toBe(true);
    const moved = clientsOf(place, 'ap-2', random).map((client) => client.mac);
    expect(moved).toHaveLength(1);
    expect(joined).toContain(moved[0]);
    expect(clientsOf(place, 'ap-1', random)).toHaveLength(4);
    leaveClient(place, 'ap-2', random);
    expect(clientsOf(place, 'ap-2', random)).toEqual([]);
    // A lone access point has nowhere to roam to.
    const alone = createPlaces()('shed');
    alone.aps.push('ap-3');
    joinClient(alone, 'ap-3', random, ['5']);
    expect(roamClient(alone, 'ap-3', random)).toBe(false);
  });

  it('a condition holds for a while, then the heartbeat shows it ended', () => {
    const [identity] = generateFleet(12, 1);
    const device = createDevice(identity as never, 12, { ...NO_CHANGE, timeUnsync: 1 }, createPlaces()('a'));
    const synced = Array.from({ length: 40 }, () => device.step(60).heartbeat?.timeSync.synced);
    expect(synced[0]).toBe(false);
    expect(synced).toContain(true);
  });

  it('a gateway fails over to its next uplink and back, and says so each time', () => {
    // docs/telemetry.md#gateways: the first uplink that is up carries the traffic.
    const rates = { ...NO_CHANGE };
    const gateway = generateFleet(7, 400)
      .filter((identity) => identity.productType === 'gateway')
      .map((identity) => createDevice(identity, 7, rates, createPlaces()('a')))
      .find((device) => (device.step(60).heartbeat?.wan ?? []).filter((wan) => wan.up).length >= 2);
    if (!gateway) throw new Error('no gateway with two uplinks in the fleet');
    rates.wanDown = 1;
    const down = gateway.step(60);
    rates.wanDown = 0;
    const [first, backup] = down.heartbeat?.wan ?? [];
    expect(first).toMatchObject({ up: false, rxBytes: 0 });
    expect(backup?.up).toBe(true);
    expect(down.events).toEqual([
      expect.objectContaining({ type: 'wan_failover', data: { from: first?.name, to: backup?.name } }),
    ]);
    const steps = Array.from({ length: 21 }, () => gateway.step(60));
    const back = steps.find((step) => step.events.some((event) => event.type === 'wan_failover'));
    expect(back?.events).toEqual([
      expect.objectContaining({ type: 'wan_failover', data: { from: backup?.name, to: first?.name } }),
    ]);
    expect(back?.heartbeat?.wan?.[0]?.up).toBe(true);
    for (const step of [down, ...steps]) {
      expect(validHeartbeat({ ...step.heartbeat, seq: 1 }), JSON.stringify(validHeartbeat.errors)).toBe(true);
      if (step.events.length > 0) expect(validEvents({ seq: 1, events: step.events })).toBe(true);
    }
  });

  it('a device the console lists reports the versions and host name the console knows', () => {
    const identity = listedDevice({
      sn: 'SW21000001',
      mac: '02:4c:50:00:00:01',
      product_brand_id: 97,
      site: { id: 4 },
      fw: '2.1.5-731',
      mgmtd_version: '1.4.9',
      hostname: 'sw-hq-01',
    });
    expect(identity).toMatchObject({ productType: 'switch', place: 'site-4' });
    const { heartbeat } = createDevice(identity as never, 1, NO_CHANGE, createPlaces()('site-4')).step(60);
    expect(heartbeat).toMatchObject({ fw: '2.1.5-731', mgmtdVersion: '1.4.9', hostname: 'sw-hq-01' });
    expect(listedDevice({ sn: 'X1', mac: '02:00:00:00:00:09', product_brand_id: 9999 })).toBeNull();
  });

  it('refuses unknown rates and probabilities outside 0 to 1', () => {
    expect(parseRates(['reboot=0.5']).reboot).toBe(0.5);
    expect(() => parseRates(['meltdown=0.1'])).toThrow(/Unknown rate/);
    expect(() => parseRates(['reboot=2'])).toThrow(/probability/);
  });
});
