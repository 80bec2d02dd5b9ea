// A RADIUS packet codec (docs/guest-access.md#radius): the packet's header and attributes, Vendor-Specific
// attributes, User-Password hiding (RFC 2865 §5.2), the Request and Response Authenticators (RFC 2865 §3,
// RFC 2866 §3, RFC 5176 §3) and Message-Authenticator (RFC 3579 §3.2). Node only (node:crypto).
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ATTRIBUTES, type AttributeName, RADIUS_CODE } from './dictionary.ts';

/** One attribute as on the wire: a standard one, or (vendorId set) a vendor's inside a Vendor-Specific. */
export type RadiusAttribute = { type: number; vendorId?: number; value: Buffer };

export type RadiusPacket = {
  code: number;
  identifier: number;
  authenticator: Buffer;
  attributes: RadiusAttribute[];
};

export class RadiusFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RadiusFormatError';
  }
}

const HEADER = 20;
const MAX_LENGTH = 4096;
const VENDOR_SPECIFIC = 26;
const MESSAGE_AUTHENTICATOR = ATTRIBUTES['Message-Authenticator'].type;
const USER_PASSWORD = ATTRIBUTES['User-Password'].type;
const ZERO16 = Buffer.alloc(16);

/** Reads a packet; bytes past its Length are padding and ignored (RFC 2865 §3). Throws RadiusFormatError. */
export function decodePacket(data: Buffer): RadiusPacket {
  if (data.length < HEADER) throw new RadiusFormatError('shorter than a RADIUS header');
  const length = data.readUInt16BE(2);
  if (length < HEADER || length > MAX_LENGTH || length > data.length)
    throw new RadiusFormatError(`bad length ${length}`);
  const attributes: RadiusAttribute[] = [];
  let at = HEADER;
  while (at < length) {
    if (at + 2 > length) throw new RadiusFormatError('attribute header past the end');
    const type = data[at] as number;
    const size = data[at + 1] as number;
    if (size < 2 || at + size > length) throw new RadiusFormatError(`bad length of attribute ${type}`);
    const value = data.subarray(at + 2, at + size);
    if (type === VENDOR_SPECIFIC) attributes.push(...vendorAttributes(value));
    else attributes.push({ type, value });
    at += size;
  }
  return {
    code: data[0] as number,
    identifier: data[1] as number,
    authenticator: data.subarray(4, HEADER),
    attributes,
  };
}

/** The sub-attributes of a Vendor-Specific (RFC 2865 §5.26, the one-byte type and length form). */
function vendorAttributes(value: Buffer): RadiusAttribute[] {
  if (value.length < 4) throw new RadiusFormatError('short Vendor-Specific');
  const vendorId = value.readUInt32BE(0);
  const found: RadiusAttribute[] = [];
  let at = 4;
  while (at < value.length) {
    const size = value[at + 1];
    if (size === undefined || size < 2 || at + size > value.length) {
      // Not in the usual form: kept whole, so that it is carried, never read.
      return [{ type: VENDOR_SPECIFIC, value }];
    }
    found.push({ type: value[at] as number, vendorId, value: value.subarray(at + 2, at + size) });
    at += size;
  }
  return found;
}

/** Writes a packet as it is (the authenticator as given); the Length is computed. */
export function encodePacket(packet: RadiusPacket): Buffer {
  const parts: Buffer[] = [Buffer.alloc(HEADER)];
  for (const attribute of packet.attributes) {
    if (attribute.vendorId === undefined) {
      if (attribute.value.length > 253) throw new RadiusFormatError(`attribute ${attribute.type} too long`);
      parts.push(Buffer.from([attribute.type, attribute.value.length + 2]), attribute.value);
    } else {
      if (attribute.value.length > 247) throw new RadiusFormatError(`vendor attribute too long`);
      const head = Buffer.alloc(8);
      head[0] = VENDOR_SPECIFIC;
      head[1] = attribute.value.length + 8;
      head.writeUInt32BE(attribute.vendorId, 2);
      head[6] = attribute.type;
      head[7] = attribute.value.length + 2;
      parts.push(head, attribute.value);
    }
  }
  const data = Buffer.concat(parts);
  if (data.length > MAX_LENGTH) throw new RadiusFormatError('packet longer than 4096 bytes');
  data[0] = packet.code;
  data[1] = packet.identifier;
  data.writeUInt16BE(data.length, 2);
  if (packet.authenticator.length !== 16) throw new RadiusFormatError('the authenticator is 16 bytes');
  packet.authenticator.copy(data, 4);
  return data;
}

