// The devices of the tasks benchmark, in their own process: each of the bench cloud's N devices holds the
// agent API's command channel open and answers its commands as firmware would: a reboot at once, a
// firmware update after a simulated download and restart, failing for the share of devices told to fail
// (failPct, the same devices every run).
// Runs until its stdin closes, then prints one JSON line: how many commands arrived and when the first,
// median and last did (epoch milliseconds), and how many were reported done.
//   node bench/tasks-devices.ts '{"url":"http://127.0.0.1:1234","devices":10000,"failPct":5,"restartMs":1000}'
import http from 'node:http';
import { benchCredential } from './ingest-payload.ts';

type Options = { url: string; devices: number; failPct: number; restartMs: number };
const options = JSON.parse(process.argv[2] ?? '{}') as Options;
const target = new URL(options.url);
// One connection per device for its long poll, and a pool for its reports.
const agent = new http.Agent({ keepAlive: true, maxSockets: options.devices + 256 });

function call(
  method: string,
  path: string,
  index: number,
  body?: object,
  sent?: () => void,
): Promise<{ status: number; body: string }> {
  const payload = body ? JSON.stringify(body) : undefined;
  return new Promise((resolve) => {
    const request = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method,
        path,
        headers: {
          authorization: `Bearer ${benchCredential(index)}`,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', () => resolve({ status: 0, body: '' }));
    if (sent) request.on('finish', sent);
    request.end(payload);
  });
}

/** The devices that fail: failPct of every 100, spread evenly, the same every run. */
const fails = (index: number) => (index * options.failPct) % 100 >= 100 - options.failPct;

type Command = { id: number; type: string; params: { version?: string } };
const arrived: number[] = [];
const done: number[] = [];
const failures: Record<string, number> = {};
let stopping = false;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(index: number, command: Command) {
  const report = (body: object) => call('POST', `/agent/v1/commands/${command.id}`, index, body);
  await report({ state: 'running', progress: 0 });
  let result: object = { state: 'success' };
  if (command.type !== 'TASK_REBOOT') {
    await sleep(options.restartMs);
    result = fails(index)
      ? { state: 'failed', error: 'Boot failed; back on 7.2.1-4012', result: { fw: '7.2.1-4012' } }
      : { state: 'success', result: { fw: command.params.version } };
  }
  const answer = await report(result);
  if (answer.status !== 200)
    failures[`report ${answer.status}`] = (failures[`report ${answer.status}`] ?? 0) + 1;
  done.push(Date.now());
}

let polling = 0;

async function device(index: number) {
  const taken = new Set<number>();
  while (!stopping) {
    // Tells the driver once every device's first long poll was written to its connection.
    const answer = await call('GET', '/agent/v1/commands?waitS=25', index, undefined, () => {
      polling += 1;
      if (polling === options.devices) console.log('polling');
    });
    if (answer.status !== 200) {
      failures[`poll ${answer.status}`] = (failures[`poll ${answer.status}`] ?? 0) + 1;
      await sleep(1000);
      continue;
    }
    for (const command of (JSON.parse(answer.body) as { commands: Command[] }).commands) {
      if (taken.has(command.id)) continue;
      taken.add(command.id);
      arrived.push(Date.now());
      void run(index, command);
    }
  }
}

for (let index = 0; index < options.devices; index++) void device(index);
process.stdin.resume();
process.stdin.on('end', () => {
  stopping = true;
  arrived.sort((a, b) => a - b);
  const summary = {
    arrived: arrived.length,
    firstArrived: arrived[0] ?? null,
    medianArrived: arrived[Math.floor(arrived.length / 2)] ?? null,
    lastArrived: arrived.at(-1) ?? null,
    done: done.length,
    failures,
  };
  // Exits once the line is written: a pipe takes it asynchronously.
  process.stdout.write(`${JSON.stringify(summary)}\n`, () => process.exit(0));
});
