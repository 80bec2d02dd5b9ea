// The simulator's guests (docs/guest-access.md#the-simulators-guests): access points of a guest site act as
// RADIUS clients (NAS) of the console. Each sends from its own loopback address, where it also listens for
// Disconnect and Change-of-Authorization requests (RFC 5176). Guests arrive now and then, sign in through
// the portal (a voucher, a guest account or a free click-through), are let on with a real Access-Request,
// send accounting while they browse, roam to other access points, and leave, run out of time or data, or
// are disconnected by an operator.
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { ACCT_STATUS, ERROR_CAUSE, RADIUS_CODE, TERMINATE_CAUSE } from '../core/radius/dictionary.ts';
import {
  attribute,
  decodePacket,
  encodeRequest,
  encodeResponse,
  integerValue,
  type RadiusAttribute,
  type RadiusPacket,
  textValue,
  verifyRequest,
  verifyResponse,
} from '../core/radius/packet.ts';
import type { ConsoleSession, GuestPortalLogin, GuestPortalLoginAnswer } from './console-api.ts';
import {
  accessPointAddress,
  COA_PORT,
  FRONT_DESK_COUNT,
  frontDeskCode,
  GUEST_RADIUS_SECRET,
  GUEST_SITE,
  GUEST_SSID,
  GUEST_USERS,
} from './demo-guests.ts';
import { createRandom, type Random } from './random.ts';

export type AccessPoint = { name: string; mac: string; address: string };

export type GuestsOptions = {
  /** The console's web address (the portal's calls) and the host its RADIUS service listens on. */
  url: string;
  radiusHost: string;
  /** 0 (either) leaves the guests quiet: the console's RADIUS service is off. */
  authPort: number;
  acctPort: number;
  secret: string;
  ssid: string;
  accessPoints: readonly AccessPoint[];
  /** Where each access point listens for Disconnect and CoA (3799; 0 picks a free port, for tests). */
  coaPort: number;
  /** Codes of unused vouchers the guests may redeem, and guest accounts they may sign in with. */
  vouchers: readonly string[];
  users: readonly { username: string; password: string }[];
  seed: number;
  /** About how many guests arrive in a minute, over every access point together. */
  arrivalsPerMinute: number;
  /** Multiplies every duration (1: real time; tests make it small). */
  timeScale?: number;
  log: (message: string) => void;
  signal: AbortSignal;
};

/** What a guest does, drawn when the guest arrives. */
export type GuestPlan = {
  mac: string;
  method: 'voucher' | 'account' | 'click_through' | 'mac';
  /** How long the guest stays (ms of simulated time), and how fast the guest downloads (bytes a second). */
  stayMs: number;
  rate: number;
  /** After how long on an access point the guest moves to another one (null: never). */
  roamAfterMs: number | null;
  /** How the guest's last session ends when the guest leaves first. */
  leaving: 'user' | 'lost' | 'idle';
};

export type GuestOutcome = {
  signedIn: boolean;
  sessions: { acctSessionId: string; ap: string; cause: number }[];
  refusal?: string;
};

type Pending = { authenticator: Buffer; resolve: (packet: RadiusPacket | null) => void };

type Session = {
  id: string;
  /** Set when a Disconnect-Request ended the session; wakes the guest. */
  disconnected: boolean;
  /** A CoA-Request's new limits. */
  timeoutS: number | null;
  wake: () => void;
};

/** One access point acting as NAS: its socket, its requests in flight and its guests' sessions. */
type Nas = {
  ap: AccessPoint;
  socket: Socket;
  nextId: number;
  pending: Map<number, Pending>;
  sessions: Map<string, Session>;
};

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** How often at least an access point sends an Interim-Update. */
const INTERIM_S = 60;
/** Wireless-802.11 (RFC 2865 §5.41). */
const NAS_PORT_TYPE_WIRELESS = 19;

const dashed = (mac: string) => mac.toUpperCase().replaceAll(':', '-');

function randomMac(random: Random): string {
  const bytes = Array.from({ length: 6 }, () => random.int(0, 255));
  // Phones join with a randomised, locally administered address.
  bytes[0] = ((bytes[0] as number) & 0xfc) | 0x02;
  return bytes.map((byte) => byte.toString(16).padStart(2, '0')).join(':');
}

