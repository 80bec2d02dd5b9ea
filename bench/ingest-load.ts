// The load generator of the ingest benchmark, in its own process: devices of the bench cloud send
// heartbeats (and now and then an event that raises an alert) at a fixed offered rate, open loop: message i
// is due at i / rate seconds and its latency counts from then. Message i comes from device
// (firstIndex + i) mod devices, so a run goes on where the one before stopped and each device keeps the
// console's pace. Prints one JSON summary line, with the p95 of each second of the run.
//   node bench/ingest-load.ts '{"url":"http://127.0.0.1:1234","devices":1000,"rate":500,"seconds":20,"firstSeq":1,"firstIndex":0}'
import http from 'node:http';
import { benchCredential, benchHeartbeat } from './ingest-payload.ts';

type Options = {
  url: string;
  devices: number;
  rate: number;
  seconds: number;
  firstSeq: number;
  firstIndex: number;
  eventShare: number;
};
const options = JSON.parse(process.argv[2] ?? '{}') as Options;

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const target = new URL(options.url);

function post(path: string, index: number, body: object): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const request = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: 'POST',
        path,
        headers: {
          authorization: `Bearer ${benchCredential(index)}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', () => resolve(0));
    request.end(payload);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? null
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number);

const heartbeats: number[] = [];
/** Heartbeat latencies by the second of the run they were due in. */
const bySecond: number[][] = Array.from({ length: Math.ceil(options.seconds) }, () => []);
const events: number[] = [];
const failures = new Map<number, number>();
const seqs = new Array<number>(options.devices).fill(options.firstSeq - 1);
const busy = new Uint8Array(options.devices);
let skipped = 0;
const total = Math.round(options.rate * options.seconds);
const start = performance.now();
const inFlight: Promise<void>[] = [];

for (let i = 0; i < total; i++) {
  const due = start + (i * 1000) / options.rate;
  const wait = due - performance.now();
  if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
  const index = (options.firstIndex + i) % options.devices;
  // A device sends one message at a time: one still waiting for its answer skips this turn.
  if (busy[index]) {
    skipped++;
    continue;
  }
  busy[index] = 1;
  const seq = (seqs[index] as number) + 1;
  seqs[index] = seq;
  const isEvent = options.eventShare > 0 && i % Math.round(1 / options.eventShare) === 0;
  const body = isEvent
    ? {
        seq,
        events: [{ type: 'action_required', at: new Date().toISOString(), data: { reason: `bench ${i}` } }],
      }
    : benchHeartbeat(index, seq);
  const sent = post(isEvent ? '/agent/v1/events' : '/agent/v1/heartbeat', index, body).then((status) => {
    busy[index] = 0;
    const latency = performance.now() - due;
    if (status === 200) (isEvent ? events : heartbeats).push(latency);
    else failures.set(status, (failures.get(status) ?? 0) + 1);
    if (status === 200 && !isEvent) bySecond[Math.floor((due - start) / 1000)]?.push(latency);
  });
  inFlight.push(sent);
}
await Promise.all(inFlight);
const elapsed = (performance.now() - start) / 1000;
heartbeats.sort((a, b) => a - b);
events.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    offered: options.rate,
    achieved: Math.round((heartbeats.length + events.length) / elapsed),
    heartbeats: heartbeats.length,
    p50: percentile(heartbeats, 50),
    p95: percentile(heartbeats, 95),
    p99: percentile(heartbeats, 99),
    events: events.length,
    eventP95: percentile(events, 95),
    skipped,
    failures: Object.fromEntries(failures),
    lastSeq: seqs.reduce((a, b) => Math.max(a, b), 0),
    nextIndex: (options.firstIndex + total) % options.devices,
    p95BySecond: bySecond.map((latencies) =>
      percentile(
        latencies.sort((a, b) => a - b),
        95,
      ),
    ),
  }),
);
agent.destroy();
