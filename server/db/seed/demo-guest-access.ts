// docs/demo.md#guest-access: Demo Networks' guest access (AuthPort) at Hotel Bayview: service plans, guest
// accounts, voucher batches with vouchers in every state, the cloud's certificate, the site's RADIUS secret
// and NAS (the test NAS and one per access point, at the addresses the simulator's access points send from,
// sim/guests.ts), a designed portal, and two weeks of guest sessions with a few still open.
import { sql } from 'drizzle-orm';
import {
  accessPointAddress,
  COA_PORT,
  FRONT_DESK_COUNT,
  frontDeskCode,
  GUEST_RADIUS_SECRET,
  GUEST_SITE,
  GUEST_SSID,
  GUEST_USERS,
  TEST_NAS_ADDRESS,
  TRY_VOUCHERS,
  VOUCHER_ALPHABET,
} from '../../../sim/demo-guests.ts';
import type { SecretBox } from '../../features/config/seal.ts';
import type { Database } from '../connect.ts';
import { jsonRows, queryRows } from '../rows.ts';
import {
  guestAccounts,
  guestNas,
  guestPlans,
  guestPortals,
  guestSiteSecrets,
  guestVoucherBatches,
  type PortalTexts,
} from '../schema/guest-access.ts';
import { seedGuestCertificate } from './demo-guest-certificate.ts';
import { insertRowsReturningIds } from './insert.ts';
import { createRandom, type Random } from './random.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const GB = 1_000_000_000;
const MB = 1_000_000;

type PlanKey = 'hour' | 'day' | 'week' | 'free';
type PlanSpec = Omit<typeof guestPlans.$inferInsert, 'cloudId'>;

const PLANS: Record<PlanKey, PlanSpec> = {
  hour: {
    name: '1 hour',
    priceLabel: '$3',
    validFrom: 'first_use',
    validityMinutes: 60,
    sessionMinutes: 60,
    idleMinutes: 10,
    downKbps: 20_000,
    upKbps: 5_000,
    devicesPerAccount: 1,
  },
  day: {
    name: 'Day pass',
    priceLabel: '$9',
    validFrom: 'first_use',
    validityMinutes: 24 * 60,
    idleMinutes: 15,
    downKbps: 50_000,
    upKbps: 10_000,
    sessionQuotaBytes: 5 * GB,
    devicesPerAccount: 2,
  },
  week: {
    name: 'Week pass',
    priceLabel: '$29',
    validFrom: 'first_use',
    validityMinutes: 7 * 24 * 60,
    idleMinutes: 30,
    downKbps: 100_000,
    upKbps: 20_000,
    periodQuotaBytes: 2 * GB,
    quotaPeriod: 'day',
    devicesPerAccount: 3,
  },
  free: {
    name: 'Free 30 minutes',
    priceLabel: 'Free',
    validFrom: 'first_use',
    validityMinutes: 30,
    sessionMinutes: 30,
    idleMinutes: 5,
    downKbps: 5_000,
    upKbps: 1_000,
    sessionQuotaBytes: 250 * MB,
    devicesPerAccount: 1,
  },
};

/** Welcome text and terms of the Hotel Bayview portal in each of the console's languages. */
const PORTAL_TEXTS: PortalTexts = {
  en: {
    welcome: 'Welcome to Hotel Bayview. Enter your voucher or room account, or take 30 free minutes.',
    terms: 'Use the network lawfully and considerately. We may limit speeds to keep it fair for every guest.',
  },
  es_419: {
    welcome:
      'Bienvenido al Hotel Bayview. Ingresa tu cupón o la cuenta de tu habitación, o usa 30 minutos gratis.',
    terms:
      'Usa la red de forma legal y respetuosa. Podemos limitar la velocidad para que sea justa para todos.',
  },
  hu: {
    welcome:
      'Üdvözöljük a Hotel Bayview-ban! Adja meg utalványát vagy szobafiókját, vagy netezzen 30 percig ingyen.',
    terms:
      'A hálózatot törvényesen és másokra tekintettel használja. A sebességet korlátozhatjuk a méltányos használatért.',
  },
  ja: {
    welcome:
      'Hotel Bayview へようこそ。バウチャーまたは客室アカウントを入力するか、30 分間の無料接続をご利用ください。',
    terms: 'ネットワークは法令を守り、節度を持ってご利用ください。公平のため速度を制限する場合があります。',
  },
  lt: {
    welcome:
      'Sveiki atvykę į „Hotel Bayview“. Įveskite kuponą ar kambario paskyrą arba naršykite 30 minučių nemokamai.',
    terms: 'Naudokitės tinklu teisėtai ir atsižvelgdami į kitus. Siekdami sąžiningumo galime riboti greitį.',
  },
  zh_CN: {
    welcome: '欢迎入住 Hotel Bayview。请输入您的上网券或客房账号，或免费上网 30 分钟。',
    terms: '请合法、文明地使用网络。为保证所有住客公平使用，我们可能会限制网速。',
  },
  zh_TW: {
    welcome: '歡迎入住 Hotel Bayview。請輸入您的上網券或客房帳號，或免費上網 30 分鐘。',
    terms: '請合法、有禮地使用網路。為確保所有住客公平使用，我們可能會限制網速。',
  },
};

