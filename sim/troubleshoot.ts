// What a simulated device finds when it runs a troubleshooting tool (docs/tools.md#the-simulator): its path
// out goes through its site's gateway, names resolve the same way for every device, a throughput test runs
// at the speed of the slowest link between the two devices, and a site survey hears the site's other access
// points on the channels they use. Results come in steps, as a device reports them.
import type { Radio } from '../core/fleet/protocol.ts';
import type { ToolResult, TroubleshootParams, TroubleshootResult } from '../core/fleet/troubleshoot.ts';
import { lldpOf } from './lldp.ts';
import type { Place } from './places.ts';
import type { Random } from './random.ts';

/** What a device of a place offers the others' tools. */
export type NetworkMember = {
  mac: string;
  hostname: string;
  type: string;
  /** Its numbered ports (switches and gateways). */
  ports: number;
  /** The speed a port of its own runs at now, 0 when it has no link. */
  portMbps: (port: string) => number;
  /** Its access radios as they are tuned now. */
  radios: () => readonly Radio[];
  /** The capacity of its radio link, for the far end of one. */
  radioLinkMbps: number | null;
};

const members = new WeakMap<Place, Map<string, NetworkMember>>();
const placeOf = new Map<string, { place: Place; member: NetworkMember }>();

/** The device joins its place's network: the others' tools reach it by its host name. */
export function joinNetwork(place: Place, member: NetworkMember): void {
  const list = members.get(place) ?? new Map<string, NetworkMember>();
  list.set(member.mac, member);
  members.set(place, list);
  placeOf.set(member.hostname.toLowerCase(), { place, member });
}

const ofPlace = (place: Place) =>
  [...(members.get(place)?.values() ?? [])].sort((a, b) => (a.mac < b.mac ? -1 : 1));
/** The place's gateway: the one its devices are cabled to (sim/lldp.ts picks the same). */
const gatewayOf = (place: Place) => ofPlace(place).find((member) => member.type === 'gateway');

/** The site's LAN: its gateway answers here, and resolves names for the devices behind it. */
export const LAN_GATEWAY = '192.168.1.1';
const ISP_HOP = '203.0.113.1';

const hash = (text: string) =>
  [...text].reduce((sum, char) => Math.imul(sum ^ char.charCodeAt(0), 16777619) >>> 0, 2166136261);
const round = (value: number) => Math.round(value * 10) / 10;
const isAddress = (host: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':');

/** A name's answers: the same for every device and every run; names under .invalid do not exist. */
export function resolve(
  name: string,
  type: 'A' | 'AAAA' | 'CNAME' | 'MX' | 'NS' | 'TXT',
  place: Place,
): ToolResult<'dns'>['answers'] | null {
  const host = name.toLowerCase().replace(/\.$/, '');
  if (host.endsWith('.invalid') || host === 'invalid') return null;
  const gateway = gatewayOf(place);
  if (host === 'gateway' || (gateway && host === gateway.hostname.toLowerCase()))
    return type === 'A' ? [{ type: 'A', value: LAN_GATEWAY, ttlS: 0 }] : [];
  const h = hash(host);
  const first = [23, 34, 52, 104, 142, 151, 185][h % 7] as number;
  const ttlS = [60, 300, 3600][h % 3] as number;
  const domain = host.split('.').slice(-2).join('.');
  switch (type) {
    case 'A':
      return [0, 1].map((n) => ({
        type: 'A' as const,
        value: `${first}.${(h >>> 8) % 250}.${(h >>> 16) % 250}.${(((h >>> 4) + n * 7) % 250) + 2}`,
        ttlS,
      }));
    case 'AAAA':
      return [
        {
          type: 'AAAA',
          value: `2001:db8:${(h & 0xffff).toString(16)}::${((h >>> 16) & 0xfff).toString(16)}`,
          ttlS,
        },
      ];
    case 'CNAME':
      return host.startsWith('www.') ? [{ type: 'CNAME', value: `${domain}.cdn.example.net`, ttlS }] : [];
    case 'MX':
      return [
        { type: 'MX', value: `10 mx1.${domain}`, ttlS: 3600 },
        { type: 'MX', value: `20 mx2.${domain}`, ttlS: 3600 },
      ];
    case 'NS':
      return [1, 2].map((n) => ({ type: 'NS' as const, value: `ns${n}.${domain}`, ttlS: 86_400 }));
    case 'TXT':
      return [{ type: 'TXT', value: 'v=spf1 -all', ttlS }];
  }
}

