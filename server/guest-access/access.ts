// docs/guest-access.md#radius: answering an Access-Request: PAP with a voucher's code or an account's
// password, or MAC authentication of a device that had a session of an account still good.
import { sql } from 'drizzle-orm';
import { RADIUS_CODE } from '../../core/radius/dictionary.ts';
import {
  attribute,
  encodeResponse,
  findAttribute,
  type RadiusAttribute,
  type RadiusPacket,
  textValue,
  unhidePassword,
} from '../../core/radius/packet.ts';
import type { Database } from '../db/connect.ts';
import type { SecretBox } from '../features/config/seal.ts';
import {
  ACCT_INTERIM_S,
  checkGuestLogin,
  firstUseSql,
  type LoginCheck,
  type LoginRefusal,
  markFirstUse,
  normalizeMac,
} from './authorize.ts';
import type { KnownNas } from './nas.ts';
import { runNamed } from './statements.ts';

/** What the Reply-Message of an Access-Reject says. */
export const REJECT_MESSAGES: Record<LoginRefusal, string> = {
  unknown: 'Unknown code or user name.',
  wrong_password: 'Wrong code or password.',
  revoked: 'This access has been revoked.',
  expired: 'This access has expired.',
  used_up: 'The time or data of this access is used up.',
  too_many_devices: 'This access is in use on too many devices.',
  not_here: 'This access is not valid here.',
};

/** The SSID from a Called-Station-Id written as hotspots do, "AA-BB-CC-DD-EE-FF:SSID"; else null. */
export function ssidOf(calledStation: string | undefined): string | null {
  const match = /^(?:[0-9A-Fa-f]{2}[-:.]?){5}[0-9A-Fa-f]{2}:(.+)$/.exec(calledStation ?? '');
  return match?.[1] ?? null;
}

/** The attributes of an Access-Accept: how long, how idle, how fast and how much (docs/guest-access.md#radius). */
export function acceptAttributes(check: Extract<LoginCheck, { ok: true }>): RadiusAttribute[] {
  const { plan, left } = check;
  const list: RadiusAttribute[] = [];
  if (left.seconds !== null) list.push(attribute('Session-Timeout', Math.max(1, left.seconds)));
  if (plan.idleMinutes !== null) list.push(attribute('Idle-Timeout', plan.idleMinutes * 60));
  list.push(attribute('Acct-Interim-Interval', ACCT_INTERIM_S));
  if (plan.upKbps !== null) {
    list.push(attribute('WISPr-Bandwidth-Max-Up', plan.upKbps * 1000));
    list.push(attribute('ChilliSpot-Bandwidth-Max-Up', plan.upKbps));
  }
  if (plan.downKbps !== null) {
    list.push(attribute('WISPr-Bandwidth-Max-Down', plan.downKbps * 1000));
    list.push(attribute('ChilliSpot-Bandwidth-Max-Down', plan.downKbps));
  }
  if (left.bytes !== null) {
    const bytes = Math.max(1, left.bytes);
    list.push(attribute('ChilliSpot-Max-Total-Octets', bytes % 2 ** 32));
    if (bytes >= 2 ** 32) list.push(attribute('ChilliSpot-Max-Total-Gigawords', Math.floor(bytes / 2 ** 32)));
  }
  return list;
}

type Deps = { db: Database; secrets: SecretBox };

/** The account name of the latest session of a device in a cloud, for MAC authentication. */
async function accountOfDevice(db: Database, cloudId: number, mac: string): Promise<string | null> {
  const result = await db.execute(sql`
    SELECT a.username FROM guest_sessions s JOIN guest_accounts a ON a.id = s.account_id
    WHERE s.cloud_id = ${cloudId} AND s.mac = ${mac}
    ORDER BY s.started_at DESC LIMIT 1`);
  const row = (result as unknown as { rows: { username: string }[] }).rows[0];
  return row?.username ?? null;
}

