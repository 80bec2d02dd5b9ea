// EAP inside RADIUS (docs/guest-access.md#eap): EAP packets (RFC 3748 §4) carried in EAP-Message attributes
// (RFC 3579 §3.1), EAP-TTLS's framing of TLS messages with its L, M and S flags (RFC 5281 §9), the Diameter
// AVPs inside the TTLS tunnel (RFC 5281 §10) and the encryption of the MS-MPPE keys (RFC 2548 §2.4.2).
// Node only (node:crypto).
import { createHash } from 'node:crypto';
import { ATTRIBUTES } from './dictionary.ts';
import { type RadiusAttribute, RadiusFormatError, type RadiusPacket } from './packet.ts';

export const EAP_CODE = { request: 1, response: 2, success: 3, failure: 4 } as const;
export const EAP_TYPE = { identity: 1, notification: 2, nak: 3, ttls: 21 } as const;

/** An EAP packet; Success and Failure have no type and no data. */
export type EapPacket = { code: number; identifier: number; type?: number; data: Buffer };

/** Reads an EAP packet; bytes past its Length are ignored. Throws RadiusFormatError. */
export function decodeEap(data: Buffer): EapPacket {
  if (data.length < 4) throw new RadiusFormatError('shorter than an EAP header');
  const length = data.readUInt16BE(2);
  if (length < 4 || length > data.length) throw new RadiusFormatError(`bad EAP length ${length}`);
  const code = data[0] as number;
  const identifier = data[1] as number;
  if (code === EAP_CODE.success || code === EAP_CODE.failure)
    return { code, identifier, data: Buffer.alloc(0) };
  if (length < 5) throw new RadiusFormatError('EAP request or response without a type');
  return { code, identifier, type: data[4] as number, data: data.subarray(5, length) };
}

export function encodeEap(packet: EapPacket): Buffer {
  const typed = packet.type !== undefined;
  const head = Buffer.alloc(typed ? 5 : 4);
  head[0] = packet.code;
  head[1] = packet.identifier & 0xff;
  head.writeUInt16BE(head.length + (typed ? packet.data.length : 0), 2);
  if (!typed) return head;
  head[4] = packet.type as number;
  return Buffer.concat([head, packet.data]);
}

const EAP_MESSAGE = ATTRIBUTES['EAP-Message'].type;
const ATTRIBUTE_MAX = 253;

/** An EAP packet as EAP-Message attributes of at most 253 bytes each, in order (RFC 3579 §3.1). */
export function eapMessageAttributes(eap: Buffer): RadiusAttribute[] {
  const list: RadiusAttribute[] = [];
  for (let at = 0; at < eap.length; at += ATTRIBUTE_MAX)
    list.push({ type: EAP_MESSAGE, value: eap.subarray(at, at + ATTRIBUTE_MAX) });
  return list;
}

/** The EAP packet of a RADIUS packet: its EAP-Message attributes joined in order; null when it has none. */
export function joinEapMessage(packet: RadiusPacket): Buffer | null {
  const parts = packet.attributes.filter((a) => a.vendorId === undefined && a.type === EAP_MESSAGE);
  return parts.length === 0 ? null : Buffer.concat(parts.map((a) => a.value));
}

// --- EAP-TTLS framing (RFC 5281 §9.1) ----------------------------------------------------------------------

/** L: a 4-byte TLS Message Length follows; M: more fragments follow; S: start (from the server only). */
export const TTLS_FLAG = { length: 0x80, more: 0x40, start: 0x20 } as const;
const TTLS_VERSION_MASK = 0x07;

/** The type data of an EAP-TTLS packet: flags, the whole message's length (with L) and this part. */
export type TtlsFrame = { flags: number; length?: number; data: Buffer };

export function decodeTtls(typeData: Buffer): TtlsFrame {
  if (typeData.length < 1) throw new RadiusFormatError('EAP-TTLS without flags');
  const flags = typeData[0] as number;
  if ((flags & TTLS_VERSION_MASK) !== 0) throw new RadiusFormatError('EAP-TTLS version other than 0');
  if ((flags & TTLS_FLAG.length) === 0) return { flags, data: typeData.subarray(1) };
  if (typeData.length < 5) throw new RadiusFormatError('EAP-TTLS length flag without a length');
  return { flags, length: typeData.readUInt32BE(1), data: typeData.subarray(5) };
}

export function encodeTtls(frame: TtlsFrame): Buffer {
  const withLength = (frame.flags & TTLS_FLAG.length) !== 0;
  const head = Buffer.alloc(withLength ? 5 : 1);
  head[0] = frame.flags;
  if (withLength) head.writeUInt32BE(frame.length ?? frame.data.length, 1);
  return Buffer.concat([head, frame.data]);
}

/** EAP's header (4), the type (1) and TTLS's flags (1). */
const TTLS_OVERHEAD = 6;

/**
 * A TLS message as the TTLS frames that each fit an EAP packet of at most `mtu` bytes: one frame without
 * flags when it fits, else a first frame with L (the whole length) and M, then M on every frame but the
 * last (RFC 5281 §9.2.2). The peer acknowledges each frame marked M with an empty one.
 */
export function ttlsFragments(message: Buffer, mtu: number): TtlsFrame[] {
  if (message.length <= mtu - TTLS_OVERHEAD) return [{ flags: 0, data: message }];
  const frames: TtlsFrame[] = [];
  const first = mtu - TTLS_OVERHEAD - 4;
  frames.push({
    flags: TTLS_FLAG.length | TTLS_FLAG.more,
    length: message.length,
    data: message.subarray(0, first),
  });
  const size = mtu - TTLS_OVERHEAD;
  for (let at = first; at < message.length; at += size) {
    const last = at + size >= message.length;
    frames.push({ flags: last ? 0 : TTLS_FLAG.more, data: message.subarray(at, at + size) });
  }
  return frames;
}