/** Where a host is: its address, or null when its name does not resolve. */
function addressOf(host: string, place: Place): string | null {
  if (isAddress(host)) return host;
  return resolve(host, 'A', place)?.[0]?.value ?? null;
}

/** A device without numbered ports (an access point, a radio) has one gigabit Ethernet port, eth0. */
const ETH0_MBPS = 1000;

/** The speed of the device's link into its network: its cable's far port, or its radio link. */
function linkMbps(place: Place, member: NetworkMember): number {
  if (member.type === 'gateway') return member.portMbps('1') || 1000;
  if (member.radioLinkMbps !== null) return member.radioLinkMbps;
  const uplink = member.type === 'switch' ? String(member.ports) : 'eth0';
  const cable = lldpOf(place, member.mac).find((neighbour) => neighbour.localPort === uplink);
  const far = cable && members.get(place)?.get(cable.chassisId);
  const own = cable ? member.portMbps(cable.localPort) || (member.ports === 0 ? ETH0_MBPS : 0) : 0;
  const speeds = [own, far?.portMbps(cable?.portId ?? '') ?? 0];
  const known = speeds.filter((speed) => speed > 0);
  return known.length > 0 ? Math.min(...known) : 1000;
}

/** The way out of the site to an address: its gateway, the provider, a few transit hops, the address. */
function path(place: Place, member: NetworkMember, address: string) {
  const gateway = gatewayOf(place);
  const h = hash(address);
  const hops: { address: string; name: string | null; baseMs: number }[] = [];
  if (member.type !== 'gateway')
    hops.push({ address: LAN_GATEWAY, name: gateway?.hostname ?? null, baseMs: 0.6 });
  if (address === LAN_GATEWAY) return hops;
  hops.push({ address: ISP_HOP, name: null, baseMs: 4 });
  const transit = 2 + (h % 4);
  for (let n = 1; n <= transit; n += 1)
    hops.push({
      address: `198.51.100.${((h >>> n) % 200) + 20}`,
      name: `ae${n}.core${(h >>> (n + 3)) % 9}.transit.example`,
      baseMs: 4 + n * (3 + (h % 5)),
    });
  hops.push({ address, name: null, baseMs: 8 + transit * (3 + (h % 5)) + (h % 7) });
  return hops;
}

export type ToolStep = {
  result: TroubleshootResult;
  /** ping and traceroute also report their output as text. */
  lines?: string[];
  /** The last step carries success, or why the tool failed. */
  done?: { error: string | null };
};

/**
 * The device runs the tool: each step is what it has found so far (a hop, a reply, a second of a
 * throughput test), the last one with `done`; or why the device cannot run it at all.
 */
