// EAP-TTLS with PAP inside against a real peer (eapol_test) on an ephemeral port: docs/guest-access.md#eap.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RADIUS_CODE } from '../../core/radius/dictionary.ts';
import {
  decodeEap,
  decodeTtls,
  EAP_CODE,
  EAP_TYPE,
  eapMessageAttributes,
  encodeEap,
  encodeTtls,
  joinEapMessage,
  TTLS_FLAG,
} from '../../core/radius/eap.ts';
import {
  attribute,
  decodePacket,
  encodeRequest,
  findAttribute,
  type RadiusAttribute,
} from '../../core/radius/packet.ts';
import type { DatabaseHandle } from '../db/connect.ts';
import { guestAccounts, guestNas, guestPlans, guestSiteSecrets } from '../db/schema/guest-access.ts';
import { type SecretBox, secretBox } from '../features/config/seal.ts';
import { storeCertificate } from '../features/guest-certificate/repository.ts';
import { selfSignedCertificate } from '../features/guest-certificate/x509.ts';
import { openTestDatabase } from '../test/database.ts';
import { createCloud, createSite } from '../test/factories.ts';
import { Conversations, eapTtlsService } from './eap-ttls.ts';
import { eapolTest } from './eapol-test-kit.ts';
import type { KnownNas } from './nas.ts';
import { type RadiusService, startRadiusService } from './service.ts';

let database: DatabaseHandle;
const secrets: SecretBox = secretBox(randomBytes(32));
let service: RadiusService;
let auth: number;
let certificatePem: string;
let otherCertificatePem: string;
const SECRET = 'testing123';
const NO_CERT_NAS = '127.0.4.1';
const logged: string[] = [];
let nasA: KnownNas;
let nasB: KnownNas;

async function authportCloud(addresses: string[]) {
  const cloud = await createCloud(database.db, { authportEnabled: true });
  const site = await createSite(database.db, cloud.id);
  await database.db
    .insert(guestSiteSecrets)
    .values({ siteId: site.id, cloudId: cloud.id, secretSealed: secrets.sealText(SECRET) });
  const nas: KnownNas[] = [];
  for (const address of addresses) {
    const [row] = await database.db
      .insert(guestNas)
      .values({ cloudId: cloud.id, siteId: site.id, name: address, address })
      .returning({ id: guestNas.id });
    nas.push({ id: row?.id ?? 0, cloudId: cloud.id, siteId: site.id, deviceId: null, secret: SECRET });
  }
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
  return { cloud: cloud.id, plan: plan?.id ?? 0, nas };
}

beforeAll(async () => {
  database = await openTestDatabase();
  const a = await authportCloud(['127.0.0.1', '127.0.0.2']);
  [nasA, nasB] = a.nas as [KnownNas, KnownNas];
  const none = await authportCloud([NO_CERT_NAS]);
  // RSA: its server flight is longer than one EAP packet, so it goes in fragments.
  const [made, other] = await Promise.all([
    selfSignedCertificate({ commonName: 'radius.test', days: 30, keyType: 'rsa2048', now: new Date() }),
    selfSignedCertificate({ commonName: 'radius.test', days: 30, keyType: 'ec_p256', now: new Date() }),
  ]);
  certificatePem = made.certificatePem;
  otherCertificatePem = other.certificatePem;
  await storeCertificate(
    database.db,
    secrets,
    { userId: null, ip: null },
    { cloudId: a.cloud, ...made, how: 'generated' },
  );
  await database.db.insert(guestAccounts).values([
    { cloudId: a.cloud, planId: a.plan, kind: 'voucher', username: 'TTLS-0001' },
    {
      cloudId: a.cloud,
      planId: a.plan,
      kind: 'user',
      username: 'alice',
      passwordSealed: secrets.sealText('Open Sesame'),
    },
    { cloudId: none.cloud, planId: none.plan, kind: 'voucher', username: 'NONE-0001' },
  ]);
  const log = pino({ level: 'warn' }, { write: (line: string) => logged.push(line) });
  service = await startRadiusService(
    { db: database.db, secrets: secrets, log },
    { host: '127.0.0.1', authPort: 0, acctPort: null },
  );
  auth = service.authPort ?? 0;
}, 60_000);

afterAll(async () => {
  await service?.close();
  await database?.close();
});