/** Waits `ms`; true when it was cut short (by the signal, or by the `wake` handed out). */
function sleep(ms: number, signal: AbortSignal, wake?: (resume: () => void) => void): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(true);
    const timer = setTimeout(() => done(false), Math.max(0, ms));
    const early = () => done(true);
    function done(cut: boolean) {
      clearTimeout(timer);
      signal.removeEventListener('abort', early);
      resolve(cut);
    }
    signal.addEventListener('abort', early, { once: true });
    wake?.(early);
  });
}

/** POSTs JSON from a local address (the access point's: guests reach the portal through it). */
function postJson(
  url: string,
  body: object,
  localAddress: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
        timeout: 10_000,
      },
      (response) => {
        let data = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          data += chunk;
        });
        response.on('end', () => {
          let parsed: Record<string, unknown> = {};
          try {
            parsed = JSON.parse(data) as Record<string, unknown>;
          } catch {
            // Not JSON: the status says enough.
          }
          resolve({ status: response.statusCode ?? 0, body: parsed });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(text);
  });
}

function bindSocket(address: string, port: number): Promise<Socket | null> {
  return new Promise((resolve) => {
    const socket = createSocket('udp4');
    const failed = () => {
      socket.close();
      resolve(null);
    };
    socket.once('error', failed);
    socket.bind(port, address, () => {
      socket.off('error', failed);
      resolve(socket);
    });
  });
}

/**
 * The guests of the access points: binds each access point's address, then lets guests arrive until the
 * signal. Answers null (after one log line) when the RADIUS service is off or an address cannot be bound.
 */
