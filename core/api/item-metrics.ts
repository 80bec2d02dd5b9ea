// A device's per-item series (docs/telemetry.md#per-item-series): its radios, SSIDs, ports, WAN ports,
// cameras and recording storage over a time range, and a gateway's failovers in it.
import { type Static, Type } from 'typebox';
import { TIME_RANGES } from '../time-range.ts';

/** The families of items, in the order the wire lists them. */
export const ITEM_SERIES_FAMILIES = ['radio', 'ssid', 'port', 'wan', 'camera', 'storage'] as const;
export type ItemSeriesFamily = (typeof ITEM_SERIES_FAMILIES)[number];

/** The numbers an item's series may carry, as the wire names them. */
export const ITEM_SERIES_FIELDS = [
  'rx_rate',
  'tx_rate',
  'retries',
  'clients',
  'error_rate',
  'poe_w',
  'latency',
  'loss',
  'availability',
  'bitrate_kbps',
  'streaming',
  'used_bytes',
  'total_bytes',
] as const;
export type ItemSeriesField = (typeof ITEM_SERIES_FIELDS)[number];

const Values = (description: string) =>
  Type.Optional(
    Type.Array(Type.Union([Type.Number(), Type.Null()]), {
      description: `${description}; one value per time in \`at\`, null where the item was not reported`,
    }),
  );

export const ItemSeries = Type.Object({
  key: Type.String({
    description: "the item: a radio's band, an SSID, a port's number, a WAN port's or camera's id",
  }),
  name: Type.Union([Type.String(), Type.Null()], { description: "a camera's name; null for the others" }),
  rx_rate: Values('bits per second received'),
  tx_rate: Values('bits per second sent'),
  retries: Values("a radio's frames sent again, %"),
  clients: Values("an SSID's wireless clients"),
  error_rate: Values("a port's errors per minute"),
  poe_w: Values("a port's PoE draw, W"),
  latency: Values("a WAN port's round-trip latency, ms"),
  loss: Values("a WAN port's packet loss, %"),
  availability: Values('the share of the time a WAN port was up, %'),
  bitrate_kbps: Values("a camera's recorded bitrate, kb/s"),
  streaming: Values('the share of the time a camera was streaming, %'),
  used_bytes: Values('recording storage in use, bytes'),
  total_bytes: Values('recording storage the recorder holds, bytes'),
});
export type ItemSeries = Static<typeof ItemSeries>;

export const WanFailover = Type.Object({
  at: Type.String({ format: 'date-time', description: 'when the gateway reported it' }),
  from: Type.String({ description: 'the WAN port that carried the traffic' }),
  to: Type.String({ description: 'the WAN port that carries it after' }),
});
export type WanFailover = Static<typeof WanFailover>;

export const DeviceItemMetricsResponse = Type.Object({
  range: Type.Enum(TIME_RANGES),
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  at: Type.Array(Type.String({ format: 'date-time' }), {
    description: 'the start of each hour (24 hours, 7 days) or UTC day (30 days)',
  }),
  radio: Type.Array(ItemSeries),
  ssid: Type.Array(ItemSeries),
  port: Type.Array(ItemSeries),
  wan: Type.Array(ItemSeries),
  camera: Type.Array(ItemSeries),
  storage: Type.Array(ItemSeries),
  failovers: Type.Array(WanFailover, {
    description: "a gateway's failovers in the range, oldest first (at most 200, the latest ones)",
  }),
});
export type DeviceItemMetricsResponse = Static<typeof DeviceItemMetricsResponse>;