/**
 * Joins the frames of a TLS message from the peer: `add` answers 'more' while frames marked M come (each is
 * acknowledged by the caller), then the whole message. A message longer than `limit`, or longer than the
 * length its first frame announced, is refused with RadiusFormatError.
 */
export class TtlsReassembly {
  private parts: Buffer[] = [];
  private size = 0;
  private announced: number | null = null;
  private readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  add(frame: TtlsFrame): 'more' | Buffer {
    if (this.parts.length === 0 && frame.length !== undefined) this.announced = frame.length;
    this.size += frame.data.length;
    if (this.size > this.limit || (this.announced !== null && this.size > this.announced))
      throw new RadiusFormatError('EAP-TTLS message longer than announced or allowed');
    this.parts.push(frame.data);
    if ((frame.flags & TTLS_FLAG.more) !== 0) return 'more';
    const message = Buffer.concat(this.parts);
    this.parts = [];
    this.size = 0;
    this.announced = null;
    return message;
  }
}

// --- Diameter AVPs inside the tunnel (RFC 5281 §10.1) ------------------------------------------------------

export const AVP_FLAG = { vendor: 0x80, mandatory: 0x40 } as const;
/** RADIUS attributes carried as AVPs keep their number, without a vendor (RFC 5281 §10.2). */
export const AVP_CODE = { userName: 1, userPassword: 2 } as const;

export type Avp = { code: number; vendorId?: number; mandatory: boolean; data: Buffer };

export function encodeAvps(list: readonly Avp[]): Buffer {
  const parts: Buffer[] = [];
  for (const avp of list) {
    const vendor = avp.vendorId !== undefined;
    const head = Buffer.alloc(vendor ? 12 : 8);
    head.writeUInt32BE(avp.code, 0);
    const length = head.length + avp.data.length;
    head.writeUInt32BE(length, 4);
    head[4] = (vendor ? AVP_FLAG.vendor : 0) | (avp.mandatory ? AVP_FLAG.mandatory : 0);
    if (vendor) head.writeUInt32BE(avp.vendorId as number, 8);
    parts.push(head, avp.data, Buffer.alloc((4 - (length % 4)) % 4));
  }
  return Buffer.concat(parts);
}

/** Reads AVPs, each padded to 4 bytes (the last one's padding may be missing). Throws RadiusFormatError. */
export function decodeAvps(data: Buffer): Avp[] {
  const list: Avp[] = [];
  let at = 0;
  while (at < data.length) {
    if (at + 8 > data.length) throw new RadiusFormatError('AVP header past the end');
    const code = data.readUInt32BE(at);
    const flags = data[at + 4] as number;
    const length = data.readUInt32BE(at + 4) & 0xffffff;
    const vendor = (flags & AVP_FLAG.vendor) !== 0;
    const head = vendor ? 12 : 8;
    if (length < head || at + length > data.length) throw new RadiusFormatError(`bad length of AVP ${code}`);
    const avp: Avp = {
      code,
      mandatory: (flags & AVP_FLAG.mandatory) !== 0,
      data: data.subarray(at + head, at + length),
    };
    if (vendor) avp.vendorId = data.readUInt32BE(at + 8);
    list.push(avp);
    at += length + ((4 - (length % 4)) % 4);
  }
  return list;
}

// --- MS-MPPE-Send-Key and -Recv-Key (RFC 2548 §2.4.2, §2.4.3) -----------------------------------------------

const md5 = (...parts: Buffer[]) => {
  const hash = createHash('md5');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/** XORs 16-byte blocks with MD5(secret + previous), the first previous being `first` (RFC 2548 §2.4.2). */
function mppeCipher(input: Buffer, secret: string, first: Buffer, decrypt: boolean): Buffer {
  const key = Buffer.from(secret, 'utf8');
  const output = Buffer.alloc(input.length);
  let previous = first;
  for (let at = 0; at < input.length; at += 16) {
    const pad = md5(key, previous);
    for (let i = 0; i < 16; i += 1) output[at + i] = (input[at + i] as number) ^ (pad[i] as number);
    previous = (decrypt ? input : output).subarray(at, at + 16);
  }
  return output;
}

/**
 * The value of an MS-MPPE key attribute: the 2-byte salt (its top bit set; each key of an answer needs its
 * own), then the key's length and the key, padded to 16 bytes, encrypted with the shared secret, the
 * Request Authenticator and the salt.
 */
export function encryptMppeKey(
  key: Buffer,
  secret: string,
  requestAuthenticator: Buffer,
  salt: number,
): Buffer {
  if (key.length > 255) throw new RadiusFormatError('MPPE key longer than 255 bytes');
  const saltBytes = Buffer.alloc(2);
  saltBytes.writeUInt16BE((salt | 0x8000) & 0xffff);
  const plain = Buffer.alloc(Math.ceil((key.length + 1) / 16) * 16);
  plain[0] = key.length;
  key.copy(plain, 1);
  const first = Buffer.concat([requestAuthenticator, saltBytes]);
  return Buffer.concat([saltBytes, mppeCipher(plain, secret, first, false)]);
}

/** The key from an MS-MPPE key attribute's value, or null when malformed. */
export function decryptMppeKey(value: Buffer, secret: string, requestAuthenticator: Buffer): Buffer | null {
  if (value.length < 18 || (value.length - 2) % 16 !== 0 || ((value[0] as number) & 0x80) === 0) return null;
  const first = Buffer.concat([requestAuthenticator, value.subarray(0, 2)]);
  const plain = mppeCipher(value.subarray(2), secret, first, true);
  const length = plain[0] as number;
  return length + 1 > plain.length ? null : plain.subarray(1, 1 + length);
}
