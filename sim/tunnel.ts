// A simulated device's tunnel client (docs/agent-protocol.md, Tunnels): on TASK_TUNNEL_OPEN it connects
// GET /agent/v1/tunnel with its credential and answers each request the console sends with the handler of
// the service asked for. Services plug in with registerTunnelService: the device's own web page
// (sim/device-web.ts), a recorder's media. Anything outside the family's allow-list is refused here too.
import {
  allowsService,
  bodyFrame,
  readBodyFrame,
  TUNNEL_FRAME_BYTES,
  type TunnelOpenParams,
  type TunnelService,
} from '../core/fleet/tunnel-protocol.ts';
import type { SimulatedDevice } from './device.ts';

/** A request as a service handler gets it: the body whole. */
export type ServiceRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Uint8Array;
};

/** A service's answer; header values that repeat (Set-Cookie) are joined by newlines. */
export type ServiceAnswer = {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array | AsyncIterable<Uint8Array>;
};

export type ServiceHandler = (device: SimulatedDevice, request: ServiceRequest) => Promise<ServiceAnswer>;

const services = new Map<TunnelService, ServiceHandler>();

/** Plugs a service into every simulated device's tunnel. */
export function registerTunnelService(name: TunnelService, handler: ServiceHandler): void {
  services.set(name, handler);
}

/** How long the device waits for the console to take its WebSocket. */
const CONNECT_TIMEOUT_MS = 15_000;
/** The device stops sending a body while this much waits in its socket's buffer. */
const HIGH_WATER = 4 * 1024 * 1024;

type Incoming = { request: ServiceRequest; chunks: Uint8Array[]; cancelled: boolean };

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

/**
 * Connects the tunnel the console asked for. Resolves null once the console took the WebSocket (the task's
 * success), or why it could not (its failure). The tunnel then lives until either side closes it.
 */
export function openTunnel(
  device: SimulatedDevice,
  home: { url: string; credential: string },
  params: TunnelOpenParams,
): Promise<string | null> {
  if (!allowsService(device.identity.productType, params.service))
    return Promise.resolve(`This device serves no ${params.service} through a tunnel`);
  const url = `${home.url.replace(/^http/, 'ws')}/agent/v1/tunnel?tunnelId=${params.tunnelId}`;
  // Node's WebSocket takes request headers beside the protocols (a device is no browser).
  const init = { headers: { authorization: `Bearer ${home.credential}` } };
  const socket = new WebSocket(url, init as unknown as string[]);
  socket.binaryType = 'arraybuffer';
  const streams = new Map<number, Incoming>();

  const sendText = (message: object) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };

  async function answer(stream: number, incoming: Incoming) {
    const handler = services.get(params.service);
    const request = { ...incoming.request, body: concat(incoming.chunks) };
    try {
      if (!handler) throw new Error(`No ${params.service} service on this device`);
      const reply = await handler(device, request);
      if (incoming.cancelled) return;
      sendText({ t: 'response', stream, status: reply.status, headers: reply.headers });
      const parts = reply.body instanceof Uint8Array ? [reply.body] : reply.body;
      for await (const part of parts) {
        for (let at = 0; at < part.byteLength; at += TUNNEL_FRAME_BYTES) {
          while (socket.bufferedAmount > HIGH_WATER && socket.readyState === WebSocket.OPEN) await tick();
          if (incoming.cancelled || socket.readyState !== WebSocket.OPEN) return;
          socket.send(bodyFrame(stream, part.subarray(at, at + TUNNEL_FRAME_BYTES)));
        }
      }
      sendText({ t: 'end', stream });
    } catch (error) {
      sendText({ t: 'error', stream, error: String((error as Error).message).slice(0, 500) });
    } finally {
      streams.delete(stream);
    }
  }

  socket.addEventListener('message', (event) => {
    if (event.data instanceof ArrayBuffer) {
      const frame = readBodyFrame(new Uint8Array(event.data));
      const incoming = frame ? streams.get(frame.stream) : undefined;
      if (frame && incoming) incoming.chunks.push(new Uint8Array(frame.bytes));
      return;
    }
    const message = JSON.parse(String(event.data)) as Record<string, unknown>;
    const stream = Number(message.stream);
    if (message.t === 'request') {
      // The console asks only for the service it opened the tunnel for; the device checks all the same.
      const wrong = message.service !== params.service;
      streams.set(stream, {
        request: {
          method: String(message.method),
          path: String(message.path),
          headers: (message.headers ?? {}) as Record<string, string>,
          body: new Uint8Array(),
        },
        chunks: [],
        cancelled: wrong,
      });
      if (wrong) {
        streams.delete(stream);
        sendText({ t: 'error', stream, error: `This tunnel serves ${params.service} only` });
      }
    } else if (message.t === 'end') {
      const incoming = streams.get(stream);
      if (incoming) void answer(stream, incoming);
    } else if (message.t === 'cancel') {
      const incoming = streams.get(stream);
      if (incoming) incoming.cancelled = true;
      streams.delete(stream);
    }
  });

  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.close();
      resolve('The console did not take the tunnel in time');
    }, CONNECT_TIMEOUT_MS);
    socket.addEventListener('open', () => {
      clearTimeout(timer);
      resolve(null);
    });
    socket.addEventListener('error', () => {
      clearTimeout(timer);
      resolve('The console refused the tunnel');
    });
    socket.addEventListener('close', () => {
      clearTimeout(timer);
      for (const incoming of streams.values()) incoming.cancelled = true;
      streams.clear();
      resolve('The console refused the tunnel');
    });
  });
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const size = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