/** An attribute from the dictionary with its value: text, a number, an IPv4 address as text, or bytes. */
export function attribute(name: AttributeName, value: string | number | Buffer): RadiusAttribute {
  const definition: { type: number; vendorId?: number; kind: string } = ATTRIBUTES[name];
  let bytes: Buffer;
  if (Buffer.isBuffer(value)) bytes = value;
  else if (definition.kind === 'integer') {
    bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(Math.max(0, Math.min(0xffffffff, Math.floor(Number(value)))));
  } else if (definition.kind === 'ipaddr') {
    const octets = String(value).split('.').map(Number);
    if (octets.length !== 4 || octets.some((o) => !Number.isInteger(o) || o < 0 || o > 255))
      throw new RadiusFormatError(`${name} is an IPv4 address`);
    bytes = Buffer.from(octets);
  } else bytes = Buffer.from(String(value), 'utf8');
  return definition.vendorId === undefined
    ? { type: definition.type, value: bytes }
    : { type: definition.type, vendorId: definition.vendorId, value: bytes };
}

/** The first attribute of that name in the packet. */
export function findAttribute(packet: RadiusPacket, name: AttributeName): RadiusAttribute | undefined {
  const definition: { type: number; vendorId?: number } = ATTRIBUTES[name];
  return packet.attributes.find(
    (candidate) => candidate.type === definition.type && candidate.vendorId === definition.vendorId,
  );
}

/** A text attribute's value (a Reply-Message's pieces joined), or undefined. */
export function textValue(packet: RadiusPacket, name: AttributeName): string | undefined {
  return findAttribute(packet, name)?.value.toString('utf8');
}

/** A 32-bit number attribute's value, or undefined when missing or not 4 bytes. */
export function integerValue(packet: RadiusPacket, name: AttributeName): number | undefined {
  const found = findAttribute(packet, name);
  return found?.value.length === 4 ? found.value.readUInt32BE(0) : undefined;
}

/** An IPv4 address attribute's value as dotted text, or undefined. */
export function addressValue(packet: RadiusPacket, name: AttributeName): string | undefined {
  const found = findAttribute(packet, name);
  return found?.value.length === 4 ? [...found.value].join('.') : undefined;
}

