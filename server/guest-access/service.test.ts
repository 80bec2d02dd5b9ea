// The RADIUS service against a real client (radclient) on ephemeral ports: docs/guest-access.md#radius and
// #disconnect-and-change.
import { createSocket } from 'node:dgram';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCT_STATUS, RADIUS_CODE } from '../../core/radius/dictionary.ts';
import {
  attribute,
  decodePacket,
  encodeRequest,
  encodeResponse,
  integerValue,
  textValue,
  verifyRequest,
} from '../../core/radius/packet.ts';
import { readConfig } from '../config.ts';
import { type AppContext, createContext } from '../context.ts';
import type { DatabaseHandle } from '../db/connect.ts';
import {
  guestAccounts,
  guestNas,
  guestPlans,
  guestSessions,
  guestSiteSecrets,
} from '../db/schema/guest-access.ts';
import { TEST_CONFIG_SECRET_KEY, TEST_VERSION } from '../test/app.ts';
import { openTestDatabase } from '../test/database.ts';
import { createCloud, createSite, createUser } from '../test/factories.ts';
import { changeSessions, disconnectSessions } from './coa.ts';
import { radclient, standInNas } from './radius-test-kit.ts';
import { type RadiusService, startRadiusService } from './service.ts';

let database: DatabaseHandle;
let ctx: AppContext;
let service: RadiusService;
let auth: number;
let acct: number;
let cloudA: number;
let hourPlan: number;
let operator: number;
const SECRET = 'testing123';
const CAPTIVE_NAS = '127.0.1.7';

async function voucher(
  cloudId: number,
  planId: number,
  code: string,
  fields: Partial<typeof guestAccounts.$inferInsert> = {},
) {
  const [row] = await database.db
    .insert(guestAccounts)
    .values({ cloudId, planId, kind: 'voucher', username: code, ...fields })
    .returning();
  if (!row) throw new Error('voucher not made');
  return row;
}

async function authportSite(secret: string, addresses: string[], authportEnabled = true) {
  const cloud = await createCloud(database.db, { authportEnabled });
  const site = await createSite(database.db, cloud.id);
  await database.db
    .insert(guestSiteSecrets)
    .values({ siteId: site.id, cloudId: cloud.id, secretSealed: ctx.secrets.sealText(secret) });
  for (const address of addresses)
    await database.db.insert(guestNas).values({ cloudId: cloud.id, siteId: site.id, name: address, address });
  const [plan] = await database.db
    .insert(guestPlans)
    .values({
      cloudId: cloud.id,
      name: 'Hour',
      validFrom: 'first_use',
      validityMinutes: 24 * 60,
      sessionMinutes: 60,
      idleMinutes: 10,
      downKbps: 2000,
      upKbps: 500,
      devicesPerAccount: 1,
    })
    .returning();
  return { cloud: cloud.id, site: site.id, plan: plan?.id ?? 0 };
}

const pap = (user: string, password: string, extra: string[] = []) => [
  `User-Name = "${user}"`,
  `User-Password = "${password}"`,
  'Message-Authenticator = 0x00',
  ...extra,
];

