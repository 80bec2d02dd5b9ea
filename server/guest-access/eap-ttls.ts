// docs/guest-access.md#eap: EAP-TTLS with PAP inside (RFC 5281) for WPA2/WPA3-Enterprise SSIDs. The TLS
// server is Node's own, run over an in-memory stream with the certificate of the NAS's cloud; the guest's
// name and password from inside the tunnel are checked by the same rule as PAP (checkGuestLogin).
import { constants, randomBytes, randomInt } from 'node:crypto';
import { Duplex } from 'node:stream';
import { createSecureContext, type SecureContext, TLSSocket } from 'node:tls';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ATTRIBUTES, RADIUS_CODE } from '../../core/radius/dictionary.ts';
import {
  AVP_CODE,
  decodeAvps,
  decodeEap,
  decodeTtls,
  EAP_CODE,
  EAP_TYPE,
  type EapPacket,
  eapMessageAttributes,
  encodeEap,
  encodeTtls,
  encryptMppeKey,
  joinEapMessage,
  TTLS_FLAG,
  type TtlsFrame,
  TtlsReassembly,
  ttlsFragments,
} from '../../core/radius/eap.ts';
import {
  attribute,
  encodeResponse,
  findAttribute,
  type RadiusAttribute,
  type RadiusPacket,
  textValue,
} from '../../core/radius/packet.ts';
import type { Database } from '../db/connect.ts';
import { guestCertificates } from '../db/schema/guest-access.ts';
import type { SecretBox } from '../features/config/seal.ts';
import { admit, REJECT_MESSAGES, ssidOf } from './access.ts';
import { checkGuestLogin, type LoginRefusal, normalizeMac } from './authorize.ts';
import type { KnownNas } from './nas.ts';

/** The largest EAP packet the service sends; a longer TLS flight goes in fragments. */
export const EAP_MTU = 1000;
/** How long a conversation waits for its next round, and how many are kept at once (the oldest go first). */
export const CONVERSATION_MS = 60_000;
export const MAX_CONVERSATIONS = 1000;
/** The longest TLS message taken from a peer, and the most rounds one conversation may take. */
const MAX_PEER_MESSAGE = 16 * 1024;
const MAX_ROUNDS = 50;
/** RFC 5281 §8: the keying material's label; its first 64 bytes are the MSK. */
const KEYING_LABEL = 'ttls keying material';

/** Values by key (the State), dropped once older than `ageMs` and, when `max` are kept, oldest first. */
export class Conversations<T> {
  private readonly entries = new Map<string, { value: T; at: number }>();
  private readonly max: number;
  private readonly ageMs: number;
  private readonly end: (value: T) => void;

  constructor(max: number, ageMs: number, end: (value: T) => void) {
    this.max = max;
    this.ageMs = ageMs;
    this.end = end;
  }

  get size(): number {
    return this.entries.size;
  }

  add(key: string, value: T, now: number): void {
    this.sweep(now);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size < this.max) break;
      this.delete(oldest);
    }
    this.entries.set(key, { value, at: now });
  }

  get(key: string, now: number): T | undefined {
    this.sweep(now);
    return this.entries.get(key)?.value;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.end(entry.value);
  }

  clear(): void {
    for (const key of [...this.entries.keys()]) this.delete(key);
  }

  /** Entries are kept in the order they came, so the old ones are at the front. */
  private sweep(now: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.at > now - this.ageMs) break;
      this.delete(key);
    }
  }
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A TLS server over an in-memory stream: TLS records go in with `feed`, come out with `take`. */
function tlsServer(context: SecureContext) {
  const output: Buffer[] = [];
  const inner: Buffer[] = [];
  let failure: Error | null = null;
  const wire = new Duplex({
    read() {},
    write(chunk: Buffer, _encoding, done) {
      output.push(Buffer.from(chunk));
      done();
    },
  });
  const socket = new TLSSocket(wire, { isServer: true, secureContext: context });
  socket.on('data', (data: Buffer) => inner.push(data));
  socket.on('error', (error) => {
    failure = error;
  });
  const sizeNow = () =>
    output.reduce((sum, part) => sum + part.length, 0) +
    inner.reduce((sum, part) => sum + part.length, 0) +
    (failure ? 1 : 0);
  const drain = (list: Buffer[]) => Buffer.concat(list.splice(0));
  return {
    socket,
    /**
     * Hands the peer's TLS records to the server and waits until it has answered: its output, tunnel data
     * and errors stay unchanged for two turns of the event loop. OpenSSL works synchronously once the
     * records are read, and a write to the stream completes a turn later, when the server may write more.
     */
    async feed(records: Buffer): Promise<void> {
      wire.push(records);
      let last = sizeNow();
      for (let quiet = 0, round = 0; quiet < 2 && round < 50; round += 1) {
        await turn();
        const size = sizeNow();
        quiet = size === last ? quiet + 1 : 0;
        last = size;
      }
    },
    failure: () => failure,
    take: () => drain(output),
    inner: () => drain(inner),
    close(): void {
      socket.destroy();
      wire.destroy();
    },
  };
}

