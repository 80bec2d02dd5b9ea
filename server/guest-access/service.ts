// docs/guest-access.md#radius: the RADIUS service: Access-Request on RADIUS_AUTH_PORT, Accounting-Request on
// RADIUS_ACCT_PORT (UDP). A request is answered only when it comes from a known NAS of a cloud with
// AuthPort on and carries a valid Message-Authenticator; anything else is dropped without an answer. An
// Access-Request carrying EAP-Message goes to EAP-TTLS (docs/guest-access.md#eap).
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import type { FastifyBaseLogger } from 'fastify';
import { RADIUS_CODE } from '../../core/radius/dictionary.ts';
import {
  decodePacket,
  encodeResponse,
  findAttribute,
  type RadiusPacket,
  verifyRequest,
} from '../../core/radius/packet.ts';
import type { Database } from '../db/connect.ts';
import type { SecretBox } from '../features/config/seal.ts';
import type { RadiusKind, RadiusResult } from '../features/console-metrics/console-metrics.ts';
import { answerAccessRequest } from './access.ts';
import { recordAccounting } from './accounting.ts';
import { eapTtlsService } from './eap-ttls.ts';
import { type KnownNas, type NasDirectory, nasDirectory, plainAddress } from './nas.ts';

/** How long an answer is kept to answer a resent request (same NAS, identifier and authenticator) again. */
export const DUPLICATE_WINDOW_MS = 5_000;

/**
 * Requests worked on at once; past it a request is dropped unread (its NAS resends it), so that a burst
 * beyond what the database answers does not queue until every request times out.
 */
export const MAX_IN_FLIGHT = 256;

export type RadiusServiceOptions = {
  host: string;
  /** null leaves that half off; 0 takes any free port (tests). */
  authPort: number | null;
  acctPort: number | null;
};

export type RadiusService = {
  /** The ports bound (null: off, or the port could not be bound). */
  authPort: number | null;
  acctPort: number | null;
  nas: NasDirectory;
  close: () => Promise<void>;
};

type Deps = { db: Database; secrets: SecretBox; log: FastifyBaseLogger };

/** Counts each request by kind and what became of it (docs/metrics.md#radius). */
export type RadiusCount = (kind: RadiusKind, result: RadiusResult) => void;

/** The result of an answer, by its code. */
const ANSWERED: Record<number, RadiusResult> = {
  [RADIUS_CODE.accessAccept]: 'accept',
  [RADIUS_CODE.accessReject]: 'reject',
  [RADIUS_CODE.accessChallenge]: 'challenge',
  [RADIUS_CODE.accountingResponse]: 'answered',
};

/** Answers of recent requests, by NAS address, port, identifier and authenticator; in flight as promises. */
function duplicateCache(windowMs: number) {
  const entries = new Map<string, { answer: Promise<Buffer | null>; at: number }>();
  return {
    /** The answer of the same request seen lately, or runs `work` once and keeps its answer. */
    answer(
      key: string,
      work: () => Promise<Buffer | null>,
    ): { answer: Promise<Buffer | null>; repeated: boolean } {
      const now = Date.now();
      for (const [old, entry] of entries) {
        if (entry.at > now - windowMs) break;
        entries.delete(old);
      }
      const seen = entries.get(key);
      if (seen) return { answer: seen.answer, repeated: true };
      const answer = work().catch(() => null);
      entries.set(key, { answer, at: now });
      // A request that failed is not remembered, so the NAS's retry is worked on again.
      void answer.then((result) => {
        if (result === null) entries.delete(key);
      });
      return { answer, repeated: false };
    },
  };
}

function bind(socket: Socket, port: number, host: string): Promise<number | null> {
  return new Promise((resolve) => {
    const failed = () => resolve(null);
    socket.once('error', failed);
    socket.bind(port, host, () => {
      socket.off('error', failed);
      resolve(socket.address().port);
    });
  });
}