beforeAll(async () => {
  database = await openTestDatabase();
  ctx = createContext(
    database,
    readConfig({ DEMO: '0', CONFIG_SECRET_KEY: TEST_CONFIG_SECRET_KEY }),
    TEST_VERSION,
  );
  const a = await authportSite(SECRET, ['127.0.0.1', CAPTIVE_NAS]);
  cloudA = a.cloud;
  hourPlan = a.plan;
  operator = (await createUser(database.db)).id;
  const b = await authportSite('bravo-secret', ['127.0.2.1']);
  const off = await authportSite('off-secret', ['127.0.3.1'], false);
  const [quotaPlan] = await database.db
    .insert(guestPlans)
    .values({
      cloudId: cloudA,
      name: 'Small',
      validFrom: 'creation',
      validityMinutes: 600,
      periodQuotaBytes: 10_000,
    })
    .returning();
  await voucher(cloudA, hourPlan, 'HOUR-0001');
  await voucher(cloudA, hourPlan, 'HOUR-0002');
  await voucher(cloudA, hourPlan, 'HOUR-0003');
  await voucher(cloudA, hourPlan, 'HOUR-0004');
  await voucher(cloudA, hourPlan, 'HOUR-0005');
  await voucher(cloudA, hourPlan, 'OLD-0001', { expiresAt: new Date(Date.now() - 60_000) });
  await voucher(cloudA, quotaPlan?.id ?? 0, 'SMALL-0001');
  await database.db.insert(guestAccounts).values({
    cloudId: cloudA,
    planId: hourPlan,
    kind: 'user',
    username: 'alice',
    passwordSealed: ctx.secrets.sealText('Open Sesame'),
  });
  await voucher(b.cloud, b.plan, 'BRAVO-0001');
  await voucher(off.cloud, off.plan, 'OFF-0001');
  service = await startRadiusService(
    { db: database.db, secrets: ctx.secrets, log: pino({ level: process.env.RADIUS_TEST_LOG ?? 'silent' }) },
    { host: '127.0.0.1', authPort: 0, acctPort: 0 },
  );
  auth = service.authPort ?? 0;
  acct = service.acctPort ?? 0;
}, 60_000);

afterAll(async () => {
  await service?.close();
  await database?.close();
});