const md5 = (...parts: Buffer[]) => {
  const hash = createHash('md5');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/** User-Password hidden with the secret and the Request Authenticator (RFC 2865 §5.2); at most 128 bytes. */
export function hidePassword(
  password: string | Buffer,
  secret: string,
  requestAuthenticator: Buffer,
): Buffer {
  const plain = Buffer.isBuffer(password) ? password : Buffer.from(password, 'utf8');
  if (plain.length > 128) throw new RadiusFormatError('User-Password longer than 128 bytes');
  const padded = Buffer.alloc(Math.max(16, Math.ceil(plain.length / 16) * 16));
  plain.copy(padded);
  const key = Buffer.from(secret, 'utf8');
  let previous = requestAuthenticator;
  for (let at = 0; at < padded.length; at += 16) {
    const pad = md5(key, previous);
    for (let i = 0; i < 16; i += 1) padded[at + i] = (padded[at + i] as number) ^ (pad[i] as number);
    previous = padded.subarray(at, at + 16);
  }
  return padded;
}

/** The password from a hidden User-Password (trailing NULs of the padding removed), or null if malformed. */
export function unhidePassword(hidden: Buffer, secret: string, requestAuthenticator: Buffer): string | null {
  if (hidden.length < 16 || hidden.length > 128 || hidden.length % 16 !== 0) return null;
  const key = Buffer.from(secret, 'utf8');
  const plain = Buffer.alloc(hidden.length);
  let previous = requestAuthenticator;
  for (let at = 0; at < hidden.length; at += 16) {
    const pad = md5(key, previous);
    for (let i = 0; i < 16; i += 1) plain[at + i] = (hidden[at + i] as number) ^ (pad[i] as number);
    previous = hidden.subarray(at, at + 16);
  }
  let end = plain.length;
  while (end > 0 && plain[end - 1] === 0) end -= 1;
  return plain.subarray(0, end).toString('utf8');
}

/** Codes whose Request Authenticator is an MD5 over the packet (RFC 2866 §3, RFC 5176 §2.3). */
const HASHED_REQUESTS: ReadonlySet<number> = new Set([
  RADIUS_CODE.accountingRequest,
  RADIUS_CODE.disconnectRequest,
  RADIUS_CODE.coaRequest,
]);

export const isResponseCode = (code: number): boolean =>
  code !== RADIUS_CODE.accessRequest && !HASHED_REQUESTS.has(code);

/**
 * Answers whose Message-Authenticator is computed over a zero authenticator field, as FreeRADIUS (and so
 * radclient and the NAS built on its libraries) does; Access-Accept, -Reject and -Challenge use the
 * request's authenticator (RFC 3579 §3.2). Answers are checked both ways (verifyResponse).
 */
const ZERO_SIGNED_ANSWERS: ReadonlySet<number> = new Set([
  RADIUS_CODE.accountingResponse,
  RADIUS_CODE.disconnectAck,
  RADIUS_CODE.disconnectNak,
  RADIUS_CODE.coaAck,
  RADIUS_CODE.coaNak,
]);

/** Where the Message-Authenticator's 16 bytes are in an encoded packet, or -1. */
function messageAuthenticatorOffset(data: Buffer): number {
  const length = data.readUInt16BE(2);
  let at = HEADER;
  while (at + 2 <= length) {
    const size = data[at + 1] as number;
    if (size < 2) return -1;
    if (data[at] === MESSAGE_AUTHENTICATOR) return size === 18 ? at + 2 : -1;
    at += size;
  }
  return -1;
}

/** HMAC-MD5 of the packet with its Message-Authenticator zeroed and the given authenticator in place. */
function messageAuthenticatorOf(data: Buffer, offset: number, authenticator: Buffer, secret: string): Buffer {
  const copy = Buffer.from(data.subarray(0, data.readUInt16BE(2)));
  authenticator.copy(copy, 4);
  ZERO16.copy(copy, offset);
  return createHmac('md5', secret).update(copy).digest();
}

type Signing = { authenticator?: Buffer; messageAuthenticator?: boolean };

/**
 * Encodes a request signed with the secret: an Access-Request gets a random Request Authenticator (or the
 * one given) and its User-Password hidden; Accounting, Disconnect and CoA requests the MD5 one. Each gets a
 * Message-Authenticator as its first attribute unless `messageAuthenticator: false`.
 */
export function encodeRequest(
  code: number,
  identifier: number,
  attributes: readonly RadiusAttribute[],
  secret: string,
  options: Signing = {},
): Buffer {
  const hashed = HASHED_REQUESTS.has(code);
  const authenticator = hashed ? ZERO16 : (options.authenticator ?? randomBytes(16));
  const withMac = options.messageAuthenticator !== false;
  const list = attributes
    .filter((a) => !(a.vendorId === undefined && a.type === MESSAGE_AUTHENTICATOR))
    .map((a) =>
      !hashed && a.vendorId === undefined && a.type === USER_PASSWORD
        ? { type: a.type, value: hidePassword(a.value, secret, authenticator) }
        : a,
    );
  if (withMac) list.unshift({ type: MESSAGE_AUTHENTICATOR, value: ZERO16 });
  const data = encodePacket({ code, identifier, authenticator, attributes: list });
  if (withMac) messageAuthenticatorOf(data, HEADER + 2, authenticator, secret).copy(data, HEADER + 2);
  if (hashed) md5(data, Buffer.from(secret, 'utf8')).copy(data, 4);
  return data;
}

/**
 * Encodes the answer to a request: the Message-Authenticator first (RFC 3579 §3.2), then the Response
 * Authenticator (RFC 2865 §3).
 */
export function encodeResponse(
  code: number,
  request: Pick<RadiusPacket, 'identifier' | 'authenticator'>,
  attributes: readonly RadiusAttribute[],
  secret: string,
): Buffer {
  const list = [
    { type: MESSAGE_AUTHENTICATOR, value: ZERO16 },
    ...attributes.filter((a) => !(a.vendorId === undefined && a.type === MESSAGE_AUTHENTICATOR)),
  ];
  const data = encodePacket({
    code,
    identifier: request.identifier,
    authenticator: request.authenticator,
    attributes: list,
  });
  const signedOver = ZERO_SIGNED_ANSWERS.has(code) ? ZERO16 : request.authenticator;
  messageAuthenticatorOf(data, HEADER + 2, signedOver, secret).copy(data, HEADER + 2);
  md5(data, Buffer.from(secret, 'utf8')).copy(data, 4);
  return data;
}

/** What checking a packet's signature found. */
export type Verdict = 'ok' | 'no_message_authenticator' | 'bad_message_authenticator' | 'bad_authenticator';

const same = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

function checkMessageAuthenticator(data: Buffer, authenticator: Buffer, secret: string): Verdict {
  const offset = messageAuthenticatorOffset(data);
  if (offset < 0) return 'no_message_authenticator';
  const sent = data.subarray(offset, offset + 16);
  return same(sent, messageAuthenticatorOf(data, offset, authenticator, secret))
    ? 'ok'
    : 'bad_message_authenticator';
}

/**
 * Checks a request as received (the encoded bytes): its Message-Authenticator (required) and, for
 * Accounting, Disconnect and CoA requests, its Request Authenticator.
 */
export function verifyRequest(data: Buffer, secret: string): Verdict {
  const code = data[0] as number;
  if (HASHED_REQUESTS.has(code)) {
    const copy = Buffer.from(data.subarray(0, data.readUInt16BE(2)));
    ZERO16.copy(copy, 4);
    if (!same(data.subarray(4, HEADER), md5(copy, Buffer.from(secret, 'utf8')))) return 'bad_authenticator';
    return checkMessageAuthenticator(data, ZERO16, secret);
  }
  return checkMessageAuthenticator(data, data.subarray(4, HEADER), secret);
}

/**
 * Checks an answer to a request whose authenticator is given: its Response Authenticator, and its
 * Message-Authenticator (required unless `requireMessageAuthenticator` is false; checked when present).
 */
export function verifyResponse(
  data: Buffer,
  requestAuthenticator: Buffer,
  secret: string,
  requireMessageAuthenticator = true,
): Verdict {
  const copy = Buffer.from(data.subarray(0, data.readUInt16BE(2)));
  requestAuthenticator.copy(copy, 4);
  if (!same(data.subarray(4, HEADER), md5(copy, Buffer.from(secret, 'utf8')))) return 'bad_authenticator';
  let verdict = checkMessageAuthenticator(data, requestAuthenticator, secret);
  if (verdict === 'bad_message_authenticator' && ZERO_SIGNED_ANSWERS.has(data[0] as number))
    verdict = checkMessageAuthenticator(data, ZERO16, secret);
  return verdict === 'no_message_authenticator' && !requireMessageAuthenticator ? 'ok' : verdict;
}

/** A 64-bit counter from its low 32 bits and its Gigawords (RFC 2869 §5.1, §5.2). */
export const withGigawords = (low: number | undefined, gigawords: number | undefined): number =>
  (gigawords ?? 0) * 2 ** 32 + (low ?? 0);
