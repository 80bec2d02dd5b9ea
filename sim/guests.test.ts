// The simulator's guests against the real console: its portal over HTTP and its RADIUS service on ephemeral
// ports (docs/guest-access.md#the-simulators-guests). Simulated time runs a thousand times faster.
import { createSocket } from 'node:dgram';
import { asc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RADIUS_CODE } from '../core/radius/dictionary.ts';
import { attribute, decodePacket, encodeRequest } from '../core/radius/packet.ts';
import { readConfig } from '../server/config.ts';
import { type AppContext, createContext } from '../server/context.ts';
import {
  guestAccounts,
  guestNas,
  guestPlans,
  guestPortals,
  guestSessions,
  guestSiteSecrets,
} from '../server/db/schema/guest-access.ts';
import { disconnectSessions } from '../server/guest-access/coa.ts';
import { type RadiusService, startRadiusService } from '../server/guest-access/service.ts';
import {
  createTestApp,
  TEST_CONFIG_SECRET_KEY,
  TEST_VERSION,
  type TestApp,
  testSecrets,
} from '../server/test/app.ts';
import { createCloud, createSite } from '../server/test/factories.ts';
import { type GuestPlan, startGuests } from './guests.ts';

const SECRET = 'sim-guests';
const MINUTE = 60_000;
const ACCESS_POINTS = [
  { name: 'Lobby AP', mac: '02:aa:00:00:00:01', address: '127.0.9.1' },
  { name: 'Pool AP', mac: '02:aa:00:00:00:02', address: '127.0.9.2' },
];

let testApp: TestApp;
let ctx: AppContext;
let cloudId: number;
let radius: RadiusService;
let guests: NonNullable<Awaited<ReturnType<typeof startGuests>>>;
const stop = new AbortController();
const logged: string[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  const { db } = testApp.database;
  ctx = createContext(
    testApp.database,
    readConfig({ DEMO: '0', CONFIG_SECRET_KEY: TEST_CONFIG_SECRET_KEY }),
    TEST_VERSION,
  );
  const cloud = await createCloud(db, { authportEnabled: true });
  cloudId = cloud.id;
  const site = await createSite(db, cloud.id);
  const plan = async (name: string, sessionMinutes: number) => {
    const [row] = await db
      .insert(guestPlans)
      .values({ cloudId: cloud.id, name, validFrom: 'first_use', validityMinutes: 24 * 60, sessionMinutes })
      .returning();
    return row?.id as number;
  };
  const hour = await plan('1 hour', 60);
  const free = await plan('Free 2 minutes', 2);
  await db
    .insert(guestAccounts)
    .values({ cloudId: cloud.id, planId: hour, kind: 'voucher', username: 'SIM-0001' });
  await db
    .insert(guestSiteSecrets)
    .values({ siteId: site.id, cloudId: cloud.id, secretSealed: testSecrets.sealText(SECRET) });
  await db.insert(guestPortals).values({
    cloudId: cloud.id,
    siteId: site.id,
    name: 'Portal',
    methods: ['voucher', 'click_through'],
    freePlanId: free,
  });
  const url = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  radius = await startRadiusService(
    { db, secrets: testSecrets, log: pino({ level: 'silent' }) },
    { host: '127.0.0.1', authPort: 0, acctPort: 0 },
  );
  const started = await startGuests({
    url,
    radiusHost: '127.0.0.1',
    authPort: radius.authPort as number,
    acctPort: radius.acctPort as number,
    secret: SECRET,
    ssid: 'Guest',
    accessPoints: ACCESS_POINTS,
    coaPort: 0,
    vouchers: ['SIM-0001'],
    users: [],
    seed: 7,
    arrivalsPerMinute: 0,
    timeScale: 0.001,
    log: (message) => logged.push(message),
    signal: stop.signal,
  });
  if (!started) throw new Error(`guests did not start: ${logged.join(' ')}`);
  guests = started;
  // Each access point is a NAS of the site, answering Disconnect and CoA on the port it bound.
  for (const [index, ap] of ACCESS_POINTS.entries())
    await db.insert(guestNas).values({
      cloudId: cloud.id,
      siteId: site.id,
      name: ap.name,
      address: ap.address,
      coaPort: guests.coaPorts[index] as number,
    });
}, 60_000);

afterAll(async () => {
  stop.abort();
  await guests?.stop();
  await radius?.close();
  await testApp?.close();
});