const FIRST_NAMES = ['ana', 'ben', 'chloe', 'dev', 'elena', 'farid', 'grace', 'hiro', 'ines', 'jonas'];

type Ap = { id: number; name: string; mac: string; nasId: number };
type AccountSpec = Omit<typeof guestAccounts.$inferInsert, 'cloudId' | 'planId'> & { plan: PlanKey };
type SessionSpec = {
  account: number;
  nas: number;
  device: number | null;
  called: string | null;
  mac: string;
  ip: string;
  start: number;
  end: number | null;
  updated: number;
  bytesIn: number;
  bytesOut: number;
  reason: string | null;
  operator: boolean;
};

/** A phone's or laptop's randomised (locally administered) MAC address. */
function guestMac(random: Random): string {
  const bytes = Array.from({ length: 6 }, () => random.int(0, 255));
  bytes[0] = ((bytes[0] as number) & 0xfc) | 0x02;
  return bytes.map((byte) => byte.toString(16).padStart(2, '0')).join(':');
}

const calledStation = (mac: string) => `${mac.toUpperCase().replaceAll(':', '-')}:${GUEST_SSID}`;

function voucherCode(random: Random, prefix: string, length: number): string {
  return prefix + Array.from({ length }, () => random.pick([...VOUCHER_ALPHABET])).join('');
}

/**
 * Seeds the guest access of the cloud (Demo Networks): everything at its Hotel Bayview site, by `ownerId`.
 * The same `now` gives the same rows; the sessions go in one statement.
 */
