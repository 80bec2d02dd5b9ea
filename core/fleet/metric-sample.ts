// The numbers of one heartbeat that charts draw over time (the device and site pages).
import type { Band, HeartbeatRequest } from './protocol.ts';

/** One heartbeat's numbers; null where the device's family does not report it. */
export type MetricSample = {
  cpu: number;
  mem: number;
  temp: number | null;
  power: number | null;
  clients: number | null;
  clients24: number | null;
  clients5: number | null;
  clients6: number | null;
  clients60: number | null;
  util24: number | null;
  util5: number | null;
  util6: number | null;
  util60: number | null;
  noise24: number | null;
  noise5: number | null;
  noise6: number | null;
  noise60: number | null;
  /** Bytes received and sent since the previous heartbeat: clients (access points), ports or WAN. */
  rxBytes: number | null;
  txBytes: number | null;
  /** The weakest radio link or mesh peer: what limits a link's service. */
  linkRssi: number | null;
  linkSnr: number | null;
  linkCapacity: number | null;
  /** The mean of the radios' retry rates, %. */
  retries: number | null;
  /** The far end of the weakest radio link, as it reports itself through this end. */
  linkRemoteRssi: number | null;
  linkRemoteSnr: number | null;
  /** The lowest MCS of the radio links that are up. */
  linkMcs: number | null;
  /** The share of the radio links that are up, 0 to 1: averaged over time, the links' availability. */
  linkUp: number | null;
  /** The worst WAN port that is up: round-trip latency (ms) and loss (%). */
  wanLatency: number | null;
  wanLoss: number | null;
  /** Port errors since the previous heartbeat, all ports together. */
  errors: number | null;
  /** The power budget the device's power (a switch: PoE delivered) must stay within, W. */
  powerBudget: number | null;
};

export const METRIC_COLUMNS = [
  'cpu',
  'mem',
  'temp',
  'power',
  'clients',
  'clients24',
  'clients5',
  'clients6',
  'clients60',
  'util24',
  'util5',
  'util6',
  'util60',
  'noise24',
  'noise5',
  'noise6',
  'noise60',
  'rxBytes',
  'txBytes',
  'linkRssi',
  'linkSnr',
  'linkCapacity',
  'retries',
  'linkRemoteRssi',
  'linkRemoteSnr',
  'linkMcs',
  'linkUp',
  'wanLatency',
  'wanLoss',
  'errors',
  'powerBudget',
] as const satisfies readonly (keyof MetricSample)[];

const sum = (values: readonly number[]) => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0));
const max = (values: readonly (number | undefined)[]) => {
  const known = values.filter((value): value is number => value !== undefined);
  return known.length === 0 ? null : Math.max(...known);
};
const mean = (values: readonly (number | undefined)[]) => {
  const known = values.filter((value): value is number => value !== undefined);
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0) / known.length;
};
const min = (values: readonly (number | undefined)[]) => {
  const known = values.filter((value): value is number => value !== undefined);
  return known.length === 0 ? null : Math.min(...known);
};

export function metricSample(report: HeartbeatRequest): MetricSample {
  const radio = (band: Band) => report.radios?.find((candidate) => candidate.band === band);
  const clients = report.clients;
  const onBand = (band: Band) => (clients ? clients.filter((client) => client.band === band).length : null);
  const traffic = [...(clients ?? []), ...(report.ports ?? []), ...(report.wan ?? [])];
  const radioLinks = report.links ?? [];
  const upLinks = radioLinks.filter((link) => link.up);
  const links = [...upLinks, ...(report.meshPeers ?? [])];
  // The weakest link that is up, by its signal: its far end is read from the same link.
  const weakest = upLinks.reduce<(typeof upLinks)[number] | undefined>(
    (worst, link) => (worst === undefined || (link.rssi ?? 0) < (worst.rssi ?? 0) ? link : worst),
    undefined,
  );
  const wans = (report.wan ?? []).filter((wan) => wan.up);
  return {
    cpu: report.system.cpuPct,
    mem: report.system.memPct,
    temp: report.system.tempC ?? null,
    power: report.system.powerW ?? null,
    clients: clients ? clients.length : null,
    clients24: onBand('2.4'),
    clients5: onBand('5'),
    clients6: onBand('6'),
    clients60: onBand('60'),
    util24: radio('2.4')?.utilPct ?? null,
    util5: radio('5')?.utilPct ?? null,
    util6: radio('6')?.utilPct ?? null,
    util60: radio('60')?.utilPct ?? null,
    noise24: radio('2.4')?.noiseDbm ?? null,
    noise5: radio('5')?.noiseDbm ?? null,
    noise6: radio('6')?.noiseDbm ?? null,
    noise60: radio('60')?.noiseDbm ?? null,
    rxBytes: sum(traffic.map((item) => item.rxBytes)),
    txBytes: sum(traffic.map((item) => item.txBytes)),
    linkRssi: min(links.map((link) => link.rssi)),
    linkSnr: min(links.map((link) => link.snr)),
    linkCapacity: min(links.map((link) => link.capacityMbps)),
    retries: mean((report.radios ?? []).map((item) => item.retryPct)),
    linkRemoteRssi: weakest?.remoteRssi ?? null,
    linkRemoteSnr: weakest?.remoteSnr ?? null,
    linkMcs: min(upLinks.map((link) => link.mcs)),
    linkUp: radioLinks.length === 0 ? null : upLinks.length / radioLinks.length,
    wanLatency: max(wans.map((wan) => wan.latencyMs)),
    wanLoss: max(wans.map((wan) => wan.lossPct)),
    errors: report.ports ? (sum(report.ports.map((port) => port.errors)) ?? 0) : null,
    powerBudget: report.system.powerBudgetW ?? null,
  };
}