export async function startGuests(options: GuestsOptions) {
  const scale = options.timeScale ?? 1;
  const { log, signal, secret } = options;
  if (options.authPort === 0 || options.acctPort === 0 || options.accessPoints.length === 0) {
    log('Guests: the console has no RADIUS service (its ports are 0); the access points have no guests.');
    return null;
  }
  const random = createRandom(options.seed ^ 0x6e57);
  const nasList: Nas[] = [];
  for (const ap of options.accessPoints) {
    const socket = await bindSocket(ap.address, options.coaPort);
    if (!socket) {
      for (const nas of nasList) nas.socket.close();
      log(
        `Guests: ${ap.address} port ${options.coaPort} (UDP) cannot be bound (another simulator, or no such address); the access points have no guests.`,
      );
      return null;
    }
    const nas: Nas = { ap, socket, nextId: random.int(0, 255), pending: new Map(), sessions: new Map() };
    socket.on('message', (data, from) => onMessage(nas, data, from));
    socket.on('error', () => {});
    nasList.push(nas);
  }
  let silent = false;
  let sessionCounter = 0;
  const sessionPrefix = Math.floor(Date.now() / SECOND)
    .toString(16)
    .toUpperCase()
    .padStart(8, '0');

  /** A Disconnect or CoA from the console: acknowledged for a session the access point has, else refused. */
  function onCoa(nas: Nas, data: Buffer, request: RadiusPacket, from: RemoteInfo) {
    if (verifyRequest(data, secret) !== 'ok') return;
    const disconnect = request.code === RADIUS_CODE.disconnectRequest;
    const id = textValue(request, 'Acct-Session-Id');
    const hex = (value: string | undefined) => (value ?? '').replace(/[^0-9a-f]/gi, '').toLowerCase();
    const device = hex(textValue(request, 'Calling-Station-Id') ?? textValue(request, 'User-Name'));
    const sessions = [...nas.sessions.entries()]
      .filter(([mac, session]) => (id ? session.id === id : device !== '' && hex(mac) === device))
      .map(([, session]) => session);
    let code: number = disconnect ? RADIUS_CODE.disconnectNak : RADIUS_CODE.coaNak;
    const answer: RadiusAttribute[] = [];
    if (sessions.length === 0) answer.push(attribute('Error-Cause', ERROR_CAUSE.sessionContextNotFound));
    else {
      code = disconnect ? RADIUS_CODE.disconnectAck : RADIUS_CODE.coaAck;
      const timeout = integerValue(request, 'Session-Timeout');
      for (const session of sessions) {
        if (disconnect) session.disconnected = true;
        else if (timeout !== undefined) session.timeoutS = timeout;
        session.wake();
      }
    }
    // Answered from the port the request came to, to where it came from (RFC 5176 §2.3).
    nas.socket.send(encodeResponse(code, request, answer, secret), from.port, from.address);
  }

  function onMessage(nas: Nas, data: Buffer, from: RemoteInfo) {
    let packet: RadiusPacket;
    try {
      packet = decodePacket(data);
    } catch {
      return;
    }
    if (packet.code === RADIUS_CODE.disconnectRequest || packet.code === RADIUS_CODE.coaRequest)
      return onCoa(nas, data, packet, from);
    const pending = nas.pending.get(packet.identifier);
    if (!pending || verifyResponse(data, pending.authenticator, secret) !== 'ok') return;
    nas.pending.delete(packet.identifier);
    pending.resolve(packet);
  }

  /** Sends a request to the console and waits for its answer, resending twice; null when none came. */
  async function ask(nas: Nas, code: number, port: number, attributes: RadiusAttribute[], last = false) {
    for (let attempt = 0; attempt < (last ? 1 : 3) && (last || !signal.aborted); attempt++) {
      const identifier = nas.nextId;
      nas.nextId = (nas.nextId + 1) % 256;
      const data = encodeRequest(code, identifier, attributes, secret);
      const answer = await new Promise<RadiusPacket | null>((resolve) => {
        const timer = setTimeout(
          () => {
            nas.pending.delete(identifier);
            resolve(null);
          },
          (last ? 1 : 3) * SECOND,
        );
        nas.pending.set(identifier, {
          authenticator: Buffer.from(data.subarray(4, 20)),
          resolve: (packet) => {
            clearTimeout(timer);
            resolve(packet);
          },
        });
        nas.socket.send(data, port, options.radiusHost);
      });
      if (answer) return answer;
    }
    if (!silent && !signal.aborted) {
      silent = true;
      log(
        `Guests: the console's RADIUS service at ${options.radiusHost} does not answer; guests keep trying.`,
      );
    }
    return null;
  }

  const common = (nas: Nas, mac: string) => [
    attribute('NAS-IP-Address', nas.ap.address),
    attribute('NAS-Identifier', nas.ap.name),
    attribute('NAS-Port-Type', NAS_PORT_TYPE_WIRELESS),
    attribute('Called-Station-Id', `${dashed(nas.ap.mac)}:${options.ssid}`),
    attribute('Calling-Station-Id', dashed(mac)),
  ];

  /** Access-Request with PAP; the Accept's limits, or null when refused or unanswered. */
  async function authenticate(nas: Nas, mac: string, username: string, password: string, sessionId: string) {
    const answer = await ask(nas, RADIUS_CODE.accessRequest, options.authPort, [
      attribute('User-Name', username),
      attribute('User-Password', password),
      ...common(nas, mac),
      attribute('Acct-Session-Id', sessionId),
    ]);
    if (answer?.code !== RADIUS_CODE.accessAccept) return null;
    const octets = integerValue(answer, 'ChilliSpot-Max-Total-Octets');
    const gigawords = integerValue(answer, 'ChilliSpot-Max-Total-Gigawords') ?? 0;
    return {
      timeoutS: integerValue(answer, 'Session-Timeout') ?? null,
      // As often as the console asks, and every minute at least, so that History's counters move.
      interimS: Math.min(INTERIM_S, integerValue(answer, 'Acct-Interim-Interval') ?? INTERIM_S),
      quota: octets === undefined ? null : gigawords * 2 ** 32 + octets,
      downKbps: integerValue(answer, 'ChilliSpot-Bandwidth-Max-Down') ?? null,
    };
  }

  async function account(
    nas: Nas,
    status: number,
    mac: string,
    username: string,
    sessionId: string,
    counters: { seconds: number; bytesIn: number; bytesOut: number; ip: string },
    cause?: number,
  ) {
    const list = [
      attribute('Acct-Status-Type', status),
      attribute('User-Name', username),
      ...common(nas, mac),
      attribute('Acct-Session-Id', sessionId),
      attribute('Framed-IP-Address', counters.ip),
      attribute('Acct-Session-Time', Math.round(counters.seconds)),
      attribute('Acct-Input-Octets', counters.bytesIn % 2 ** 32),
      attribute('Acct-Output-Octets', counters.bytesOut % 2 ** 32),
      attribute('Acct-Input-Gigawords', Math.floor(counters.bytesIn / 2 ** 32)),
      attribute('Acct-Output-Gigawords', Math.floor(counters.bytesOut / 2 ** 32)),
      attribute('Event-Timestamp', Math.floor(Date.now() / SECOND)),
    ];
    if (cause !== undefined) list.push(attribute('Acct-Terminate-Cause', cause));
    // Once the simulator stops, a Stop is sent once, without waiting long for its answer.
    await ask(nas, RADIUS_CODE.accountingRequest, options.acctPort, list, signal.aborted);
  }

  /** The portal's sign-in, as the guest's browser sends it through the access point. */
  async function portalLogin(nas: Nas, mac: string, body: Omit<GuestPortalLogin, 'nas' | 'mac' | 'ssid'>) {
    try {
      const login: GuestPortalLogin = { nas: nas.ap.address, mac, ssid: options.ssid, ...body };
      const answer = (await postJson(
        `${options.url}/apiv2/guest-portal/login`,
        login,
        nas.ap.address,
      )) as GuestPortalLoginAnswer;
      if (answer.status === 200) return { username: answer.body.username, password: answer.body.password };
      const errors = answer.status === 400 ? answer.body.errors : [];
      return { refusal: errors[0]?.errorCode ?? String(answer.status) };
    } catch {
      return { refusal: 'network' };
    }
  }

  const usedVouchers = new Set<string>();
  let voucherAt = random.int(0, Math.max(0, options.vouchers.length - 1));
  function nextVoucher(): string | null {
    for (let tries = 0; tries < options.vouchers.length; tries++) {
      const code = options.vouchers[voucherAt % options.vouchers.length] as string;
      voucherAt++;
      if (!usedVouchers.has(code)) {
        usedVouchers.add(code);
        return code;
      }
    }
    return null;
  }

  /** Signs the guest in through the portal: the method drawn, then free click-through if it was refused. */
  async function signIn(
    nas: Nas,
    plan: GuestPlan,
  ): Promise<{ username: string; password: string } | { refusal: string }> {
    if (plan.method === 'voucher') {
      const code = nextVoucher();
      if (code) {
        const got = await portalLogin(nas, plan.mac, { method: 'voucher', code });
        if ('username' in got) return got;
      }
    }
    if (plan.method === 'account' && options.users.length > 0) {
      const user = random.pick(options.users);
      const got = await portalLogin(nas, plan.mac, {
        method: 'account',
        username: user.username,
        password: user.password,
      });
      if ('username' in got) return got;
    }
    return portalLogin(nas, plan.mac, { method: 'click_through', accept_terms: true });
  }

  /**
   * One guest from arrival to leaving: MAC authentication for a returning device, else the portal; then a
   * session per access point, with accounting, until the guest leaves or the session must end.
   */
  async function runGuest(plan: GuestPlan, returning: { username: string } | null): Promise<GuestOutcome> {
    const outcome: GuestOutcome = { signedIn: false, sessions: [] };
    let nas = random.pick(nasList);
    const ip = `10.30.${random.int(0, 3)}.${random.int(10, 250)}`;
    const newSessionId = () =>
      `${sessionPrefix}${(++sessionCounter).toString(16).toUpperCase().padStart(8, '0')}`;
    let sessionId = newSessionId();
    let username: string | null = null;
    // A device that comes back (or roams) is let on by its MAC address while its access is still good.
    let limits = returning
      ? await authenticate(nas, plan.mac, dashed(plan.mac), dashed(plan.mac), sessionId)
      : null;
    if (limits && returning) username = dashed(plan.mac);
    if (!limits) {
      const credentials = await signIn(nas, plan);
      if ('refusal' in credentials) return { ...outcome, refusal: credentials.refusal };
      username = credentials.username;
      limits = await authenticate(nas, plan.mac, credentials.username, credentials.password, sessionId);
      if (!limits) return { ...outcome, refusal: 'access_reject' };
    }
    outcome.signedIn = true;
    let left = plan.stayMs;
    // The guest moves to another access point once at most.
    let roamAfterMs = plan.roamAfterMs;
    while (limits && username && !signal.aborted) {
      const session: Session = {
        id: sessionId,
        disconnected: false,
        timeoutS: limits.timeoutS,
        wake: () => {},
      };
      nas.sessions.set(plan.mac, session);
      const counters = { seconds: 0, bytesIn: 0, bytesOut: 0, ip };
      const rate = Math.min(plan.rate, limits.downKbps === null ? plan.rate : (limits.downKbps * 1000) / 8);
      await account(nas, ACCT_STATUS.start, plan.mac, username, sessionId, counters);
      const onHere = roamAfterMs === null ? left : Math.min(left, roamAfterMs);
      let cause: number = TERMINATE_CAUSE.userRequest;
      let roams = false;
      // Simulated time on this access point, advanced one interim interval (or less) at a time.
      for (;;) {
        const timeoutMs = session.timeoutS === null ? Number.POSITIVE_INFINITY : session.timeoutS * SECOND;
        // Bytes both ways grow at 1.08 times the download rate: the quota is reached at this moment.
        const quotaMs =
          limits.quota === null ? Number.POSITIVE_INFINITY : (limits.quota / (rate * 1.08)) * SECOND;
        const endMs = Math.min(onHere, timeoutMs, quotaMs);
        const stepMs = session.disconnected
          ? 0
          : Math.max(0, Math.min(limits.interimS * SECOND, endMs - counters.seconds * SECOND));
        const before = Date.now();
        const cut = await sleep(stepMs * scale, signal, (resume) => {
          session.wake = resume;
        });
        const elapsedMs = cut ? Math.min(stepMs, (Date.now() - before) / scale) : stepMs;
        counters.seconds += elapsedMs / SECOND;
        counters.bytesOut += Math.round((rate * elapsedMs) / SECOND);
        counters.bytesIn += Math.round((rate * elapsedMs * 0.08) / SECOND);
        const at = counters.seconds * SECOND;
        if (signal.aborted) {
          cause = TERMINATE_CAUSE.nasReboot;
          break;
        }
        if (session.disconnected) {
          cause = TERMINATE_CAUSE.adminReset;
          break;
        }
        if (at >= timeoutMs - 1) {
          cause = TERMINATE_CAUSE.sessionTimeout;
          break;
        }
        if (at >= quotaMs - 1) {
          // The NAS ends the session at its data limit, as at its time limit.
          counters.bytesIn = Math.min(counters.bytesIn, Math.round((limits.quota as number) * 0.07));
          counters.bytesOut = (limits.quota as number) - counters.bytesIn;
          cause = TERMINATE_CAUSE.sessionTimeout;
          break;
        }
        if (at >= onHere - 1) {
          roams = onHere < left;
          cause = roams
            ? TERMINATE_CAUSE.lostCarrier
            : plan.leaving === 'lost'
              ? TERMINATE_CAUSE.lostCarrier
              : plan.leaving === 'idle'
                ? TERMINATE_CAUSE.idleTimeout
                : TERMINATE_CAUSE.userRequest;
          break;
        }
        await account(nas, ACCT_STATUS.interimUpdate, plan.mac, username, sessionId, counters);
      }
      nas.sessions.delete(plan.mac);
      await account(nas, ACCT_STATUS.stop, plan.mac, username, sessionId, counters, cause);
      outcome.sessions.push({ acctSessionId: sessionId, ap: nas.ap.address, cause });
      left -= counters.seconds * SECOND;
      if (!roams || signal.aborted || nasList.length < 2) break;
      // To another access point: a new session, the device let on by its MAC address.
      nas = random.pick(nasList.filter((other) => other !== nas));
      roamAfterMs = null;
      sessionId = newSessionId();
      limits = await authenticate(nas, plan.mac, dashed(plan.mac), dashed(plan.mac), sessionId);
      username = dashed(plan.mac);
    }
    return outcome;
  }

  /** A new guest's plan, or a device that was here before coming back. */
  function drawPlan(returning: GuestPlan | null): GuestPlan {
    const method = random.next();
    return {
      mac: returning?.mac ?? randomMac(random),
      method: returning ? 'mac' : method < 0.4 ? 'voucher' : method < 0.55 ? 'account' : 'click_through',
      stayMs: random.int(3, 45) * MINUTE,
      rate: random.int(20_000, 600_000),
      roamAfterMs: random.chance(0.25) ? random.int(2, 20) * MINUTE : null,
      leaving: random.chance(0.7) ? 'user' : random.chance(0.5) ? 'idle' : 'lost',
    };
  }

  const left: GuestPlan[] = [];
  const running = new Set<Promise<unknown>>();
  async function arrivals() {
    const meanGapMs = MINUTE / Math.max(0.01, options.arrivalsPerMinute);
    while (!signal.aborted) {
      await sleep(-Math.log(1 - random.next()) * meanGapMs * scale, signal);
      if (signal.aborted) break;
      const back =
        left.length > 0 && random.chance(0.2)
          ? (left.splice(random.int(0, left.length - 1), 1)[0] ?? null)
          : null;
      const plan = drawPlan(back);
      const guest = runGuest(plan, back ? { username: plan.mac } : null)
        .then((outcome) => {
          if (outcome.signedIn && left.length < 50) left.push(plan);
        })
        .catch(() => {});
      running.add(guest);
      void guest.finally(() => running.delete(guest));
    }
  }
  const loop = options.arrivalsPerMinute > 0 ? arrivals() : Promise.resolve();

  return {
    /** The ports each access point listens on for Disconnect and CoA. */
    coaPorts: nasList.map((nas) => (nas.socket.address() as { port: number }).port),
    /** Runs one guest's visit now (tests, and the arrivals). */
    visit: (plan: GuestPlan, returning = false) => runGuest(plan, returning ? { username: plan.mac } : null),
    /** Waits for the guests to leave (after the signal) and closes the sockets. */
    async stop() {
      await loop;
      await Promise.all(running);
      // The access points go off, their guests' sessions stopped: the console ends any it still has open
      // (RFC 2866 Accounting-Off).
      await Promise.all(
        nasList.map((nas) =>
          ask(
            nas,
            RADIUS_CODE.accountingRequest,
            options.acctPort,
            [
              attribute('Acct-Status-Type', ACCT_STATUS.accountingOff),
              attribute('NAS-IP-Address', nas.ap.address),
              attribute('NAS-Identifier', nas.ap.name),
              attribute('Acct-Session-Id', `${sessionPrefix}00000000`),
            ],
            true,
          ),
        ),
      );
      for (const nas of nasList) nas.socket.close();
    },
  };
}