/** Starts the service; a port that cannot be bound is logged once and left off, the console goes on. */
export async function startRadiusService(
  deps: Deps,
  options: RadiusServiceOptions,
  count: RadiusCount = () => {},
): Promise<RadiusService> {
  const nas = nasDirectory(deps.db, deps.secrets);
  const duplicates = duplicateCache(DUPLICATE_WINDOW_MS);
  const eap = eapTtlsService(deps);
  const sockets: Socket[] = [];

  let inFlight = 0;

  async function handle(
    socket: Socket,
    data: Buffer,
    from: RemoteInfo,
    expected: number,
    work: (client: KnownNas, request: RadiusPacket) => Promise<Buffer | null>,
  ) {
    const address = plainAddress(from.address);
    const kind = expected === RADIUS_CODE.accessRequest ? 'access' : 'accounting';
    if (inFlight >= MAX_IN_FLIGHT) {
      deps.log.debug({ address }, 'RADIUS: busy, request dropped');
      count(kind, 'busy');
      return;
    }
    inFlight += 1;
    try {
      count(kind, await answerOne(socket, data, from, address, expected, work));
    } finally {
      inFlight -= 1;
    }
  }

  async function answerOne(
    socket: Socket,
    data: Buffer,
    from: RemoteInfo,
    address: string,
    expected: number,
    work: (client: KnownNas, request: RadiusPacket) => Promise<Buffer | null>,
  ): Promise<RadiusResult> {
    let request: RadiusPacket;
    try {
      request = decodePacket(data);
    } catch (error) {
      deps.log.debug({ address, err: error }, 'RADIUS: malformed packet dropped');
      return 'malformed';
    }
    if (request.code !== expected) {
      deps.log.debug({ address, code: request.code }, 'RADIUS: unexpected packet code dropped');
      return 'malformed';
    }
    deps.log.trace({ address, code: request.code }, 'RADIUS: request');
    const client = await nas.find(address);
    if (client === null) {
      deps.log.debug({ address }, 'RADIUS: request from an unknown NAS (or AuthPort off) dropped');
      return 'unknown_nas';
    }
    const verdict = verifyRequest(data, client.secret);
    if (verdict !== 'ok') {
      deps.log.debug({ address, verdict }, 'RADIUS: request failing its signature dropped');
      return 'bad_signature';
    }
    const key = `${address}:${from.port}:${request.identifier}:${request.authenticator.toString('base64')}`;
    const { answer } = duplicates.answer(key, async () => {
      try {
        return await work(client, request);
      } catch (error) {
        deps.log.error({ address, err: error }, 'RADIUS: request could not be answered');
        return null;
      }
    });
    const reply = await answer;
    if (reply === null) return 'unanswered';
    socket.send(reply, from.port, from.address);
    return ANSWERED[reply[0] ?? 0] ?? 'answered';
  }

  async function open(
    port: number | null,
    expected: number,
    work: (client: KnownNas, request: RadiusPacket) => Promise<Buffer | null>,
    what: string,
  ): Promise<number | null> {
    if (port === null) return null;
    const socket = createSocket({ type: 'udp4', recvBufferSize: 4 * 1024 * 1024 });
    const bound = await bind(socket, port, options.host);
    if (bound === null) {
      deps.log.error(`RADIUS ${what} could not listen on ${options.host}:${port} (UDP); it stays off`);
      socket.close();
      return null;
    }
    socket.on('error', (error) => deps.log.warn({ err: error }, `RADIUS ${what} socket error`));
    socket.on('message', (data, from) => void handle(socket, data, from, expected, work));
    sockets.push(socket);
    return bound;
  }

  const authPort = await open(
    options.authPort,
    RADIUS_CODE.accessRequest,
    (client, request) =>
      findAttribute(request, 'EAP-Message')
        ? eap.answer(client, request)
        : answerAccessRequest(deps, client, request),
    'authentication',
  );
  const acctPort = await open(
    options.acctPort,
    RADIUS_CODE.accountingRequest,
    async (client, request) => {
      await recordAccounting(deps.db, client, request);
      return encodeResponse(RADIUS_CODE.accountingResponse, request, [], client.secret);
    },
    'accounting',
  );
  if (authPort !== null || acctPort !== null)
    deps.log.info({ authPort, acctPort }, 'RADIUS service listening (UDP)');
  return {
    authPort,
    acctPort,
    nas,
    close: () => {
      eap.close();
      return Promise.all(
        sockets.map((socket) => new Promise<void>((resolve) => socket.close(() => resolve()))),
      ).then(() => undefined);
    },
  };
}
