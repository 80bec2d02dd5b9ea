import { describe, expect, it } from 'vitest';
import type { ToolResult, TroubleshootParams } from '../core/fleet/troubleshoot.ts';
import { createDevice } from './device.ts';
import { generateFleet } from './identity.ts';
import { createPlaces } from './places.ts';
import { DEFAULT_RATES, type Rates } from './rates.ts';
import { LAN_GATEWAY } from './troubleshoot.ts';

const QUIET = Object.fromEntries(Object.keys(DEFAULT_RATES).map((name) => [name, 0])) as Rates;

/** The devices of one generated place (a site), each on the simulated network. */
function site(seed: number) {
  const place = createPlaces();
  const fleet = generateFleet(seed, 25).filter(
    (identity) => identity.place === generateFleet(seed, 1)[0]?.place,
  );
  return fleet.map((identity) => createDevice(identity, seed, QUIET, place(identity.place)));
}

function finished(device: ReturnType<typeof site>[number], params: TroubleshootParams) {
  const run = device.runTool(params);
  if ('error' in run) throw new Error(run.error);
  const last = run.steps.at(-1);
  expect(last?.done).toEqual({ error: null });
  return { steps: run.steps, result: last?.result };
}

const devices = site(11);
const of = (type: string) => {
  const found = devices.find((device) => device.identity.productType === type);
  if (!found) throw new Error(`no ${type} in the place`);
  return found;
};
const aps = devices.filter((device) => device.identity.productType === 'wifi');

describe('troubleshooting tools on a simulated device (docs/tools.md#the-simulator)', () => {
  it("traces a route through the site's gateway to the address the name resolves to, a hop at a time", () => {
    const ap = of('wifi');
    const dns = finished(ap, { tool: 'dns', name: 'example.com', recordType: 'A' })
      .result as ToolResult<'dns'>;
    expect(dns).toMatchObject({ status: 'NOERROR', server: LAN_GATEWAY });
    const { steps, result } = finished(ap, { tool: 'traceroute', host: 'example.com' });
    const trace = result as ToolResult<'traceroute'>;
    expect(trace.address).toBe(dns.answers[0]?.value);
    expect(trace.hops[0]).toMatchObject({ hop: 1, address: LAN_GATEWAY, name: of('gateway').hostname });
    expect(trace.hops.at(-1)).toMatchObject({ address: trace.address });
    expect(trace.reached).toBe(true);
    // Each step reports one more hop.
    expect(steps.map((step) => (step.result as ToolResult<'traceroute'>).hops.length)).toEqual(
      trace.hops.map((hop) => hop.hop),
    );
    // Another device of the site resolves the same name the same way.
    const other = finished(of('switch'), { tool: 'dns', name: 'example.com' }).result as ToolResult<'dns'>;
    expect(other.answers).toEqual(dns.answers);
  });

  it('answers a name that does not exist with NXDOMAIN, and a ping to it fails', () => {
    const ap = of('wifi');
    expect(finished(ap, { tool: 'dns', name: 'nothing.invalid' }).result).toMatchObject({
      status: 'NXDOMAIN',
      answers: [],
    });
    expect(ap.runTool({ tool: 'ping', host: 'nothing.invalid' })).toEqual({
      error: 'ping: unknown host nothing.invalid',
    });
  });

  it('pings as many times as asked, reporting each reply', () => {
    const { steps, result } = finished(of('wifi'), { tool: 'ping', host: '8.8.8.8', count: 3 });
    expect(result).toMatchObject({ tool: 'ping', address: '8.8.8.8', sent: 3, received: 3 });
    expect((result as ToolResult<'ping'>).rttMs).toHaveLength(3);
    expect(steps.at(-1)?.lines?.at(-1)).toBe('3 packets transmitted, 3 received, 0% packet loss');
  });

  it('checks an address over HTTP with its status and timings', () => {
    const ok = finished(of('wifi'), { tool: 'http', url: 'https://example.com/' })
      .result as ToolResult<'http'>;
    expect(ok).toMatchObject({ status: 200, reason: 'OK' });
    expect(ok.tlsMs).not.toBeNull();
    expect(ok.totalMs).toBeGreaterThanOrEqual(ok.firstByteMs);
    const missing = finished(of('wifi'), { tool: 'http', url: 'http://example.com/status/404' }).result;
    expect(missing).toMatchObject({ status: 404, reason: 'Not Found', tlsMs: null });
  });

  it('runs a throughput test at most at the speed of the slower link, a second at a time', () => {
    const [client, server] = aps;
    if (!client || !server) throw new Error('two access points needed');
    const { steps, result } = finished(client, {
      tool: 'throughput',
      server: server.hostname,
      durationS: 5,
      direction: 'both',
    });
    const test = result as ToolResult<'throughput'>;
    expect(steps).toHaveLength(5);
    // Access points: their gigabit Ethernet ports at most.
    expect(test.linkMbps).toBeGreaterThan(0);
    expect(test.linkMbps).toBeLessThanOrEqual(1000);
    for (const interval of test.intervals) {
      expect(interval.uploadMbps).toBeLessThanOrEqual(test.linkMbps);
      expect(interval.downloadMbps).toBeGreaterThan(test.linkMbps * 0.8);
    }
    expect(client.runTool({ tool: 'throughput', server: 'nobody-here' })).toEqual({
      error: 'No test server answered at nobody-here',
    });
  });

  it("hears the site's other access points on the channels they use", () => {
    const [scanner, ...others] = aps;
    if (!scanner) throw new Error('an access point needed');
    const survey = finished(scanner, { tool: 'survey' }).result as ToolResult<'survey'>;
    for (const other of others) {
      const prefix = other.identity.mac.slice(0, 15);
      expect(survey.accessPoints.some((ap) => ap.bssid.startsWith(prefix))).toBe(true);
    }
    const signals = survey.accessPoints.map((ap) => ap.signalDbm);
    expect(signals).toEqual([...signals].sort((a, b) => b - a));
    const fives = finished(scanner, { tool: 'survey', band: '5' }).result as ToolResult<'survey'>;
    expect(fives.accessPoints.every((ap) => ap.band === '5')).toBe(true);
    expect(of('switch').runTool({ tool: 'survey' })).toEqual({
      error: 'The device has no Wi-Fi radio to scan with',
    });
  });
});