describe('Access-Request', () => {
  it("accepts a voucher (its code in any case) with the plan's time, idle time and rates, signed", async () => {
    const [upper, lower, user] = await Promise.all([
      radclient(auth, 'auth', SECRET, pap('HOUR-0001', 'HOUR-0001')),
      radclient(auth, 'auth', SECRET, pap('hour-0002', 'Hour-0002')),
      radclient(auth, 'auth', SECRET, pap('alice', 'Open Sesame')),
    ]);
    for (const answer of [upper, lower, user]) {
      expect(answer.reply).toBe('Access-Accept');
      expect(answer.attributes).toMatchObject({
        'Session-Timeout': '3600',
        'Idle-Timeout': '600',
        'WISPr-Bandwidth-Max-Down': '2000000',
        'WISPr-Bandwidth-Max-Up': '500000',
        'ChilliSpot-Bandwidth-Max-Down': '2000',
      });
      expect(answer.attributes['Message-Authenticator']).toMatch(/^0x[0-9a-f]{32}$/);
    }
    const [account] = await database.db
      .select()
      .from(guestAccounts)
      .where(eq(guestAccounts.username, 'HOUR-0001'));
    expect(account?.firstUsedAt).not.toBeNull();
    expect((account?.validUntil?.getTime() ?? 0) - (account?.firstUsedAt?.getTime() ?? 0)).toBe(
      24 * 3600_000,
    );
  });

  it('rejects a wrong code, a wrong password and an expired voucher with a Reply-Message', async () => {
    const answers = await Promise.all([
      radclient(auth, 'auth', SECRET, pap('NOPE-0001', 'NOPE-0001')),
      radclient(auth, 'auth', SECRET, pap('HOUR-0003', 'HOUR-0004')),
      radclient(auth, 'auth', SECRET, pap('alice', 'open sesame')),
      radclient(auth, 'auth', SECRET, pap('OLD-0001', 'OLD-0001')),
    ]);
    expect(answers.map((answer) => [answer.reply, answer.attributes['Reply-Message']])).toEqual([
      ['Access-Reject', 'Unknown code or user name.'],
      ['Access-Reject', 'Wrong code or password.'],
      ['Access-Reject', 'Wrong code or password.'],
      ['Access-Reject', 'This access has expired.'],
    ]);
    const [unused] = await database.db
      .select()
      .from(guestAccounts)
      .where(eq(guestAccounts.username, 'HOUR-0003'));
    expect(unused?.firstUsedAt).toBeNull();
  });

  it('drops without an answer: a wrong shared secret, no or a wrong Message-Authenticator, AuthPort off', async () => {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const replies: Buffer[] = [];
    socket.on('message', (data) => replies.push(data));
    const wrongMac = encodeRequest(
      RADIUS_CODE.accessRequest,
      3,
      [attribute('User-Name', 'HOUR-0003'), attribute('User-Password', 'HOUR-0003')],
      SECRET,
    );
    wrongMac[24] = (wrongMac[24] as number) ^ 0xff;
    socket.send(wrongMac, auth, '127.0.0.1');
    const answers = await Promise.all([
      radclient(auth, 'auth', 'not-the-secret', pap('HOUR-0003', 'HOUR-0003'), 1),
      radclient(auth, 'auth', SECRET, ['User-Name = "HOUR-0003"', 'User-Password = "HOUR-0003"'], 1),
      radclient(
        auth,
        'auth',
        'off-secret',
        pap('OFF-0001', 'OFF-0001', ['Packet-Src-IP-Address = 127.0.3.1']),
        1,
      ),
      radclient(
        acct,
        'acct',
        'not-the-secret',
        [
          'Acct-Status-Type = Start',
          'Acct-Session-Id = "dropped"',
          'User-Name = "HOUR-0003"',
          'Message-Authenticator = 0x00',
        ],
        1,
      ),
    ]);
    expect(answers.map((answer) => answer.reply)).toEqual([null, null, null, null]);
    expect(replies).toEqual([]);
    socket.close();
    const sessions = await database.db
      .select()
      .from(guestSessions)
      .where(eq(guestSessions.acctSessionId, 'dropped'));
    expect(sessions).toEqual([]);
  });

  it("keeps each cloud's vouchers to its own NAS", async () => {
    const answers = await Promise.all([
      radclient(auth, 'auth', SECRET, pap('BRAVO-0001', 'BRAVO-0001')),
      radclient(
        auth,
        'auth',
        'bravo-secret',
        pap('HOUR-0005', 'HOUR-0005', ['Packet-Src-IP-Address = 127.0.2.1']),
      ),
      radclient(
        auth,
        'auth',
        'bravo-secret',
        pap('BRAVO-0001', 'BRAVO-0001', ['Packet-Src-IP-Address = 127.0.2.1']),
      ),
    ]);
    expect(answers.map((answer) => answer.reply)).toEqual([
      'Access-Reject',
      'Access-Reject',
      'Access-Accept',
    ]);
  });

  it('answers a resent request from its cache without acting twice', async () => {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const replies: Buffer[] = [];
    const two = new Promise<void>((resolve) =>
      socket.on('message', (data) => {
        replies.push(data);
        if (replies.length === 2) resolve();
      }),
    );
    const request = encodeRequest(
      RADIUS_CODE.accountingRequest,
      9,
      [
        attribute('Acct-Status-Type', ACCT_STATUS.start),
        attribute('Acct-Session-Id', 'resent-1'),
        attribute('User-Name', 'HOUR-0001'),
        attribute('Calling-Station-Id', '02-00-00-00-00-01'),
      ],
      SECRET,
    );
    socket.send(request, acct, '127.0.0.1');
    socket.send(request, acct, '127.0.0.1');
    await two;
    socket.close();
    expect(replies[0]?.equals(replies[1] as Buffer)).toBe(true);
    expect(replies[0]?.[0]).toBe(RADIUS_CODE.accountingResponse);
    const sessions = await database.db
      .select()
      .from(guestSessions)
      .where(eq(guestSessions.acctSessionId, 'resent-1'));
    expect(sessions).toHaveLength(1);
  });
});

