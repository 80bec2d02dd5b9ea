// The console's side of a device's tunnel (docs/remote-access.md; docs/agent-protocol.md, Tunnels): the
// open WebSockets of this process, the streams multiplexed over each, and what closes them (the console,
// expiry, idleness, the device going away, the device breaking the protocol).
import { sql } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import {
  bodyFrames,
  readBodyFrame,
  TUNNEL_CLOSE,
  TUNNEL_CONTROL_BYTES,
  TUNNEL_MAX_STREAMS,
  type TunnelService,
} from '../../../core/fleet/tunnel-protocol.ts';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';

export type CloseReason = 'closed' | 'expired' | 'idle' | 'device_gone' | 'failed';

/** Why a tunnel could not carry a request: the answer a browser or a player gets says so. */
export class TunnelUnavailableError extends Error {
  readonly reason: 'not_open' | 'offline' | 'timeout' | 'closed' | 'stream_failed';
  constructor(reason: TunnelUnavailableError['reason'], message: string) {
    super(message);
    this.name = 'TunnelUnavailableError';
    this.reason = reason;
  }
}

export type TunnelAnswer = {
  status: number;
  headers: Record<string, string>;
  body: ReadableStream<Uint8Array>;
};
export type TunnelHttpRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array;
};

type Head = { status: number; headers: Record<string, string> };
type Stream = {
  head: { promise: Promise<Head>; resolve: (head: Head) => void; reject: (error: Error) => void };
  controller: ReadableStreamDefaultController<Uint8Array> | null;
  answered: boolean;
};

type Connection = {
  tunnelId: number;
  service: TunnelService;
  db: Database;
  socket: WebSocket;
  streams: Map<number, Stream>;
  nextStream: number;
  /** Requests waiting for one of the TUNNEL_MAX_STREAMS slots. */
  waiting: (() => void)[];
  bytesIn: number;
  bytesOut: number;
  lastActivity: number;
  timers: NodeJS.Timeout[];
  flushing: Promise<void> | null;
  closing: boolean;
  onClosed: (reason: CloseReason) => Promise<void>;
};

const connections = new Map<number, Connection>();
const openWaiters = new Map<number, Set<() => void>>();
/** Byte counts and last use are written at most this often while a tunnel carries traffic. */
const FLUSH_MS = 2000;

/** Whether this process holds the tunnel's WebSocket. */
export const isConnected = (tunnelId: number) => connections.has(tunnelId);

/** Tunnels whose WebSocket this process holds: for the benchmark and shutdown. */
export const connectedTunnels = () => [...connections.keys()];

/** Resolves true once the tunnel's device connected, false after `ms`. */
export function waitForTunnel(tunnelId: number, ms: number, signal?: AbortSignal): Promise<boolean> {
  if (connections.has(tunnelId)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const waiters = openWaiters.get(tunnelId) ?? new Set();
    openWaiters.set(tunnelId, waiters);
    const done = (ok: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', aborted);
      waiters.delete(connected);
      if (waiters.size === 0) openWaiters.delete(tunnelId);
      resolve(ok);
    };
    const connected = () => done(true);
    const aborted = () => done(false);
    const timer = setTimeout(() => done(false), ms);
    waiters.add(connected);
    signal?.addEventListener('abort', aborted, { once: true });
  });
}

async function flush(connection: Connection): Promise<void> {
  const { bytesIn, bytesOut } = connection;
  if (bytesIn === 0 && bytesOut === 0) return;
  connection.bytesIn = 0;
  connection.bytesOut = 0;
  await connection.db.execute(sql`
    UPDATE tunnels SET bytes_in = bytes_in + ${bytesIn}, bytes_out = bytes_out + ${bytesOut},
      last_used_at = now()
    WHERE id = ${connection.tunnelId}`);
}

function scheduleFlush(connection: Connection) {
  if (connection.flushing) return;
  connection.flushing = new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      flush(connection)
        .catch(() => {})
        .finally(() => {
          connection.flushing = null;
          resolve();
        });
    }, FLUSH_MS);
    timer.unref();
  });
}

function send(connection: Connection, data: string | Uint8Array) {
  connection.lastActivity = Date.now();
  connection.bytesOut += typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
  connection.socket.send(data);
}

function endStream(connection: Connection, id: number) {
  connection.streams.delete(id);
  connection.waiting.shift()?.();
  scheduleFlush(connection);
}

function failStream(stream: Stream, error: Error) {
  if (!stream.answered) stream.head.reject(error);
  else
    try {
      stream.controller?.error(error);
    } catch {
      // Already closed by its reader.
    }
}

