// The tunnel a device opens to the console (docs/agent-protocol.md, Tunnels; docs/remote-access.md): which
// services a family may be reached on, the control messages and the framing of bodies. The console and the
// simulator both use these, so the two sides cannot disagree.
import { type Static, Type } from 'typebox';
import type { ProductType } from '../domain.ts';

/** Services, never hosts or ports: the device maps each to a listener of its own. */
export const TUNNEL_SERVICES = ['web', 'media'] as const;
export type TunnelService = (typeof TUNNEL_SERVICES)[number];

/** The allow-list: every family serves its own web page; only smart NVRs serve media. */
export function tunnelServices(productType: ProductType): readonly TunnelService[] {
  return productType === 'smartnvr' ? ['web', 'media'] : ['web'];
}

/** Whether a device of this family may be reached on this service (anything unknown is refused). */
export function allowsService(productType: ProductType, service: string): service is TunnelService {
  return (tunnelServices(productType) as readonly string[]).includes(service);
}

/** Bytes of a body in one binary frame, after the 4-byte stream id. */
export const TUNNEL_FRAME_BYTES = 64 * 1024;
/** Streams open at once on one tunnel. */
export const TUNNEL_MAX_STREAMS = 32;
/** A control message (a text frame) is at most this long. */
export const TUNNEL_CONTROL_BYTES = 64 * 1024;

const Stream = Type.Integer({
  minimum: 1,
  maximum: 2_147_483_647,
  description: 'the stream, chosen by the console',
});
const Headers = Type.Record(Type.String({ maxLength: 256 }), Type.String({ maxLength: 8192 }), {
  maxProperties: 100,
  description: 'header names in lower case',
});

/** console -> device: a new stream; its body follows as binary frames, then `end`. */
export const TunnelRequest = Type.Object(
  {
    t: Type.Literal('request'),
    stream: Stream,
    service: Type.Enum(TUNNEL_SERVICES),
    method: Type.String({ pattern: '^[A-Z]{1,16}$' }),
    path: Type.String({ pattern: '^/', maxLength: 8192, description: 'path and query, never a host' }),
    headers: Headers,
  },
  { additionalProperties: false },
);
export type TunnelRequest = Static<typeof TunnelRequest>;

/** device -> console: the answer's status and headers; its body follows as binary frames, then `end`. */
export const TunnelResponse = Type.Object(
  {
    t: Type.Literal('response'),
    stream: Stream,
    status: Type.Integer({ minimum: 100, maximum: 599 }),
    headers: Headers,
  },
  { additionalProperties: false },
);
export type TunnelResponse = Static<typeof TunnelResponse>;

/** Either side: the body of the stream is complete. */
export const TunnelEnd = Type.Object(
  { t: Type.Literal('end'), stream: Stream },
  { additionalProperties: false },
);
/** console -> device: stop the stream (the browser went away). */
export const TunnelCancel = Type.Object(
  { t: Type.Literal('cancel'), stream: Stream },
  { additionalProperties: false },
);
/** device -> console: the stream failed; the console answers the browser 502. */
export const TunnelError = Type.Object(
  { t: Type.Literal('error'), stream: Stream, error: Type.String({ maxLength: 500 }) },
  { additionalProperties: false },
);

/** What the console sends a device over its tunnel. */
export const ConsoleTunnelMessage = Type.Union([TunnelRequest, TunnelEnd, TunnelCancel]);
export type ConsoleTunnelMessage = Static<typeof ConsoleTunnelMessage>;
/** What a device sends the console: a `request` (or anything else) closes the tunnel. */
export const DeviceTunnelMessage = Type.Union([TunnelResponse, TunnelEnd, TunnelError]);
export type DeviceTunnelMessage = Static<typeof DeviceTunnelMessage>;

/** TASK_TUNNEL_OPEN's parameters. */
export const TunnelOpenParams = Type.Object(
  {
    tunnelId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    service: Type.Enum(TUNNEL_SERVICES),
  },
  { additionalProperties: false },
);
export type TunnelOpenParams = Static<typeof TunnelOpenParams>;

/** Close codes of the tunnel's WebSocket. */
export const TUNNEL_CLOSE = {
  /** The tunnel was closed from the console, expired or idled. */
  closed: 1000,
  /** The device broke the protocol: a `request`, a malformed frame, an unknown stream. */
  protocol: 1008,
  /** The tunnel is not this device's, or not waiting for it. */
  refused: 4403,
} as const;

/** A binary frame: the stream id in 4 bytes, big-endian, then up to TUNNEL_FRAME_BYTES of body. */
export function bodyFrame(stream: number, bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const frame = new Uint8Array(4 + bytes.byteLength);
  new DataView(frame.buffer).setUint32(0, stream);
  frame.set(bytes, 4);
  return frame;
}

/** The stream id and bytes of a binary frame, or null when it is too short or too long. */
export function readBodyFrame(frame: Uint8Array): { stream: number; bytes: Uint8Array } | null {
  if (frame.byteLength < 4 || frame.byteLength > 4 + TUNNEL_FRAME_BYTES) return null;
  const stream = new DataView(frame.buffer, frame.byteOffset, frame.byteLength).getUint32(0);
  return { stream, bytes: frame.subarray(4) };
}

/** A body cut into frames of at most TUNNEL_FRAME_BYTES. */
export function* bodyFrames(stream: number, bytes: Uint8Array): Generator<Uint8Array<ArrayBuffer>> {
  for (let at = 0; at < bytes.byteLength; at += TUNNEL_FRAME_BYTES) {
    yield bodyFrame(stream, bytes.subarray(at, at + TUNNEL_FRAME_BYTES));
  }
}
