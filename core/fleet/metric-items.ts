// The per-item numbers of one heartbeat (docs/telemetry.md#per-item-series): each radio, SSID, port, WAN
// port and camera of the device, and a recorder's storage. Stored as one document per sample and summed up
// per hour and per day by field name: byte and error counts add up, a camera's name is kept, every other
// number is averaged.
import type { HeartbeatRequest } from './protocol.ts';

export const ITEM_FAMILIES = ['radio', 'ssid', 'port', 'wan', 'camera', 'storage'] as const;
export type ItemFamily = (typeof ITEM_FAMILIES)[number];

/** An item's numbers, by field; `name` is the one text (a camera's). */
export type ItemFields = Record<string, number | string>;
/** A sample's (or an hour's, or a day's) items: family, then the item's key, then its fields. */
export type MetricItems = Partial<Record<ItemFamily, Record<string, ItemFields>>>;

/**
 * Every field an item may have and how an hour (or a day) sums its samples' (or hours') up: counts of what
 * happened in the interval add up, the one text (a camera's name) is kept, every other number is averaged.
 */
export const ITEM_FIELDS = {
  rx: 'sum',
  tx: 'sum',
  errors: 'sum',
  retries: 'avg',
  clients: 'avg',
  poe: 'avg',
  up: 'avg',
  latency: 'avg',
  loss: 'avg',
  kbps: 'avg',
  streaming: 'avg',
  used: 'avg',
  total: 'avg',
  name: 'text',
} as const;

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

function add(target: Record<string, ItemFields>, key: string, rx: number, tx: number) {
  const item = target[key] ?? { rx: 0, tx: 0 };
  item.rx = Number(item.rx) + rx;
  item.tx = Number(item.tx) + tx;
  target[key] = item;
  return item;
}

/** The items of one heartbeat; null when the device reports none. */
export function metricItems(report: HeartbeatRequest): MetricItems | null {
  const items: MetricItems = {};
  const clients = report.clients ?? [];
  if (report.radios && report.radios.length > 0) {
    // A radio carries its clients' traffic: the access point's throughput per band.
    const radios: Record<string, ItemFields> = {};
    for (const radio of report.radios) {
      radios[radio.band] = {
        rx: 0,
        tx: 0,
        ...(radio.retryPct === undefined ? {} : { retries: radio.retryPct }),
      };
    }
    for (const client of clients) {
      const radio = radios[client.band];
      if (!radio) continue;
      radio.rx = Number(radio.rx) + client.rxBytes;
      radio.tx = Number(radio.tx) + client.txBytes;
    }
    items.radio = radios;
  }
  if (report.clients) {
    const ssids: Record<string, ItemFields> = {};
    for (const client of clients) {
      const ssid = add(ssids, client.ssid, client.rxBytes, client.txBytes);
      ssid.clients = Number(ssid.clients ?? 0) + 1;
    }
    if (Object.keys(ssids).length > 0) items.ssid = ssids;
  }
  // A port without link, power or errors has nothing to draw: it is left out rather than stored as zeros.
  const ports = (report.ports ?? []).filter((port) => port.link || port.poeW > 0 || port.errors > 0);
  if (ports.length > 0) {
    items.port = Object.fromEntries(
      ports.map((port) => [
        String(port.port),
        { rx: port.rxBytes, tx: port.txBytes, errors: port.errors, poe: round(port.poeW) },
      ]),
    );
  }
  if (report.wan && report.wan.length > 0) {
    items.wan = Object.fromEntries(
      report.wan.map((wan) => [
        wan.name,
        {
          rx: wan.rxBytes,
          tx: wan.txBytes,
          up: wan.up ? 1 : 0,
          ...(wan.up && wan.latencyMs !== undefined ? { latency: wan.latencyMs } : {}),
          ...(wan.up && wan.lossPct !== undefined ? { loss: wan.lossPct } : {}),
        },
      ]),
    );
  }
  if (report.cameras && report.cameras.length > 0) {
    items.camera = Object.fromEntries(
      report.cameras.map((camera) => [
        camera.id,
        {
          name: camera.name,
          kbps: camera.bitrateKbps,
          streaming: camera.stream === 'streaming' ? 1 : 0,
        },
      ]),
    );
  }
  if (report.storage) {
    items.storage = {
      recordings: { used: report.storage.usedBytes, total: report.storage.totalBytes },
    };
  }
  return Object.keys(items).length === 0 ? null : items;
}

/** An item's rate in bits per second from its bytes over the seconds they were counted in. */
export function bitRate(bytes: unknown, seconds: number | null): number | null {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || !seconds || seconds <= 0) return null;
  return (bytes * 8) / seconds;
}

/**
 * The times a gateway's traffic moved to another WAN port between two heartbeats: the first WAN port that
 * is up carries it (the ports are reported in their order of preference).
 */
export function activeWan(report: Pick<HeartbeatRequest, 'wan'>): string | null {
  return report.wan?.find((wan) => wan.up)?.name ?? null;
}