const sessionsOf = (mac: string) =>
  testApp.database.db
    .select({ session: guestSessions, username: guestAccounts.username })
    .from(guestSessions)
    .innerJoin(guestAccounts, eq(guestAccounts.id, guestSessions.accountId))
    .where(eq(guestSessions.mac, mac))
    .orderBy(asc(guestSessions.id));

const plan = (fields: Partial<GuestPlan> & Pick<GuestPlan, 'mac'>): GuestPlan => ({
  method: 'voucher',
  stayMs: 10 * MINUTE,
  rate: 100_000,
  roamAfterMs: null,
  leaving: 'user',
  ...fields,
});

describe("the simulator's guests", () => {
  it('redeem a voucher, roam to another access point by MAC authentication and leave, with counters', async () => {
    const outcome = await guests.visit(
      plan({ mac: '02:11:22:33:44:01', stayMs: 8 * MINUTE, roamAfterMs: 3 * MINUTE }),
    );
    expect(outcome.signedIn).toBe(true);
    const rows = await sessionsOf('02:11:22:33:44:01');
    expect(rows.map((row) => [row.username, row.session.endReason])).toEqual([
      ['SIM-0001', 'lost'],
      ['SIM-0001', 'user'],
    ]);
    const [first, second] = rows.map((row) => row.session);
    expect(first?.durationS).toBe(180);
    expect(first?.bytesOut).toBe(100_000 * 180);
    expect(first?.bytesIn).toBeGreaterThan(0);
    expect(second?.durationS).toBe(300);
    expect(second?.endedAt).not.toBeNull();
    expect(second?.calledStation).not.toBe(first?.calledStation);
  });

  it('take a free click-through and are cut off at the plan session time', async () => {
    await guests.visit(plan({ mac: '02:11:22:33:44:02', method: 'click_through' }));
    const [row] = await sessionsOf('02:11:22:33:44:02');
    expect(row?.username).toMatch(/^guest-/);
    expect(row?.session).toMatchObject({ endReason: 'session_timeout', durationS: 120 });
  });

  it("are disconnected by the console's Disconnect-Request; their access point refuses unknown sessions", async () => {
    const visit = guests.visit(
      plan({ mac: '02:11:22:33:44:03', method: 'click_through', stayMs: MINUTE * 60 }),
    );
    let open: Awaited<ReturnType<typeof sessionsOf>> = [];
    for (let tries = 0; tries < 100 && open.length === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      open = await sessionsOf('02:11:22:33:44:03');
    }
    const session = open[0]?.session as typeof guestSessions.$inferSelect;
    const nas = ACCESS_POINTS.findIndex((ap) =>
      session.calledStation?.startsWith(ap.mac.toUpperCase().replaceAll(':', '-')),
    );
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const refused = new Promise<number>((resolve) =>
      socket.once('message', (data) => resolve(decodePacket(data).code)),
    );
    socket.send(
      encodeRequest(
        RADIUS_CODE.disconnectRequest,
        1,
        [attribute('Acct-Session-Id', 'NO-SUCH-SESSION')],
        SECRET,
      ),
      guests.coaPorts[nas] as number,
      ACCESS_POINTS[nas]?.address,
    );
    expect(await refused).toBe(RADIUS_CODE.disconnectNak);
    socket.close();

    const outcome = await disconnectSessions(
      ctx,
      { cloudId, sessionIds: [session.id] },
      { userId: null, cause: 'operator' },
    );
    expect(outcome).toEqual({ acked: 1, refused: 0, unanswered: 0 });
    await visit;
    const [row] = await sessionsOf('02:11:22:33:44:03');
    expect(row?.session.endReason).toBe('operator');
    expect(row?.session.endedAt).not.toBeNull();
  });

  it('stay quiet, with one line, when the console has no RADIUS service or an address cannot be bound', async () => {
    const lines: string[] = [];
    const common = {
      url: 'http://127.0.0.1:1',
      radiusHost: '127.0.0.1',
      secret: SECRET,
      ssid: 'Guest',
      coaPort: 0,
      vouchers: [],
      users: [],
      seed: 1,
      arrivalsPerMinute: 5,
      log: (line: string) => lines.push(line),
      signal: stop.signal,
    };
    expect(
      await startGuests({ ...common, authPort: 0, acctPort: 0, accessPoints: ACCESS_POINTS }),
    ).toBeNull();
    const unbound = [{ name: 'Elsewhere', mac: '02:aa:00:00:00:09', address: '192.0.2.1' }];
    expect(
      await startGuests({ ...common, authPort: 1812, acctPort: 1813, accessPoints: unbound }),
    ).toBeNull();
    expect(lines).toHaveLength(2);
  });
});