/** Ends the tunnel's WebSocket and its streams; the database row is closed with `reason` unless it is already. */
export async function dropTunnel(tunnelId: number, reason: CloseReason): Promise<void> {
  const connection = connections.get(tunnelId);
  if (!connection || connection.closing) return;
  connection.closing = true;
  connections.delete(tunnelId);
  for (const timer of connection.timers) clearTimeout(timer);
  const error = new TunnelUnavailableError('closed', `The tunnel closed (${reason}).`);
  for (const stream of connection.streams.values()) failStream(stream, error);
  connection.streams.clear();
  for (const wake of connection.waiting) wake();
  connection.waiting = [];
  const code = reason === 'failed' ? TUNNEL_CLOSE.protocol : TUNNEL_CLOSE.closed;
  if (connection.socket.readyState <= 1) connection.socket.close(code, reason);
  await connection.flushing;
  await flush(connection).catch(() => {});
  // A row that could not be closed now (the database going away) is closed by the sweep.
  await connection.onClosed(reason).catch(() => {});
}

type DeviceMessage =
  | { t: 'response'; stream: number; status: number; headers: Record<string, string> }
  | { t: 'end'; stream: number }
  | { t: 'error'; stream: number; error: string };

/** A device's control message, or null when it is not one a device may send (a `request` included). */
function parseDeviceMessage(text: string): DeviceMessage | null {
  if (text.length > TUNNEL_CONTROL_BYTES) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const message = value as Record<string, unknown>;
  if (!Number.isInteger(message.stream)) return null;
  if (message.t === 'end') return { t: 'end', stream: message.stream as number };
  if (message.t === 'error')
    return { t: 'error', stream: message.stream as number, error: String(message.error).slice(0, 500) };
  if (message.t !== 'response') return null;
  const status = message.status;
  if (!Number.isInteger(status) || (status as number) < 100 || (status as number) > 599) return null;
  const headers = message.headers;
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) return null;
  const entries = Object.entries(headers as Record<string, unknown>);
  if (entries.length > 100 || entries.some(([, v]) => typeof v !== 'string')) return null;
  return {
    t: 'response',
    stream: message.stream as number,
    status: status as number,
    headers: headers as Record<string, string>,
  };
}