describe('EAP-TTLS with PAP inside, against eapol_test', () => {
  it('lets a voucher and an account on with the MPPE keys the peer derived itself', async () => {
    const [voucher, account] = await Promise.all([
      eapolTest(auth, SECRET, { identity: 'ttls-0001', password: 'TTLS-0001', caCertPem: certificatePem }),
      eapolTest(auth, SECRET, {
        identity: 'alice',
        password: 'Open Sesame',
        caCertPem: certificatePem,
        mac: '02:00:00:00:00:02',
      }),
    ]);
    for (const answer of [voucher, account]) {
      expect(answer.success, answer.output.slice(-3000)).toBe(true);
      expect(answer.mppeKeys).toEqual({ ok: 1, mismatch: 0 });
      // The accept carries the plan's limits as PAP's does, and names the account for accounting.
      expect(answer.output).toMatch(/Attribute 27 \(Session-Timeout\) length=6\s+Value: 3600/);
      expect(answer.output).toMatch(/Attribute 28 \(Idle-Timeout\) length=6\s+Value: 600/);
    }
    expect(voucher.output).toMatch(/Attribute 1 \(User-Name\) length=11\s+Value: 'TTLS-0001'/);
    const [used] = await database.db
      .select({ firstUsedAt: guestAccounts.firstUsedAt })
      .from(guestAccounts)
      .where(eq(guestAccounts.username, 'TTLS-0001'));
    expect(used?.firstUsedAt).not.toBeNull();
  });

  it('answers a peer that offers TLS 1.3 with TLS 1.2', async () => {
    const answer = await eapolTest(auth, SECRET, {
      identity: 'alice',
      password: 'Open Sesame',
      caCertPem: certificatePem,
      offerTls13: true,
    });
    expect(answer.success).toBe(true);
    const negotiated = [...answer.output.matchAll(/SSL: Using TLS version (\S+)/g)].map((m) => m[1]);
    expect(negotiated.at(-1)).toBe('TLSv1.2');
  });

  it('refuses a wrong password with EAP-Failure and the Reply-Message', async () => {
    const answer = await eapolTest(auth, SECRET, {
      identity: 'alice',
      password: 'open sesame',
      caCertPem: certificatePem,
    });
    expect(answer.success).toBe(false);
    expect(answer.output).toContain('Access-Reject');
    expect(answer.output).toContain('Wrong code or password.');
    expect(answer.output).toContain('EAP-FAILURE');
  });

  it('is refused by a peer that does not trust the certificate', async () => {
    const answer = await eapolTest(auth, SECRET, {
      identity: 'alice',
      password: 'Open Sesame',
      caCertPem: otherCertificatePem,
    });
    expect(answer.success).toBe(false);
    expect(answer.output).toContain('CTRL-EVENT-EAP-TLS-CERT-ERROR');
    expect(answer.output).toContain('Access-Reject');
    expect(answer.mppeKeys.ok).toBe(0);
  });

  it('refuses EAP in a cloud without a certificate, logging it once', async () => {
    const signIn = { identity: 'NONE-0001', password: 'NONE-0001', caCertPem: certificatePem };
    const first = await eapolTest(auth, SECRET, { ...signIn, clientAddress: NO_CERT_NAS });
    const second = await eapolTest(auth, SECRET, { ...signIn, clientAddress: NO_CERT_NAS });
    for (const answer of [first, second]) {
      expect(answer.success).toBe(false);
      expect(answer.output).toContain('Access-Reject');
    }
    expect(logged.filter((line) => line.includes('the cloud has no certificate'))).toHaveLength(1);
    const [unused] = await database.db
      .select({ firstUsedAt: guestAccounts.firstUsedAt })
      .from(guestAccounts)
      .where(eq(guestAccounts.username, 'NONE-0001'));
    expect(unused?.firstUsedAt).toBeNull();
  });
});

/** An Access-Request carrying an EAP-Response, as a NAS sends it (signed, then read back). */
function eapRequest(eap: { identifier: number; type: number; data: Buffer }, extra: RadiusAttribute[] = []) {
  const message = encodeEap({ code: EAP_CODE.response, ...eap });
  return decodePacket(
    encodeRequest(
      RADIUS_CODE.accessRequest,
      eap.identifier,
      [attribute('User-Name', 'anonymous'), ...eapMessageAttributes(message), ...extra],
      SECRET,
    ),
  );
}

describe('EAP conversations', () => {
  it('starts TTLS with a State that only its NAS may answer, and refuses an unknown State', async () => {
    const eap = eapTtlsService({ db: database.db, secrets, log: pino({ level: 'silent' }) });
    const identity = eapRequest({ identifier: 4, type: EAP_TYPE.identity, data: Buffer.from('anonymous') });
    const challenge = decodePacket((await eap.answer(nasA, identity)) as Buffer);
    expect(challenge.code).toBe(RADIUS_CODE.accessChallenge);
    const start = decodeEap(joinEapMessage(challenge) as Buffer);
    expect(start).toMatchObject({ code: EAP_CODE.request, identifier: 5, type: EAP_TYPE.ttls });
    expect(decodeTtls(start.data).flags).toBe(TTLS_FLAG.start);
    const state = findAttribute(challenge, 'State');
    expect(state?.value.length).toBe(16);

    const hello = {
      identifier: 5,
      type: EAP_TYPE.ttls,
      data: encodeTtls({ flags: 0, data: Buffer.from('x') }),
    };
    for (const [nas, stateValue] of [
      [nasB, state?.value],
      [nasA, Buffer.alloc(16, 1)],
    ] as const) {
      const refused = decodePacket(
        (await eap.answer(nas, eapRequest(hello, [{ type: 24, value: stateValue as Buffer }]))) as Buffer,
      );
      expect(refused.code).toBe(RADIUS_CODE.accessReject);
      expect(decodeEap(joinEapMessage(refused) as Buffer)).toMatchObject({
        code: EAP_CODE.failure,
        identifier: 5,
      });
    }
    expect(eap.size()).toBe(1);
    eap.close();
    expect(eap.size()).toBe(0);
  });
});

describe('Conversations', () => {
  it('keeps at most the cap, dropping the oldest, and drops those past their age', () => {
    const ended: string[] = [];
    const kept = new Conversations<string>(3, 60_000, (value) => ended.push(value));
    for (const [i, key] of ['a', 'b', 'c', 'd'].entries()) kept.add(key, key, 1000 + i);
    expect(kept.size).toBe(3);
    expect(kept.get('a', 2000)).toBeUndefined();
    expect(kept.get('b', 2000)).toBe('b');
    expect(ended).toEqual(['a']);
    expect(kept.get('d', 1003 + 60_000)).toBeUndefined();
    expect(kept.size).toBe(0);
    expect(ended).toEqual(['a', 'b', 'c', 'd']);
  });
});