/**
 * The demo's guests (docs/demo.md#guest-access): the access points of Demo Networks' guest site, read as its
 * owner, each at the address the seed registered it as NAS (in the order of their ids), with the site's
 * secret, the "Front desk" vouchers and the front desk's guest accounts. Null when the demo has no such site.
 */
export async function demoGuests(
  session: ConsoleSession,
): Promise<Pick<
  GuestsOptions,
  'accessPoints' | 'secret' | 'ssid' | 'coaPort' | 'vouchers' | 'users'
> | null> {
  const { clouds } = await session.get('/apiv2/clouds');
  const cloud = clouds.find((candidate) => candidate.name === 'Demo Networks');
  if (!cloud) return null;
  const path = { cloudId: cloud.id };
  const sites = await session.get('/apiv2/cloud/{cloudId}/sites', {
    path,
    query: { search: GUEST_SITE, limit: 100, offset: 0 },
  });
  const site = sites.items.find((candidate) => candidate.name === GUEST_SITE);
  if (!site) return null;
  const devices = await session.get('/apiv2/cloud/{cloudId}/devices', {
    path,
    query: { site_id: site.id, type: 'wifi', limit: 100, offset: 0 },
  });
  const accessPoints = [...devices.items]
    .sort((a, b) => a.id - b.id)
    .map((device, index) => ({ name: device.name, mac: device.mac, address: accessPointAddress(index + 1) }));
  return {
    accessPoints,
    secret: GUEST_RADIUS_SECRET,
    ssid: GUEST_SSID,
    coaPort: COA_PORT,
    vouchers: Array.from({ length: FRONT_DESK_COUNT }, (_, n) => frontDeskCode(n)),
    users: GUEST_USERS.map(({ username, password }) => ({ username, password })),
  };
}