describe('Accounting-Request', () => {
  const acctLines = (status: string, session: string, user: string, extra: string[] = []) => [
    `Acct-Status-Type = ${status}`,
    `Acct-Session-Id = "${session}"`,
    `User-Name = "${user}"`,
    'Calling-Station-Id = "02-00-00-00-00-02"',
    'Called-Station-Id = "0A-00-00-00-00-01:Guests"',
    'Message-Authenticator = 0x00',
    ...extra,
  ];

  it('records Start, Interim-Update and Stop with 64-bit counters and why it ended', async () => {
    expect((await radclient(acct, 'acct', SECRET, acctLines('Start', 'acct-1', 'HOUR-0002'))).reply).toBe(
      'Accounting-Response',
    );
    const interim = await radclient(
      acct,
      'acct',
      SECRET,
      acctLines('Interim-Update', 'acct-1', 'HOUR-0002', [
        'Acct-Session-Time = 300',
        'Acct-Input-Octets = 1000',
        'Acct-Output-Octets = 5000',
        'Acct-Output-Gigawords = 1',
        'Framed-IP-Address = 10.5.0.23',
      ]),
    );
    expect(interim.reply).toBe('Accounting-Response');
    let [session] = await database.db
      .select()
      .from(guestSessions)
      .where(eq(guestSessions.acctSessionId, 'acct-1'));
    expect(session).toMatchObject({
      mac: '02:00:00:00:00:02',
      ssid: 'Guests',
      durationS: 300,
      bytesIn: 1000,
      bytesOut: 2 ** 32 + 5000,
      framedIp: '10.5.0.23',
      endedAt: null,
    });
    await radclient(
      acct,
      'acct',
      SECRET,
      acctLines('Stop', 'acct-1', 'HOUR-0002', [
        'Acct-Session-Time = 360',
        'Acct-Input-Octets = 1200',
        'Acct-Output-Octets = 6000',
        'Acct-Output-Gigawords = 1',
        'Acct-Terminate-Cause = Idle-Timeout',
      ]),
    );
    [session] = await database.db
      .select()
      .from(guestSessions)
      .where(eq(guestSessions.acctSessionId, 'acct-1'));
    expect(session).toMatchObject({
      durationS: 360,
      bytesIn: 1200,
      bytesOut: 2 ** 32 + 6000,
      endReason: 'idle_timeout',
    });
    expect(session?.endedAt).not.toBeNull();
  });

  it("marks an account used up when its plan's data is spent, and refuses it then", async () => {
    expect((await radclient(auth, 'auth', SECRET, pap('SMALL-0001', 'SMALL-0001'))).attributes).toMatchObject(
      {
        'ChilliSpot-Max-Total-Octets': '10000',
      },
    );
    await radclient(
      acct,
      'acct',
      SECRET,
      acctLines('Interim-Update', 'acct-small', 'SMALL-0001', [
        'Acct-Input-Octets = 4000',
        'Acct-Output-Octets = 6500',
      ]),
    );
    const [account] = await database.db
      .select()
      .from(guestAccounts)
      .where(eq(guestAccounts.username, 'SMALL-0001'));
    expect(account?.usedUpAt).not.toBeNull();
    const again = await radclient(auth, 'auth', SECRET, pap('SMALL-0001', 'SMALL-0001'));
    expect([again.reply, again.attributes['Reply-Message']]).toEqual([
      'Access-Reject',
      'The time or data of this access is used up.',
    ]);
  });

  it('lets a device that had a session back on by its MAC, while the account is good', async () => {
    const login = await radclient(
      auth,
      'auth',
      SECRET,
      pap('HOUR-0003', 'HOUR-0003', [
        'Calling-Station-Id = "02-00-00-00-00-03"',
        'Acct-Session-Id = "mac-1"',
      ]),
    );
    expect(login.reply).toBe('Access-Accept');
    const [again, stranger] = await Promise.all([
      radclient(
        auth,
        'auth',
        SECRET,
        pap('02-00-00-00-00-03', '02-00-00-00-00-03', ['Calling-Station-Id = "02-00-00-00-00-03"']),
      ),
      radclient(
        auth,
        'auth',
        SECRET,
        pap('02-00-00-00-00-99', '02-00-00-00-00-99', ['Calling-Station-Id = "02-00-00-00-00-99"']),
      ),
    ]);
    expect(again.reply).toBe('Access-Accept');
    expect(stranger.reply).toBe('Access-Reject');
    await database.db
      .update(guestAccounts)
      .set({ revokedAt: new Date() })
      .where(eq(guestAccounts.username, 'HOUR-0003'));
    const revoked = await radclient(
      auth,
      'auth',
      SECRET,
      pap('02-00-00-00-00-03', '02-00-00-00-00-03', ['Calling-Station-Id = "02-00-00-00-00-03"']),
    );
    expect([revoked.reply, revoked.attributes['Reply-Message']]).toEqual([
      'Access-Reject',
      'This access has been revoked.',
    ]);
  });
});