type TlsServer = ReturnType<typeof tlsServer>;

type Conversation = {
  nasId: number;
  /** The identifier of the last EAP-Request sent: the peer's next response carries it. */
  identifier: number;
  rounds: number;
  busy: boolean;
  tls: TlsServer;
  receiving: TtlsReassembly;
  /** Frames of the server's TLS flight still to send, one for each acknowledgement. */
  sending: TtlsFrame[];
};

type Deps = { db: Database; secrets: SecretBox; log: FastifyBaseLogger };

export type EapTtlsOptions = { mtu?: number; maxConversations?: number; conversationMs?: number };

const STATE = ATTRIBUTES.State.type;
const MPPE_RECV = ATTRIBUTES['MS-MPPE-Recv-Key'];
const MPPE_SEND = ATTRIBUTES['MS-MPPE-Send-Key'];

/** The EAP side of the RADIUS service: `answer` takes an Access-Request carrying EAP-Message. */
export function eapTtlsService(deps: Deps, options: EapTtlsOptions = {}) {
  const mtu = options.mtu ?? EAP_MTU;
  const conversations = new Conversations<Conversation>(
    options.maxConversations ?? MAX_CONVERSATIONS,
    options.conversationMs ?? CONVERSATION_MS,
    (conversation) => conversation.tls.close(),
  );
  const contexts = new Map<number, { fingerprint: string; context: SecureContext }>();
  /** Clouds whose missing or unreadable certificate has been logged (once until it is there again). */
  const warned = new Set<number>();

  async function contextOf(cloudId: number): Promise<SecureContext | null> {
    const [row] = await deps.db
      .select({
        certificatePem: guestCertificates.certificatePem,
        keySealed: guestCertificates.keySealed,
        fingerprint: guestCertificates.fingerprint,
      })
      .from(guestCertificates)
      .where(eq(guestCertificates.cloudId, cloudId));
    const warnOnce = (message: string) => {
      if (warned.has(cloudId)) return;
      warned.add(cloudId);
      deps.log.warn({ cloudId }, message);
    };
    if (!row) {
      warnOnce('RADIUS: EAP refused: the cloud has no certificate (AuthPort > Certificate)');
      return null;
    }
    const cached = contexts.get(cloudId);
    if (cached?.fingerprint === row.fingerprint) return cached.context;
    let context: SecureContext;
    try {
      context = createSecureContext({
        cert: row.certificatePem,
        key: deps.secrets.openText(row.keySealed),
        minVersion: 'TLSv1.2',
        maxVersion: 'TLSv1.2',
        secureOptions: constants.SSL_OP_NO_TICKET,
      });
    } catch (error) {
      warnOnce(`RADIUS: EAP refused: the cloud's certificate could not be loaded (${String(error)})`);
      return null;
    }
    warned.delete(cloudId);
    if (contexts.size >= 1000) contexts.clear();
    contexts.set(cloudId, { fingerprint: row.fingerprint, context });
    return context;
  }

  function answer(nas: KnownNas, request: RadiusPacket, code: number, attributes: RadiusAttribute[]): Buffer {
    return encodeResponse(code, request, attributes, nas.secret);
  }

  /** Access-Reject with EAP-Failure, and the Reply-Message of a refusal when there is one. */
  function fail(nas: KnownNas, request: RadiusPacket, identifier: number, reason?: LoginRefusal): Buffer {
    return answer(nas, request, RADIUS_CODE.accessReject, [
      ...(reason ? [attribute('Reply-Message', REJECT_MESSAGES[reason])] : []),
      ...eapMessageAttributes(encodeEap({ code: EAP_CODE.failure, identifier, data: Buffer.alloc(0) })),
    ]);
  }

  /** Access-Challenge with the next EAP-Request/TTLS and the conversation's State. */
  function challenge(
    nas: KnownNas,
    request: RadiusPacket,
    state: Buffer,
    conversation: Conversation,
    frame: TtlsFrame,
  ): Buffer {
    conversation.identifier = (conversation.identifier + 1) & 0xff;
    const eap = encodeEap({
      code: EAP_CODE.request,
      identifier: conversation.identifier,
      type: EAP_TYPE.ttls,
      data: encodeTtls(frame),
    });
    return answer(nas, request, RADIUS_CODE.accessChallenge, [
      ...eapMessageAttributes(eap),
      { type: STATE, value: state },
    ]);
  }

  async function start(nas: KnownNas, request: RadiusPacket, eap: EapPacket, now: Date): Promise<Buffer> {
    if (eap.type !== EAP_TYPE.identity) return fail(nas, request, eap.identifier);
    const context = await contextOf(nas.cloudId);
    if (context === null) return fail(nas, request, eap.identifier);
    const state = randomBytes(16);
    const conversation: Conversation = {
      nasId: nas.id,
      identifier: eap.identifier,
      rounds: 0,
      busy: false,
      tls: tlsServer(context),
      receiving: new TtlsReassembly(MAX_PEER_MESSAGE),
      sending: [],
    };
    conversations.add(state.toString('hex'), conversation, now.getTime());
    return challenge(nas, request, state, conversation, { flags: TTLS_FLAG.start, data: Buffer.alloc(0) });
  }

  /** The guest's name and password from the tunnel, checked; Access-Accept with the keys, or a reject. */
  async function finish(
    nas: KnownNas,
    request: RadiusPacket,
    eap: EapPacket,
    conversation: Conversation,
    tunnel: Buffer,
    now: Date,
  ): Promise<Buffer> {
    let userName: string | null = null;
    let password: string | null = null;
    try {
      for (const avp of decodeAvps(tunnel)) {
        if (avp.vendorId !== undefined) continue;
        if (avp.code === AVP_CODE.userName) userName = avp.data.toString('utf8').trim();
        if (avp.code === AVP_CODE.userPassword) {
          // RFC 5281 §11.2.5: the password is padded with NULs to a multiple of 16 bytes.
          let end = avp.data.length;
          while (end > 0 && avp.data[end - 1] === 0) end -= 1;
          password = avp.data.subarray(0, end).toString('utf8');
        }
      }
    } catch {
      return fail(nas, request, eap.identifier);
    }
    if (!userName) return fail(nas, request, eap.identifier, 'unknown');
    if (password === null) return fail(nas, request, eap.identifier, 'wrong_password');
    const check = await checkGuestLogin(deps.db, deps.secrets, {
      cloudId: nas.cloudId,
      siteId: nas.siteId,
      ssid: ssidOf(textValue(request, 'Called-Station-Id')),
      username: userName,
      password,
      mac: normalizeMac(textValue(request, 'Calling-Station-Id')),
      now,
    });
    if (!check.ok) return fail(nas, request, eap.identifier, check.reason);
    // Without a context (the types want one; Node takes none as RFC 5705's "no context").
    const keys = conversation.tls.socket.exportKeyingMaterial(
      64,
      KEYING_LABEL,
      undefined as unknown as Buffer,
    );
    // Each key of an answer has its own salt (RFC 2548 §2.4.2).
    const salt = randomInt(0x8000);
    return answer(nas, request, RADIUS_CODE.accessAccept, [
      // The NAS names the account, not the outer (often anonymous) identity, in its accounting.
      attribute('User-Name', check.account.username),
      ...(await admit(deps, nas, request, check, now)),
      ...eapMessageAttributes(
        encodeEap({ code: EAP_CODE.success, identifier: eap.identifier, data: Buffer.alloc(0) }),
      ),
      {
        type: MPPE_RECV.type,
        vendorId: MPPE_RECV.vendorId,
        value: encryptMppeKey(keys.subarray(0, 32), nas.secret, request.authenticator, salt),
      },
      {
        type: MPPE_SEND.type,
        vendorId: MPPE_SEND.vendorId,
        value: encryptMppeKey(keys.subarray(32, 64), nas.secret, request.authenticator, salt ^ 1),
      },
    ]);
  }

  /** One round of a conversation: an acknowledgement, a fragment, or a whole TLS message from the peer. */
  async function step(
    nas: KnownNas,
    request: RadiusPacket,
    eap: EapPacket,
    state: Buffer,
    conversation: Conversation,
    now: Date,
  ): Promise<Buffer> {
    conversation.rounds += 1;
    if (conversation.rounds > MAX_ROUNDS || eap.type !== EAP_TYPE.ttls)
      return fail(nas, request, eap.identifier);
    let frame: TtlsFrame;
    let message: 'more' | Buffer;
    try {
      frame = decodeTtls(eap.data);
      const next = conversation.sending.shift();
      if (next) {
        // The peer acknowledges the last fragment with an empty frame; the next one goes.
        return frame.data.length === 0
          ? challenge(nas, request, state, conversation, next)
          : fail(nas, request, eap.identifier);
      }
      message = conversation.receiving.add(frame);
    } catch {
      return fail(nas, request, eap.identifier);
    }
    if (message === 'more')
      return challenge(nas, request, state, conversation, { flags: 0, data: Buffer.alloc(0) });
    await conversation.tls.feed(message);
    const failure = conversation.tls.failure();
    if (failure) {
      deps.log.debug({ nasId: nas.id, err: failure }, 'RADIUS: EAP-TTLS handshake failed');
      return fail(nas, request, eap.identifier);
    }
    const tunnel = conversation.tls.inner();
    if (tunnel.length > 0) return finish(nas, request, eap, conversation, tunnel, now);
    conversation.sending = ttlsFragments(conversation.tls.take(), mtu);
    const first = conversation.sending.shift() as TtlsFrame;
    return challenge(nas, request, state, conversation, first);
  }

  return {
    /**
     * Answers an Access-Request that carries EAP-Message (its signature checked): Access-Challenge while
     * the conversation goes on, then Access-Accept or Access-Reject; null drops it (a malformed EAP packet,
     * a round already answered or in work).
     */
    async answer(nas: KnownNas, request: RadiusPacket, now: Date = new Date()): Promise<Buffer | null> {
      let eap: EapPacket;
      try {
        eap = decodeEap(joinEapMessage(request) ?? Buffer.alloc(0));
      } catch {
        return null;
      }
      if (eap.code !== EAP_CODE.response) return null;
      const state = findAttribute(request, 'State')?.value;
      if (!state) return start(nas, request, eap, now);
      const key = state.toString('hex');
      const conversation = conversations.get(key, now.getTime());
      if (!conversation || conversation.nasId !== nas.id) return fail(nas, request, eap.identifier);
      if (conversation.busy || eap.identifier !== conversation.identifier) return null;
      conversation.busy = true;
      let reply: Buffer;
      try {
        reply = await step(nas, request, eap, state, conversation, now);
      } catch (error) {
        conversations.delete(key);
        throw error;
      }
      conversation.busy = false;
      if (reply[0] !== RADIUS_CODE.accessChallenge) conversations.delete(key);
      return reply;
    },
    /** Conversations kept now (tests). */
    size: () => conversations.size,
    close(): void {
      conversations.clear();
    },
  };
}

export type EapTtlsService = ReturnType<typeof eapTtlsService>;