function onMessage(connection: Connection, data: Buffer, isBinary: boolean) {
  connection.lastActivity = Date.now();
  connection.bytesIn += data.byteLength;
  const broken = () => void dropTunnel(connection.tunnelId, 'failed');
  if (isBinary) {
    const frame = readBodyFrame(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    const stream = frame ? connection.streams.get(frame.stream) : undefined;
    if (!frame || !stream?.answered) return broken();
    // Each message is a buffer of its own: its bytes are passed on as they are.
    if (frame.bytes.byteLength > 0) stream.controller?.enqueue(frame.bytes);
    return;
  }
  const message = parseDeviceMessage(data.toString('utf8'));
  // A device that sends a request (or anything it may not) is closed: only the console opens streams.
  if (!message) return broken();
  const stream = connection.streams.get(message.stream);
  // A stream the console cancelled may still get its last frames: they are dropped.
  if (!stream) return;
  if (message.t === 'response') {
    if (stream.answered) return broken();
    stream.answered = true;
    stream.head.resolve({ status: message.status, headers: message.headers });
    return;
  }
  if (message.t === 'end') {
    if (!stream.answered) return broken();
    stream.controller?.close();
    endStream(connection, message.stream);
    return;
  }
  failStream(stream, new TunnelUnavailableError('stream_failed', message.error));
  endStream(connection, message.stream);
}

/** A frame the device sent before its tunnel was attached, and whether it was binary. */
export type EarlyFrame = [Buffer, boolean];

export type AttachOptions = {
  tunnelId: number;
  early: EarlyFrame[];
  service: TunnelService;
  db: Database;
  socket: WebSocket;
  expiresAt: Date;
  idleMs: number;
  /** Writes the row's close (once, whichever side ends the tunnel). */
  onClosed: (reason: CloseReason) => Promise<void>;
};

/** Takes a device's WebSocket for its tunnel: from now on requests go over it. */
export function attachTunnel(options: AttachOptions): void {
  const { tunnelId, socket } = options;
  const connection: Connection = {
    tunnelId,
    service: options.service,
    db: options.db,
    socket,
    streams: new Map(),
    nextStream: 1,
    waiting: [],
    bytesIn: 0,
    bytesOut: 0,
    lastActivity: Date.now(),
    timers: [],
    flushing: null,
    closing: false,
    onClosed: options.onClosed,
  };
  connections.set(tunnelId, connection);
  socket.on('message', (data, isBinary) => onMessage(connection, data as Buffer, isBinary));
  socket.on('close', () => void dropTunnel(tunnelId, 'device_gone'));
  socket.on('error', () => void dropTunnel(tunnelId, 'device_gone'));
  const expiry = setTimeout(
    () => void dropTunnel(tunnelId, 'expired'),
    Math.max(0, options.expiresAt.getTime() - Date.now()),
  );
  // A tunnel with a stream open is in use, however quiet the stream.
  const idle = setInterval(
    () => {
      if (connection.streams.size === 0 && Date.now() - connection.lastActivity >= options.idleMs)
        void dropTunnel(tunnelId, 'idle');
    },
    Math.max(50, Math.min(options.idleMs / 4, 10_000)),
  );
  expiry.unref();
  idle.unref();
  connection.timers.push(expiry, idle);
  for (const [data, isBinary] of options.early) onMessage(connection, data, isBinary);
  // A device gone while its row was being opened left no close event to hear.
  if (socket.readyState > 1) void dropTunnel(tunnelId, 'device_gone');
  for (const wake of openWaiters.get(tunnelId) ?? []) wake();
}

async function takeSlot(connection: Connection, signal?: AbortSignal): Promise<void> {
  while (connection.streams.size >= TUNNEL_MAX_STREAMS) {
    if (signal?.aborted) throw new TunnelUnavailableError('closed', 'The request was abandoned.');
    await new Promise<void>((resolve) => connection.waiting.push(resolve));
    if (connection.closing) throw new TunnelUnavailableError('closed', 'The tunnel closed.');
  }
}

/** Sends one HTTP request to the device's service through its open tunnel; the answer streams back. */
export async function tunnelRequest(
  tunnelId: number,
  request: TunnelHttpRequest,
  signal?: AbortSignal,
): Promise<TunnelAnswer> {
  const connection = connections.get(tunnelId);
  if (!connection || connection.closing)
    throw new TunnelUnavailableError('not_open', 'The tunnel is not open.');
  await takeSlot(connection, signal);
  const id = connection.nextStream;
  connection.nextStream = id >= 2_147_483_647 ? 1 : id + 1;
  let resolve: (head: Head) => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<Head>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  const stream: Stream = { head: { promise, resolve, reject }, controller: null, answered: false };
  // Nobody waits on a failed head once the request was abandoned.
  stream.head.promise.catch(() => {});
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      stream.controller = controller;
    },
    cancel() {
      if (!connection.streams.has(id)) return;
      if (connection.socket.readyState === 1) send(connection, JSON.stringify({ t: 'cancel', stream: id }));
      endStream(connection, id);
    },
  });
  connection.streams.set(id, stream);
  const abandon = () => {
    if (!connection.streams.has(id)) return;
    failStream(stream, new TunnelUnavailableError('closed', 'The request was abandoned.'));
    if (connection.socket.readyState === 1) send(connection, JSON.stringify({ t: 'cancel', stream: id }));
    endStream(connection, id);
  };
  signal?.addEventListener('abort', abandon, { once: true });
  send(
    connection,
    JSON.stringify({
      t: 'request',
      stream: id,
      service: connection.service,
      method: request.method,
      path: request.path,
      headers: request.headers,
    }),
  );
  for (const frame of bodyFrames(id, request.body ?? new Uint8Array())) send(connection, frame);
  send(connection, JSON.stringify({ t: 'end', stream: id }));
  const head = await stream.head.promise;
  return { ...head, body };
}

/** Seconds a recorder has to open its media tunnel once asked. */
export const MEDIA_OPEN_WAIT_MS = 20_000;

/** How a media tunnel is opened when none is: the tunnels feature writes the row and the task. */
let openMediaTunnel: ((db: Database, recorder: { id: number; cloudId: number }) => Promise<number>) | null =
  null;

/** Set once by the tunnels feature's routes (server/features/tunnels/routes.ts). */
export function provideMediaOpener(opener: typeof openMediaTunnel) {
  openMediaTunnel = opener;
}

/** One opening at a time per recorder: viewers who ask together share it. */
const mediaOpening = new Map<number, Promise<number>>();

/**
 * The recorder's open media tunnel, opened (task + wait up to 20 s) when none is open. Opened by the
 * console itself (opened_by null), closed when idle. Throws a TunnelUnavailableError when the recorder is
 * offline or does not open it in time.
 */
export async function mediaTunnel(db: Database, recorder: { id: number; cloudId: number }): Promise<number> {
  const [current] = await queryRows<{ id: number }>(
    db,
    sql`
    SELECT id FROM tunnels
    WHERE smart_nvr_id = ${recorder.id} AND cloud_id = ${recorder.cloudId} AND service = 'media'
      AND state = 'open' AND expires_at > now()
    ORDER BY id DESC`,
  );
  if (current && connections.has(current.id)) return current.id;
  const pending = mediaOpening.get(recorder.id);
  if (pending) return pending;
  if (!openMediaTunnel) throw new TunnelUnavailableError('not_open', 'Tunnels are not available.');
  const opening = openMediaTunnel(db, recorder).finally(() => mediaOpening.delete(recorder.id));
  mediaOpening.set(recorder.id, opening);
  return opening;
}