describe('Disconnect and change', () => {
  it("sends Disconnect-Request and CoA-Request to the session's NAS, and ends what it acknowledged", async () => {
    const requests: { code: number; session: string | undefined; timeout: number | undefined }[] = [];
    let answerCoa: number = RADIUS_CODE.coaNak;
    const nas = await standInNas(CAPTIVE_NAS, (data) => {
      if (verifyRequest(data, SECRET) !== 'ok') return null;
      const request = decodePacket(data);
      requests.push({
        code: request.code,
        session: textValue(request, 'Acct-Session-Id'),
        timeout: integerValue(request, 'Session-Timeout'),
      });
      const code = request.code === RADIUS_CODE.disconnectRequest ? RADIUS_CODE.disconnectAck : answerCoa;
      return encodeResponse(code, request, [], SECRET);
    });
    await database.db.update(guestNas).set({ coaPort: nas.port }).where(eq(guestNas.address, CAPTIVE_NAS));
    const start = await radclient(acct, 'acct', SECRET, [
      'Acct-Status-Type = Start',
      'Acct-Session-Id = "coa-1"',
      'User-Name = "HOUR-0004"',
      'Calling-Station-Id = "02-00-00-00-00-04"',
      'Acct-Session-Time = 600',
      `Packet-Src-IP-Address = ${CAPTIVE_NAS}`,
      'Message-Authenticator = 0x00',
    ]);
    expect(start.reply).toBe('Accounting-Response');
    const [account] = await database.db
      .select()
      .from(guestAccounts)
      .where(eq(guestAccounts.username, 'HOUR-0004'));
    const accountId = account?.id ?? 0;

    expect(await changeSessions(ctx, { cloudId: cloudA, accountId })).toEqual({
      acked: 0,
      refused: 1,
      unanswered: 0,
    });
    answerCoa = RADIUS_CODE.coaAck;
    expect(await changeSessions(ctx, { cloudId: cloudA, planId: hourPlan })).toMatchObject({ acked: 1 });
    // Another cloud's call reaches none of this cloud's sessions.
    expect(
      await disconnectSessions(
        ctx,
        { cloudId: cloudA + 1, accountId },
        { userId: operator, cause: 'operator' },
      ),
    ).toEqual({ acked: 0, refused: 0, unanswered: 0 });
    expect(
      await disconnectSessions(ctx, { cloudId: cloudA, accountId }, { userId: operator, cause: 'operator' }),
    ).toEqual({
      acked: 1,
      refused: 0,
      unanswered: 0,
    });
    await nas.close();
    expect(requests).toEqual([
      { code: RADIUS_CODE.coaRequest, session: 'coa-1', timeout: 3600 },
      { code: RADIUS_CODE.coaRequest, session: 'coa-1', timeout: 3600 },
      { code: RADIUS_CODE.disconnectRequest, session: 'coa-1', timeout: undefined },
    ]);
    const [session] = await database.db
      .select()
      .from(guestSessions)
      .where(eq(guestSessions.acctSessionId, 'coa-1'));
    expect(session).toMatchObject({ endReason: 'operator', disconnectedBy: operator });
    expect(session?.endedAt).not.toBeNull();
  });
});

describe('starting', () => {
  it('leaves a port it cannot bind off with one clear line, and goes on', async () => {
    const lines: string[] = [];
    const second = await startRadiusService(
      {
        db: database.db,
        secrets: ctx.secrets,
        log: pino({ level: 'error' }, { write: (line: string) => lines.push(line) }),
      },
      { host: '127.0.0.1', authPort: auth, acctPort: null },
    );
    expect([second.authPort, second.acctPort]).toEqual([null, null]);
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual([
      `RADIUS authentication could not listen on 127.0.0.1:${auth} (UDP); it stays off`,
    ]);
    await second.close();
  });
});
