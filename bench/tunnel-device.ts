// The tunnel benchmark's device, in its own process: it holds the command channel open, opens each tunnel
// the console asks for with the simulator's own client (sim/tunnel.ts) and serves its web page through it,
// plus `/bytes?n=` (n bytes) for the throughput run. The same bytes are served straight from a listener of
// its own on loopback, for the direct fetch beside the tunnel. Prints its listener's port, then runs until
// its stdin ends.
import { createServer } from 'node:http';
import type { Command } from '../core/fleet/protocol.ts';
import type { TunnelOpenParams } from '../core/fleet/tunnel-protocol.ts';
import { createDevice } from '../sim/device.ts';
import { deviceWeb } from '../sim/device-web.ts';
import { generateFleet } from '../sim/identity.ts';
import { createPlaces } from '../sim/places.ts';
import { DEFAULT_RATES, type Rates } from '../sim/rates.ts';
import { openTunnel, registerTunnelService } from '../sim/tunnel.ts';

const { url, credential } = JSON.parse(process.argv[2] as string) as { url: string; credential: string };
const QUIET = Object.fromEntries(Object.keys(DEFAULT_RATES).map((name) => [name, 0])) as Rates;
const [identity] = generateFleet(1, 1);
if (!identity) throw new Error('no identity');
const device = createDevice(
  { ...identity, productType: 'wifi', productBrandId: 13, hostname: 'bench-ap-0', fw: '7.2.1-4012' },
  1,
  QUIET,
  createPlaces()(identity.place),
);

/** n bytes of a pattern, cut once and sliced for every answer. */
const PATTERN = new Uint8Array(64 * 1024 * 1024).map((_, n) => n % 251);
const bytesOf = (path: string) => {
  const n = Number(new URL(path, 'http://device').searchParams.get('n'));
  return PATTERN.subarray(0, Math.min(Math.max(0, n), PATTERN.byteLength));
};

registerTunnelService('web', async (self, request) => {
  if (!request.path.startsWith('/bytes')) return deviceWeb(self, request);
  return {
    status: 200,
    headers: { 'content-type': 'application/octet-stream' },
    body: bytesOf(request.path),
  };
});

const direct = createServer((request, response) => {
  const body = bytesOf(request.url ?? '/');
  response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.byteLength });
  response.end(body);
});
direct.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (direct.address() as { port: number }).port }));
});

const headers = { authorization: `Bearer ${credential}`, 'content-type': 'application/json' };
const report = (id: number, body: object) =>
  fetch(`${url}/agent/v1/commands/${id}`, { method: 'POST', headers, body: JSON.stringify(body) });

const stop = new AbortController();
process.stdin.on('end', () => stop.abort());
process.stdin.resume();
const taken = new Set<number>();
while (!stop.signal.aborted) {
  try {
    const answer = await fetch(`${url}/agent/v1/commands?waitS=25`, { headers, signal: stop.signal });
    const { commands } = (await answer.json()) as { commands: Command[] };
    for (const command of commands) {
      if (command.type !== 'TASK_TUNNEL_OPEN' || taken.has(command.id)) continue;
      taken.add(command.id);
      void (async () => {
        await report(command.id, { state: 'running', progress: 0 });
        const error = await openTunnel(device, { url, credential }, command.params as TunnelOpenParams);
        await report(command.id, error === null ? { state: 'success' } : { state: 'failed', error });
      })();
    }
  } catch {
    if (stop.signal.aborted) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
direct.close();
process.exit(0);