export function runTool(
  place: Place,
  member: NetworkMember,
  random: Random,
  params: TroubleshootParams,
): { steps: ToolStep[] } | { error: string } {
  const { mac } = member;
  const jitter = (base: number) => round(base * (0.9 + random.next() * 0.3) + random.next());
  switch (params.tool) {
    case 'ping': {
      const count = params.count ?? 4;
      const address = addressOf(params.host, place);
      if (address === null) return { error: `ping: unknown host ${params.host}` };
      const base = path(place, member, address).at(-1)?.baseMs ?? 0.3;
      const rttMs: number[] = [];
      const lines = [`PING ${params.host} (${address}): 56 data bytes`];
      const steps: ToolStep[] = [];
      for (let n = 1; n <= count; n += 1) {
        const rtt = jitter(base);
        rttMs.push(rtt);
        lines.push(`64 bytes from ${address}: icmp_seq=${n} ttl=${64 - n} time=${rtt} ms`);
        steps.push({
          result: { tool: 'ping', address, sent: n, received: n, rttMs: [...rttMs] },
          lines: [...lines],
        });
      }
      lines.push(`${count} packets transmitted, ${count} received, 0% packet loss`);
      steps.push({
        result: { tool: 'ping', address, sent: count, received: count, rttMs },
        lines,
        done: { error: null },
      });
      return { steps };
    }
    case 'traceroute': {
      const address = addressOf(params.host, place);
      if (address === null) return { error: `traceroute: unknown host ${params.host}` };
      const maxHops = params.maxHops ?? 30;
      const route = path(place, member, address).slice(0, maxHops);
      const lines = [`traceroute to ${params.host} (${address}), ${maxHops} hops max`];
      const hops: ToolResult<'traceroute'>['hops'] = [];
      const steps: ToolStep[] = [];
      for (const [index, hop] of route.entries()) {
        // Now and then a transit router does not answer.
        const silent = index > 1 && index < route.length - 1 && random.chance(0.1);
        const rtt = silent ? null : jitter(hop.baseMs);
        hops.push({
          hop: index + 1,
          address: silent ? null : hop.address,
          name: silent ? null : hop.name,
          rttMs: rtt,
        });
        lines.push(
          silent
            ? ` ${index + 1}  * * *`
            : ` ${index + 1}  ${hop.name ? `${hop.name} (${hop.address})` : hop.address}  ${rtt} ms`,
        );
        const reached = hop.address === address;
        steps.push({ result: { tool: 'traceroute', address, hops: [...hops], reached }, lines: [...lines] });
      }
      const last = steps.at(-1) as ToolStep;
      last.done = { error: null };
      return { steps };
    }
    case 'dns': {
      const type = params.recordType ?? 'A';
      const answers = resolve(params.name, type, place);
      const server = params.server ?? (member.type === 'gateway' ? '1.1.1.1' : LAN_GATEWAY);
      const result: ToolResult<'dns'> = {
        tool: 'dns',
        server,
        status: answers === null ? 'NXDOMAIN' : 'NOERROR',
        timeMs: jitter(answers === null ? 24 : 12),
        answers: answers ?? [],
      };
      return { steps: [{ result, done: { error: null } }] };
    }
    case 'http': {
      const url = new URL(params.url);
      const address = addressOf(url.hostname, place);
      if (address === null) return { error: `Could not resolve host ${url.hostname}` };
      const base = path(place, member, address).at(-1)?.baseMs ?? 1;
      const status = Number(/\/status\/([1-5]\d\d)\b/.exec(url.pathname)?.[1] ?? 200);
      const dnsMs = isAddress(url.hostname) ? 0 : jitter(12);
      const connectMs = jitter(base);
      const tlsMs = url.protocol === 'https:' ? jitter(base * 2) : null;
      const firstByteMs = round(dnsMs + connectMs + (tlsMs ?? 0) + jitter(base + 40));
      const bytes = params.method === 'HEAD' ? 0 : 2_000 + (hash(params.url) % 180_000);
      const result: ToolResult<'http'> = {
        tool: 'http',
        address,
        status,
        reason: REASONS[status] ?? 'Unknown',
        dnsMs,
        connectMs,
        tlsMs,
        firstByteMs,
        totalMs: round(firstByteMs + bytes / 50_000 + random.next() * 3),
        bytes,
        contentType: bytes > 0 ? 'text/html; charset=utf-8' : null,
      };
      return { steps: [{ result, done: { error: null } }] };
    }
    case 'throughput': {
      const far = placeOf.get(params.server.toLowerCase());
      if (!far) return { error: `No test server answered at ${params.server}` };
      if (far.member.mac === mac) return { error: 'The server is the device itself; choose another device' };
      let capacity = Math.min(linkMbps(place, member), linkMbps(far.place, far.member));
      // Between sites the test crosses both sites' internet links.
      if (far.place !== place) {
        for (const [where, gateway] of [
          [place, gatewayOf(place)],
          [far.place, gatewayOf(far.place)],
        ] as const)
          if (gateway) capacity = Math.min(capacity, linkMbps(where, gateway));
      }
      const seconds = params.durationS ?? 10;
      const direction = params.direction ?? 'both';
      const rate = () => round(capacity * (0.88 + random.next() * 0.06));
      const intervals: ToolResult<'throughput'>['intervals'] = [];
      const steps: ToolStep[] = [];
      const average = (key: 'uploadMbps' | 'downloadMbps') => {
        const values = intervals.map((interval) => interval[key]).filter((value) => value !== null);
        return values.length === 0
          ? null
          : round(values.reduce((sum, value) => sum + value, 0) / values.length);
      };
      for (let second = 1; second <= seconds; second += 1) {
        intervals.push({
          second,
          uploadMbps: direction === 'download' ? null : rate(),
          downloadMbps: direction === 'upload' ? null : rate(),
        });
        steps.push({
          result: {
            tool: 'throughput',
            server: params.server,
            linkMbps: capacity,
            intervals: [...intervals],
            uploadMbps: average('uploadMbps'),
            downloadMbps: average('downloadMbps'),
          },
        });
      }
      (steps.at(-1) as ToolStep).done = { error: null };
      return { steps };
    }
    case 'survey': {
      const own = member.radios().filter((radio) => radio.band !== '60');
      if (own.length === 0) return { error: 'The device has no Wi-Fi radio to scan with' };
      // It hears the bands its own radios work on, all of them or the one asked for.
      const wanted = (band: string) =>
        own.some((radio) => radio.band === band) &&
        ((params.band ?? 'all') === 'all' || band === params.band);
      const accessPoints: ToolResult<'survey'>['accessPoints'] = [];
      for (const other of ofPlace(place)) {
        if (other.mac === mac) continue;
        for (const [index, radio] of other.radios().entries()) {
          if (!wanted(radio.band) || radio.band === '60') continue;
          const distance = hash(`${[mac, other.mac].sort().join()}`) % 35;
          accessPoints.push({
            bssid: bssidOf(other.mac, index),
            ssid: index === 0 ? 'Office' : 'Office-Guest',
            band: radio.band as '2.4' | '5' | '6',
            channel: radio.channel,
            widthMhz: radio.widthMhz,
            signalDbm: Math.round(-42 - distance - (radio.band === '2.4' ? 0 : 6) - random.int(0, 3)),
          });
        }
      }
      // The networks of the neighbours next door, heard the same way from every access point of the site.
      const street = hash(gatewayOf(place)?.mac ?? mac);
      for (const [n, ssid] of ['Cafe-Corner', 'DIRECT-42-Printer', 'Neighbour-5G'].entries()) {
        const band = n === 2 ? '5' : '2.4';
        if (!wanted(band)) continue;
        accessPoints.push({
          bssid: `02:5e:${((street >>> (n * 4)) & 0xff).toString(16).padStart(2, '0')}:00:00:0${n}`,
          ssid,
          band,
          channel:
            band === '5' ? ([36, 44, 149][street % 3] as number) : ([1, 6, 11][(street >>> n) % 3] as number),
          widthMhz: band === '5' ? 80 : 20,
          signalDbm: -78 - ((street >>> n) % 12) - random.int(0, 2),
        });
      }
      accessPoints.sort((a, b) => b.signalDbm - a.signalDbm);
      return {
        steps: [
          { result: { tool: 'survey', accessPoints: accessPoints.slice(0, 32) }, done: { error: null } },
        ],
      };
    }
  }
}

const bssidOf = (mac: string, index: number) =>
  `${mac.slice(0, 15)}${((Number.parseInt(mac.slice(15), 16) + 16 * (index + 1)) & 255).toString(16).padStart(2, '0')}`;

const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};
