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
  clients60: number | null;
  util24: number | null;
  util5: number | null;
  util60: number | null;
  noise24: number | null;
  noise5: number | null;
  noise60: number | null;
  /** Bytes received and sent since the previous heartbeat: clients (access points), ports or WAN. */
  rxBytes: number | null;
  txBytes: number | null;
  /** The weakest radio link or mesh peer: what limits a link's service. */
  linkRssi: number | null;
  linkSnr: number | null;
  linkCapacity: number | null;
};

export const METRIC_COLUMNS = [
  'cpu',
  'mem',
  'temp',
  'power',
  'clients',
  'clients24',
  'clients5',
  'clients60',
  'util24',
  'util5',
  'util60',
  'noise24',
  'noise5',
  'noise60',
  'rxBytes',
  'txBytes',
  'linkRssi',
  'linkSnr',
  'linkCapacity',
] as const satisfies readonly (keyof MetricSample)[];

const sum = (values: readonly number[]) => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0));
const min = (values: readonly (number | undefined)[]) => {
  const known = values.filter((value): value is number => value !== undefined);
  return known.length === 0 ? null : Math.min(...known);
};

export function metricSample(report: HeartbeatRequest): MetricSample {
  const radio = (band: Band) => report.radios?.find((candidate) => candidate.band === band);
  const clients = report.clients;
  const onBand = (band: Band) => (clients ? clients.filter((client) => client.band === band).length : null);
  const traffic = [...(clients ?? []), ...(report.ports ?? []), ...(report.wan ?? [])];
  const links = [...(report.links ?? []).filter((link) => link.up), ...(report.meshPeers ?? [])];
  return {
    cpu: report.system.cpuPct,
    mem: report.system.memPct,
    temp: report.system.tempC ?? null,
    power: report.system.powerW ?? null,
    clients: clients ? clients.length : null,
    clients24: onBand('2.4'),
    clients5: onBand('5'),
    clients60: onBand('60'),
    util24: radio('2.4')?.utilPct ?? null,
    util5: radio('5')?.utilPct ?? null,
    util60: radio('60')?.utilPct ?? null,
    noise24: radio('2.4')?.noiseDbm ?? null,
    noise5: radio('5')?.noiseDbm ?? null,
    noise60: radio('60')?.noiseDbm ?? null,
    rxBytes: sum(traffic.map((item) => item.rxBytes)),
    txBytes: sum(traffic.map((item) => item.txBytes)),
    linkRssi: min(links.map((link) => link.rssi)),
    linkSnr: min(links.map((link) => link.snr)),
    linkCapacity: min(links.map((link) => link.capacityMbps)),
  };
}