export async function seedGuestAccess(
  db: Database,
  secrets: SecretBox,
  cloudId: number,
  ownerId: number,
  now: Date,
): Promise<void> {
  const random = createRandom(0x6e57);
  const at = (ms: number) => new Date(now.getTime() + ms);
  const [site] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM sites WHERE cloud_id = ${cloudId} AND name = ${GUEST_SITE}`,
  );
  if (!site) throw new Error(`The demo's guest access needs the site ${GUEST_SITE}`);
  const accessPoints = await queryRows<{ id: number; name: string; mac: string }>(
    db,
    sql`SELECT id, name, mac FROM devices WHERE site_id = ${site.id} AND product_type = 'wifi'
          AND deleted_at IS NULL AND NOT decomm ORDER BY id`,
  );

  const planIds = new Map<PlanKey, number>();
  for (const [key, plan] of Object.entries(PLANS) as [PlanKey, PlanSpec][]) {
    const [row] = await db
      .insert(guestPlans)
      .values({
        ...plan,
        cloudId,
        siteIds: key === 'free' ? [site.id] : [],
        createdAt: at(-40 * DAY),
        updatedAt: at(-40 * DAY),
      })
      .returning({ id: guestPlans.id });
    planIds.set(key, row?.id as number);
  }
  const planId = (key: PlanKey) => planIds.get(key) as number;

  await db
    .insert(guestSiteSecrets)
    .values({ siteId: site.id, cloudId, secretSealed: secrets.sealText(GUEST_RADIUS_SECRET) });
  await seedGuestCertificate(db, secrets, cloudId, ownerId, now);
  const nasIds = await insertRowsReturningIds(db, guestNas, [
    { cloudId, siteId: site.id, name: 'Test NAS', address: TEST_NAS_ADDRESS, coaPort: COA_PORT },
    ...accessPoints.map((ap, index) => ({
      cloudId,
      siteId: site.id,
      deviceId: ap.id,
      name: ap.name,
      address: accessPointAddress(index + 1),
      coaPort: COA_PORT,
    })),
  ]);
  const testNas = nasIds[0] as number;
  const aps: Ap[] = accessPoints.map((ap, index) => ({ ...ap, nasId: nasIds[index + 1] as number }));

  await db.insert(guestPortals).values({
    cloudId,
    siteId: site.id,
    name: 'Hotel Bayview guest Wi-Fi',
    primaryColor: '#0b6e4f',
    backgroundColor: '#f3efe6',
    textColor: '#1f2a2e',
    texts: PORTAL_TEXTS,
    methods: ['voucher', 'account', 'click_through'],
    freePlanId: planId('free'),
    walledGarden: ['bayviewhotel.example', '*.bayviewhotel.example', 'pay.example'],
    redirectUrl: 'https://bayviewhotel.example/welcome',
    updatedAt: at(-6 * DAY),
  });

  // Voucher batches: Lobby (the ten to try, ready to print), Front desk (the simulator's), Conference
  // (every state), Spring weekend (its date has passed).
  const batch = async (
    name: string,
    plan: PlanKey,
    count: number,
    prefix: string,
    codeLength: number,
    created: number,
    expires: number,
  ) => {
    const [row] = await db
      .insert(guestVoucherBatches)
      .values({
        cloudId,
        planId: planId(plan),
        name,
        count,
        prefix,
        codeLength,
        expiresAt: at(expires),
        createdBy: ownerId,
        createdAt: at(created),
      })
      .returning({ id: guestVoucherBatches.id });
    return { id: row?.id as number, expiresAt: at(expires), createdAt: at(created) };
  };
  const lobby = await batch('Lobby', 'hour', TRY_VOUCHERS.length, 'DEMO-', 4, -2 * DAY, 90 * DAY);
  const frontDesk = await batch('Front desk', 'hour', FRONT_DESK_COUNT, 'BAY-', 6, -1 * DAY, 60 * DAY);
  const conference = await batch('Conference', 'day', 12, 'CONF-', 5, -3 * DAY, 30 * DAY);
  const spring = await batch('Spring weekend', 'hour', 15, 'SPRING-', 4, -20 * DAY, -4 * DAY);

  const accounts: AccountSpec[] = [];
  const sessions: SessionSpec[] = [];
  const unused = (plan: PlanKey, username: string, fields: Partial<AccountSpec>, createdAt: Date): number => {
    accounts.push({ plan, kind: 'voucher', username, createdBy: ownerId, createdAt, ...fields });
    return accounts.length - 1;
  };
  const voucherOf = (b: typeof lobby) => ({ batchId: b.id, expiresAt: b.expiresAt });
  for (const code of TRY_VOUCHERS) unused('hour', code, voucherOf(lobby), lobby.createdAt);
  for (let n = 0; n < FRONT_DESK_COUNT; n++)
    unused('hour', frontDeskCode(n), voucherOf(frontDesk), frontDesk.createdAt);

  /**
   * Adds an account's visits: `visits` start times (ms from now), each of 1–3 sessions on access points
   * (a guest who roams starts a new session on the next one), ending before now unless `open`.
   */
  const used = (
    account: number,
    plan: PlanKey,
    macs: readonly string[],
    starts: readonly number[],
    options: { open?: boolean; nas?: 'test' } = {},
  ) => {
    const spec = PLANS[plan];
    const sessionMs = (spec.sessionMinutes ?? 6 * 60) * MINUTE;
    let last = 0;
    for (const [visit, visitStart] of starts.entries()) {
      const mac = random.pick(macs);
      const ip = `10.30.${random.int(0, 3)}.${random.int(10, 250)}`;
      let start = visitStart;
      const openVisit = options.open === true && visit === starts.length - 1;
      const roams = openVisit
        ? 0
        : random.weighted([
            [0, 6],
            [1, 3],
            [2, 1],
          ]);
      let ap = random.pick(aps);
      for (let leg = 0; leg <= roams; leg++) {
        const rate = random.int(10_000, 160_000); // bytes a second to the guest, on average
        let duration = random.int(4 * MINUTE, Math.min(sessionMs, 4 * HOUR));
        let reason: string = random.weighted([
          ['user', 45],
          ['idle_timeout', 22],
          ['lost', 10],
          ['operator', 2],
          ['nas_reboot', 1],
        ]);
        if (leg < roams) reason = random.chance(0.5) ? 'user' : 'lost';
        else if (spec.sessionMinutes && random.chance(0.3)) {
          duration = sessionMs;
          reason = 'session_timeout';
        }
        if (openVisit) duration = -start - random.int(0, 50) * 1000;
        let bytesOut = Math.round((rate * duration) / 1000);
        const quota = spec.sessionQuotaBytes ?? spec.periodQuotaBytes;
        if (quota && bytesOut >= quota && openVisit) bytesOut = Math.round(quota * 0.8);
        else if (quota && bytesOut >= quota) {
          bytesOut = quota;
          duration = Math.round((quota / rate) * 1000);
          reason = 'quota';
        }
        const onTest = openVisit && options.nas === 'test';
        sessions.push({
          account,
          nas: onTest ? testNas : ap.nasId,
          device: onTest ? null : ap.id,
          called: onTest ? null : calledStation(ap.mac),
          mac,
          ip,
          start,
          end: openVisit ? null : start + duration,
          updated: start + duration,
          bytesIn: Math.round(bytesOut * (0.04 + random.next() * 0.16)),
          bytesOut,
          reason: openVisit ? null : reason,
          operator: !openVisit && reason === 'operator',
        });
        last = start + duration;
        start += duration + random.int(1, 20) * 1000;
        ap = random.pick(aps.filter((other) => other !== ap));
      }
    }
    return { first: starts[0] as number, last };
  };

  // Returning devices: phones and laptops that come back on other days.
  const regulars = Array.from({ length: 40 }, () => guestMac(random));
  const dayStart = (daysBack: number) => -daysBack * DAY - random.int(60, 20 * 60) * MINUTE;

  // The front desk's guest users: two staying this week, one whose day pass ran out, one revoked, one unused.
  for (const [index, user] of GUEST_USERS.entries()) {
    const plan: PlanKey = user.plan === 'Day pass' ? 'day' : 'week';
    const createdAt = at(-(10 - index) * DAY);
    accounts.push({
      plan,
      kind: 'user',
      username: user.username,
      passwordSealed: secrets.sealText(user.password),
      email: user.email,
      note: index === 3 ? 'Wedding party coordinators' : '',
      createdBy: ownerId,
      createdAt,
    });
    const account = accounts.length - 1;
    const spec = accounts[account] as AccountSpec;
    const macs = [guestMac(random), guestMac(random)];
    const stay =
      index === 0
        ? [5, 4, 3, 2, 1, 0]
        : index === 1
          ? [3, 2, 1, 0]
          : index === 2
            ? [9]
            : index === 3
              ? [8, 7, 6]
              : [];
    if (stay.length === 0) continue;
    const starts = stay.map((day) => (day === 0 ? -random.int(20, 80) * MINUTE : dayStart(day)));
    const open = index < 2;
    const { first } = used(account, plan, macs, starts, {
      open,
      ...(index === 0 ? { nas: 'test' as const } : {}),
    });
    spec.firstUsedAt = at(first);
    spec.validUntil = at(first + (PLANS[plan].validityMinutes as number) * MINUTE);
    if (index === 3) {
      spec.revokedAt = at(-5 * DAY);
      spec.revokedBy = ownerId;
    }
  }

  // Conference vouchers: 3 expired, 3 active (two on line now), 2 used up, 2 revoked, 2 unused.
  for (let n = 0; n < 12; n++) {
    const code = voucherCode(random, 'CONF-', 5);
    const account = unused('day', code, voucherOf(conference), conference.createdAt);
    const spec = accounts[account] as AccountSpec;
    if (n >= 10) continue;
    if (n === 8 || n === 9) {
      spec.revokedAt = at(-random.int(2, 30) * HOUR);
      spec.revokedBy = ownerId;
      if (n === 9) continue;
    }
    const back = n < 3 ? random.int(2, 3) * DAY : random.int(2, 18) * HOUR;
    const open = n === 3 || n === 4;
    const starts =
      n < 3
        ? [-back, -back + random.int(2, 6) * HOUR]
        : open
          ? [-back, -random.int(10, 50) * MINUTE]
          : [-back];
    const { first, last } = used(account, 'day', [guestMac(random)], starts, {
      open,
      ...(n === 4 ? { nas: 'test' as const } : {}),
    });
    spec.firstUsedAt = at(first);
    spec.validUntil = at(first + DAY);
    if (n === 6 || n === 7) {
      // The day pass's 5 GB in one session: the last one ended on the quota.
      const lastSession = sessions[sessions.length - 1] as SessionSpec;
      lastSession.reason = 'quota';
      lastSession.operator = false;
      lastSession.bytesOut = PLANS.day.sessionQuotaBytes as number;
      spec.usedUpAt = at(last);
    }
    // Revoked by the front desk after the guest's last session.
    if (n === 8) spec.revokedAt = at(Math.min(last + 10 * MINUTE, -MINUTE));
  }

  // Spring weekend: ten of its hour vouchers were used ten to fourteen days ago; its date has passed.
  for (let n = 0; n < 15; n++) {
    const account = unused('hour', voucherCode(random, 'SPRING-', 4), voucherOf(spring), spring.createdAt);
    if (n >= 10) continue;
    const spec = accounts[account] as AccountSpec;
    const start = dayStart(random.int(10, 13));
    const { first, last } = used(account, 'hour', [random.pick(regulars)], [start]);
    spec.firstUsedAt = at(first);
    spec.validUntil = at(first + HOUR);
    if (last - first >= HOUR - MINUTE) spec.usedUpAt = at(last);
  }

  // Click-through and email capture guests over two weeks, with 30 free minutes each; the last few on line.
  const freeGuests = 150;
  for (let n = 0; n < freeGuests; n++) {
    const email = n % 9 === 0;
    const recent = n >= freeGuests - 3;
    const start = recent ? -random.int(3, 20) * MINUTE : dayStart(random.int(0, 13));
    const mac = random.chance(0.6) ? random.pick(regulars) : guestMac(random);
    // Named as the portal names them (server/features/guest-portals/public-repository.ts).
    const username = `guest-${voucherCode(random, '', 6).toLowerCase()}${random.int(0, 0xffff).toString(16).padStart(4, '0')}`;
    accounts.push({
      plan: 'free',
      kind: email ? 'email' : 'click_through',
      username,
      passwordSealed: secrets.sealText(voucherCode(random, '', 12)),
      ...(email ? { email: `${random.pick(FIRST_NAMES)}.${n}@mail.example` } : {}),
      createdAt: at(start),
    });
    const account = accounts.length - 1;
    const spec = accounts[account] as AccountSpec;
    const { first } = used(account, 'free', [mac], [start], {
      open: recent,
      ...(n === freeGuests - 1 ? { nas: 'test' as const } : {}),
    });
    spec.firstUsedAt = at(first);
    spec.validUntil = at(first + 30 * MINUTE);
  }

  // A session that would last past now ends now at the latest, as the NAS reports it.
  for (const session of sessions) {
    if (session.end !== null && session.end > -MINUTE) {
      session.end = -MINUTE - random.int(0, 600) * 1000;
      session.updated = session.end;
    }
  }

  const accountIds = await insertRowsReturningIds(
    db,
    guestAccounts,
    accounts.map(({ plan, ...account }) => ({ ...account, cloudId, planId: planId(plan) })),
  );
  const rows = sessions
    .filter((session) => session.end === null || session.end > session.start)
    .sort((a, b) => a.start - b.start)
    .map((session, index) => ({
      account_id: accountIds[session.account],
      nas_id: session.nas,
      device_id: session.device,
      acct_session_id: `5E${(0x3a000000 + index * 7919).toString(16).toUpperCase()}`,
      mac: session.mac,
      called_station: session.called,
      framed_ip: session.ip,
      started_at: at(session.start).toISOString(),
      updated_at: at(session.end ?? session.updated).toISOString(),
      ended_at: session.end === null ? null : at(session.end).toISOString(),
      duration_s: Math.round(((session.end ?? session.updated) - session.start) / 1000),
      bytes_in: session.bytesIn,
      bytes_out: session.bytesOut,
      end_reason: session.reason,
      disconnected_by: session.operator ? ownerId : null,
    }));
  await db.execute(sql`
    INSERT INTO guest_sessions (cloud_id, site_id, nas_id, account_id, acct_session_id, mac, device_id,
      called_station, ssid, framed_ip, started_at, updated_at, ended_at, duration_s, bytes_in, bytes_out,
      end_reason, disconnected_by)
    SELECT ${cloudId}, ${site.id}, r.nas_id, r.account_id, r.acct_session_id, r.mac, r.device_id,
      r.called_station, ${GUEST_SSID}, r.framed_ip, r.started_at, r.updated_at, r.ended_at, r.duration_s,
      r.bytes_in, r.bytes_out, r.end_reason, r.disconnected_by
    FROM jsonb_to_recordset(${jsonRows(rows)}) AS r(nas_id int, account_id int, acct_session_id text,
      mac text, device_id int, called_station text, framed_ip text, started_at timestamptz,
      updated_at timestamptz, ended_at timestamptz, duration_s int, bytes_in bigint, bytes_out bigint,
      end_reason text, disconnected_by int)`);
}
