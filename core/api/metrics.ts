// A device's numbers over time (the Statistics pages of docs/navigation.md#navigation-drawer), and a switch's ports and files as its
// last heartbeat reported them (the Ports and Files pages).
import { type Static, Type } from 'typebox';
import { TASK_STATES } from '../domain.ts';
import { TIME_RANGES } from '../time-range.ts';
import { closed } from './closed.ts';

export const DeviceParams = Type.Object(
  {
    cloudId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    deviceId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  },
  closed,
);

export const SmartNvrMetricsParams = Type.Object(
  {
    cloudId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    smartNvrId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  },
  closed,
);

export const MetricsQuery = Type.Object(
  {
    range: Type.Optional(
      Type.Enum(TIME_RANGES, {
        default: '24h',
        description: 'the last 24 hours (every heartbeat), 7 or 30 days (hourly averages)',
      }),
    ),
  },
  closed,
);
export type MetricsQuery = Static<typeof MetricsQuery>;

const Value = (description: string) => Type.Union([Type.Number(), Type.Null()], { description });

/** One point of a device's series; null where its family does not report the number or it was not known. */
export const MetricPoint = Type.Object({
  at: Type.String({ format: 'date-time', description: 'the heartbeat, or the start of the hour' }),
  cpu: Value('CPU load, %'),
  mem: Value('memory in use, %'),
  temp: Value('temperature, °C'),
  power: Value('power drawn (a switch: PoE delivered), W'),
  clients: Value('wireless clients'),
  clients24: Value('wireless clients on 2.4 GHz'),
  clients5: Value('wireless clients on 5 GHz'),
  clients6: Value('wireless clients on 6 GHz'),
  clients60: Value('wireless clients on 60 GHz'),
  util24: Value('channel utilisation on 2.4 GHz, %'),
  util5: Value('channel utilisation on 5 GHz, %'),
  util6: Value('channel utilisation on 6 GHz, %'),
  util60: Value('channel utilisation on 60 GHz, %'),
  noise24: Value('noise floor on 2.4 GHz, dBm'),
  noise5: Value('noise floor on 5 GHz, dBm'),
  noise6: Value('noise floor on 6 GHz, dBm'),
  noise60: Value('noise floor on 60 GHz, dBm'),
  rx_rate: Value('traffic received (clients, ports or WAN), average bits per second'),
  tx_rate: Value('traffic sent (clients, ports or WAN), average bits per second'),
  link_rssi: Value('the weakest radio link or mesh peer: signal, dBm'),
  link_snr: Value('the weakest radio link or mesh peer: signal-to-noise ratio, dB'),
  link_capacity: Value('the weakest radio link or mesh peer: capacity, Mbps'),
  retries: Value('frames sent again, mean of the radios, %'),
  link_remote_rssi: Value('the weakest radio link: signal at the far end, dBm'),
  link_remote_snr: Value('the weakest radio link: signal-to-noise ratio at the far end, dB'),
  link_mcs: Value('the lowest modulation and coding scheme of the radio links that are up'),
  link_availability: Value('radio links up, % of the time (and of the links)'),
  wan_latency: Value('the worst WAN port that is up: round-trip latency, ms'),
  wan_loss: Value('the worst WAN port that is up: packet loss, %'),
  error_rate: Value('port errors, all ports together, per minute'),
  power_budget: Value('the power budget the power drawn (a switch: PoE delivered) must stay within, W'),
});
export type MetricPoint = Static<typeof MetricPoint>;

/** The numbers a point carries besides its time. */
export type MetricKey = Exclude<keyof MetricPoint, 'at'>;

/** GET /apiv2/cloud/:cloudId/devices/:deviceId/metrics */
export const DeviceMetricsResponse = Type.Object({
  range: Type.Enum(TIME_RANGES),
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  points: Type.Array(MetricPoint),
});
export type DeviceMetricsResponse = Static<typeof DeviceMetricsResponse>;

export const PortReading = Type.Object({
  port: Type.Integer(),
  medium: Type.Union([Type.Literal('copper'), Type.Literal('sfp')], {
    description:
      "the port's kind on the model: a copper port or an SFP cage (numbered after the copper ports)",
  }),
  link: Type.Boolean(),
  speed_mbps: Type.Integer({ description: 'link speed; 0 while the link is down' }),
  poe_w: Type.Number({ description: 'PoE power delivered, W' }),
  errors: Type.Integer({ description: 'errors in the interval before the reading' }),
  rx_bytes: Type.Integer({ description: 'bytes received in the interval before the reading' }),
  tx_bytes: Type.Integer({ description: 'bytes sent in the interval before the reading' }),
});
export type PortReading = Static<typeof PortReading>;

/** GET /apiv2/cloud/:cloudId/devices/:deviceId/ports */
export const DevicePortsResponse = Type.Object({
  at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'when the device sent the reading; null before its first heartbeat',
  }),
  interval_s: Type.Union([Type.Number(), Type.Null()], {
    description: 'seconds between the reading and the heartbeat before it, when known',
  }),
  ports: Type.Array(PortReading),
});
export type DevicePortsResponse = Static<typeof DevicePortsResponse>;

/** The latest fetch of a file from the device: a TASK_REPORT task naming it. */
export const FileFetch = Type.Object({
  task_id: Type.Integer(),
  target_id: Type.Integer(),
  state: Type.Enum(TASK_STATES),
  error: Type.Union([Type.String(), Type.Null()]),
  finished_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  downloadable: Type.Boolean({
    description:
      'the fetched copy is kept and the caller may download it (export_data and view_sensitive_config): GET /tasks/{taskId}/targets/{targetId}/file',
  }),
});
export type FileFetch = Static<typeof FileFetch>;

export const DeviceFileReading = Type.Object({
  name: Type.String(),
  size: Type.Integer({ description: 'bytes' }),
  modified_at: Type.String({ format: 'date-time' }),
  last_fetch: Type.Union([FileFetch, Type.Null()]),
});
export type DeviceFileReading = Static<typeof DeviceFileReading>;

/** GET /apiv2/cloud/:cloudId/devices/:deviceId/files */
export const DeviceFilesResponse = Type.Object({
  at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'when the device listed its files; null before its first heartbeat',
  }),
  can_fetch: Type.Boolean({ description: 'the caller may fetch a file (TASK_REPORT on this device)' }),
  files: Type.Array(DeviceFileReading),
  keeps_files: Type.Boolean({
    description:
      'the device keeps files the console can read (a switch with management daemon 1.5.0 or newer); ' +
      'false for any other device, whose list is always empty',
  }),
});
export type DeviceFilesResponse = Static<typeof DeviceFilesResponse>;