/** Decides an Access-Request from a known NAS whose signature was checked; returns the encoded answer. */
export async function answerAccessRequest(
  deps: Deps,
  nas: KnownNas,
  request: RadiusPacket,
  now: Date = new Date(),
): Promise<Buffer> {
  const reject = (reason: LoginRefusal) =>
    encodeResponse(
      RADIUS_CODE.accessReject,
      request,
      [attribute('Reply-Message', REJECT_MESSAGES[reason])],
      nas.secret,
    );
  const userName = (textValue(request, 'User-Name') ?? '').trim();
  const hidden = findAttribute(request, 'User-Password')?.value;
  const password = hidden ? unhidePassword(hidden, nas.secret, request.authenticator) : null;
  const calledStation = textValue(request, 'Called-Station-Id');
  const ssid = ssidOf(calledStation);
  const mac = normalizeMac(textValue(request, 'Calling-Station-Id'));
  if (userName === '') return reject('unknown');

  let check: LoginCheck;
  const nameAsMac = normalizeMac(userName);
  if (nameAsMac !== null && nameAsMac === mac) {
    // MAC authentication (User-Name is the device's Calling-Station-Id): the device is let on again while
    // the account it last used is still good.
    const username = await accountOfDevice(deps.db, nas.cloudId, nameAsMac);
    if (username === null) return reject('unknown');
    check = await checkGuestLogin(deps.db, deps.secrets, {
      cloudId: nas.cloudId,
      siteId: nas.siteId,
      ssid,
      username,
      password: null,
      mac: nameAsMac,
      now,
    });
  } else {
    if (password === null) return reject('wrong_password');
    check = await checkGuestLogin(deps.db, deps.secrets, {
      cloudId: nas.cloudId,
      siteId: nas.siteId,
      ssid,
      username: userName,
      password,
      mac,
      now,
    });
  }
  if (!check.ok) return reject(check.reason);
  return encodeResponse(
    RADIUS_CODE.accessAccept,
    request,
    await admit(deps, nas, request, check, now),
    nas.secret,
  );
}

/**
 * Lets the guest on after an accepted check (PAP, MAC authentication or EAP-TTLS): marks the account's first
 * use, opens the session when the request names its Acct-Session-Id, and returns the Access-Accept's
 * attributes.
 */
export async function admit(
  deps: Deps,
  nas: KnownNas,
  request: RadiusPacket,
  check: Extract<LoginCheck, { ok: true }>,
  now: Date,
): Promise<RadiusAttribute[]> {
  const calledStation = textValue(request, 'Called-Station-Id');
  const ssid = ssidOf(calledStation);
  const mac = normalizeMac(textValue(request, 'Calling-Station-Id'));
  const acctSessionId = textValue(request, 'Acct-Session-Id');
  if (acctSessionId && mac) {
    // The session is open from the accept, so the device counts at once; its Start fills in the rest. The
    // first use is marked in the same statement.
    const firstUse = check.account.firstUsedAt === null;
    await runNamed(
      deps.db,
      firstUse ? `guest_session_open_first_${check.plan.validFrom}` : 'guest_session_open',
      sql`
      ${firstUse ? sql`WITH first_use AS (${firstUseSql(check.account, check.plan, now)})` : sql``}
      INSERT INTO guest_sessions (cloud_id, site_id, nas_id, account_id, acct_session_id, mac, device_id,
        called_station, ssid, started_at, updated_at)
      VALUES (${nas.cloudId}, ${nas.siteId}, ${nas.id}, ${check.account.id}, ${acctSessionId}, ${mac},
        ${nas.deviceId}, ${calledStation ?? null}, ${ssid}, ${now.toISOString()}::timestamptz,
        ${now.toISOString()}::timestamptz)
      ON CONFLICT (nas_id, acct_session_id) DO NOTHING`,
    );
  } else {
    await markFirstUse(deps.db, check.account, check.plan, now);
  }
  return acceptAttributes(check);
}
