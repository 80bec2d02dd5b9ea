// @vitest-environment node
// The Certificate page's calls (docs/guest-access.md#certificate-and-nas): the certificate generated or
// uploaded (checked, its key sealed and never sent), the NAS and the sites' RADIUS secrets; bad input and
// another cloud's objects change nothing. server/test/access-table-guest-certificate.ts has every caller kind.
import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts } from '../../db/schema/activity.ts';
import { auditRecords } from '../../db/schema/audit.ts';
import { guestCertificates, guestNas, guestSiteSecrets } from '../../db/schema/guest-access.ts';
import { as, createTestApp, login, type Session, type TestApp, testSecrets } from '../../test/app.ts';
import {
  addMember,
  createCloud,
  createDevice,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../../test/factories.ts';
import { raiseCertificateExpiry } from './expiry.ts';
import { certificateOfKeys } from './x509.ts';

let t: TestApp;
let cloudId: number;
let siteId: number;
let otherCloudSiteId: number;
let otherCloudNasId: number;
let owner: Session;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  cloudId = (await createCloud(db, { authportEnabled: true })).id;
  siteId = (await createSite(db, cloudId, { name: 'Harbour Hotel' })).id;
  const otherCloud = (await createCloud(db, { authportEnabled: true })).id;
  otherCloudSiteId = (await createSite(db, otherCloud, { name: 'Elsewhere' })).id;
  const [nas] = await db
    .insert(guestNas)
    .values({ cloudId: otherCloud, siteId: otherCloudSiteId, name: 'Theirs', address: '198.51.100.9' })
    .returning({ id: guestNas.id });
  otherCloudNasId = nas?.id ?? 0;
  const user = await createUser(db);
  await addMember(db, user.id, cloudId, 'ROLE_OWNER');
  owner = await login(t.app, user.email, TEST_PASSWORD);
}, 60_000);
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
  t.app.inject({ method, url: `/apiv2/cloud/${cloudId}/authport${path}`, headers: as(owner), payload });

const pair = (keyType: 'rsa2048' | 'ec_p256', commonName: string, days: number, now = new Date()) =>
  certificateOfKeys(
    keyType === 'rsa2048'
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : generateKeyPairSync('ec', { namedCurve: 'P-256' }),
    { commonName, days, keyType, now },
  );

const stored = async () =>
  (await t.database.db.select().from(guestCertificates).where(eq(guestCertificates.cloudId, cloudId)))[0];

describe('the certificate', () => {
  it('is none at first', async () => {
    const answer = await call('GET', '/certificate');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ certificate: null });
    expect((await call('GET', '/certificate/pem')).statusCode).toBe(404);
  });

  it('generates a self-signed one with RSA 2048 or EC P-256, answering what it is and never its key', async () => {
    for (const key_type of ['rsa2048', 'ec_p256'] as const) {
      const answer = await call('POST', '/certificate', {
        common_name: 'portal.harbour.example',
        days: 365,
        key_type,
      });
      expect(answer.statusCode, answer.body).toBe(201);
      const { certificate } = answer.json();
      expect(certificate).toMatchObject({
        subject: 'CN=portal.harbour.example',
        issuer: 'CN=portal.harbour.example',
        self_signed: true,
        days_left: 365,
      });
      expect(certificate.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
      expect(answer.body).not.toMatch(/PRIVATE KEY/);
      const row = await stored();
      // The certificate reads, its key is sealed and is the certificate's.
      const x509 = new X509Certificate(row?.certificatePem ?? '');
      expect(x509.subjectAltName).toBe('DNS:portal.harbour.example');
      expect(x509.publicKey.asymmetricKeyType).toBe(key_type === 'rsa2048' ? 'rsa' : 'ec');
      expect(row?.keySealed).not.toMatch(/PRIVATE KEY/);
      const key = testSecrets.openText(row?.keySealed ?? '');
      expect(x509.checkPrivateKey((await import('node:crypto')).createPrivateKey(key))).toBe(true);
      expect(certificate.fingerprint).toBe(x509.fingerprint256);
      // Devices take it as their CA certificate: the PEM file, never the key.
      const file = await call('GET', '/certificate/pem');
      expect(file.headers['content-disposition']).toBe('attachment; filename="portal.harbour.example.pem"');
      expect(new X509Certificate(file.body).fingerprint256).toBe(x509.fingerprint256);
      expect(file.body).not.toMatch(/PRIVATE KEY/);
    }
    const records = await t.database.db
      .select({ action: auditRecords.action })
      .from(auditRecords)
      .where(and(eq(auditRecords.cloudId, cloudId), eq(auditRecords.objectType, 'guest_certificate')));
    expect(records.map((record) => record.action)).toEqual(['created', 'changed']);
  });

  it('takes an uploaded certificate and key that match, with its chain', async () => {
    const leaf = pair('ec_p256', 'wifi.harbour.example', 90);
    const chain = pair('rsa2048', 'Harbour CA', 900);
    const answer = await call('PUT', '/certificate', {
      certificate_pem: `${leaf.certificatePem}${chain.certificatePem}`,
      key_pem: leaf.keyPem,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().certificate).toMatchObject({ subject: 'CN=wifi.harbour.example', days_left: 90 });
    expect((await stored())?.certificatePem.match(/BEGIN CERTIFICATE/g)).toHaveLength(2);
  });

  it('refuses what is not a PEM certificate or key, a key not its own, an expired one and unknown keys, changing nothing', async () => {
    const before = await stored();
    const good = pair('ec_p256', 'good.example', 30);
    const other = pair('ec_p256', 'other.example', 30);
    const expired = pair('ec_p256', 'old.example', 10, new Date(Date.now() - 30 * 86_400_000));
    const cases: [object, string][] = [
      [{ certificate_pem: 'hello', key_pem: good.keyPem }, 'not_a_certificate'],
      [
        {
          certificate_pem: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----',
          key_pem: good.keyPem,
        },
        'not_a_certificate',
      ],
      [{ certificate_pem: good.certificatePem, key_pem: good.certificatePem }, 'not_a_key'],
      [{ certificate_pem: good.certificatePem, key_pem: 'not a key' }, 'not_a_key'],
      [{ certificate_pem: good.certificatePem, key_pem: other.keyPem }, 'key_mismatch'],
      [{ certificate_pem: expired.certificatePem, key_pem: expired.keyPem }, 'expired'],
      [{ certificate_pem: good.certificatePem, key_pem: good.keyPem, cloud_id: 1 }, 'additionalProperties'],
      [{ certificate_pem: 'x'.repeat(65_537), key_pem: good.keyPem }, 'maxLength'],
    ];
    for (const [body, code] of cases) {
      const answer = await call('PUT', '/certificate', body);
      expect(answer.statusCode, code).toBe(400);
      expect(answer.json().errors[0].errorCode).toBe(code);
    }
    for (const body of [
      { common_name: '', days: 30, key_type: 'ec_p256' },
      { common_name: 'a.example', days: 0, key_type: 'ec_p256' },
      { common_name: 'a.example', days: 30, key_type: 'dsa' },
      { common_name: 'a.example', days: 30, key_type: 'ec_p256', key_pem: 'x' },
    ]) {
      expect((await call('POST', '/certificate', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await stored()).toEqual(before);
  });
});

describe('NAS', () => {
  it('adds a test NAS by address and a site access point by device (its address), lists, edits and removes them', async () => {
    const { db } = t.database;
    const ap = await createDevice(db, cloudId, siteId, {
      productType: 'wifi',
      name: 'Lobby AP',
      ip: '10.20.0.5',
    });
    await createDevice(db, cloudId, siteId, { productType: 'switch', name: 'Core switch', ip: '10.20.0.2' });
    const candidates = await call('GET', `/nas/candidates?site_id=${siteId}`);
    expect(candidates.json().items).toEqual([{ id: ap.id, name: 'Lobby AP', ip: '10.20.0.5' }]);

    const test = await call('POST', '/nas', { site_id: siteId, address: '127.0.0.1', name: 'Test NAS' });
    expect(test.statusCode, test.body).toBe(201);
    expect(test.json()).toMatchObject({
      name: 'Test NAS',
      address: '127.0.0.1',
      coa_port: 3799,
      device: null,
    });
    const byDevice = await call('POST', '/nas', { site_id: siteId, device_id: ap.id, coa_port: 4000 });
    expect(byDevice.statusCode, byDevice.body).toBe(201);
    expect(byDevice.json()).toMatchObject({
      name: 'Lobby AP',
      address: '10.20.0.5',
      coa_port: 4000,
      site: { id: siteId, name: 'Harbour Hotel' },
      device: { id: ap.id, name: 'Lobby AP' },
    });
    expect((await call('GET', `/nas/candidates?site_id=${siteId}`)).json().items).toEqual([]);

    const list = await call('GET', '/nas?limit=1');
    expect(list.json()).toMatchObject({ total: 2, total_capped: false });
    expect(list.json().items.map((nas: { name: string }) => nas.name)).toEqual(['Test NAS']);
    expect(
      (await call('GET', '/nas?offset=1')).json().items.map((nas: { name: string }) => nas.name),
    ).toEqual(['Lobby AP']);

    const edited = await call('PATCH', `/nas/${test.json().id}`, { coa_port: 3800, name: 'Bench NAS' });
    expect(edited.json()).toMatchObject({ coa_port: 3800, name: 'Bench NAS', address: '127.0.0.1' });
    expect((await call('DELETE', `/nas/${byDevice.json().id}`)).statusCode).toBe(200);
    expect((await call('GET', '/nas')).json().total).toBe(1);
  });

  it('keeps an address to one NAS console-wide: a clear 409', async () => {
    const answer = await call('POST', '/nas', { site_id: siteId, address: '198.51.100.9' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toMatch(/already a NAS/);
    const mine = await call('POST', '/nas', { site_id: siteId, address: '192.0.2.50' });
    const moved = await call('PATCH', `/nas/${mine.json().id}`, { address: '198.51.100.9' });
    expect(moved.statusCode).toBe(409);
  });

  it('refuses bad input and another cloud’s site or NAS, changing nothing', async () => {
    const count = async () =>
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(guestNas))[0]?.n;
    const before = await count();
    for (const body of [
      { site_id: siteId },
      { site_id: siteId, address: 'not-an-address' },
      { site_id: siteId, address: '192.0.2.77', device_id: 1 },
      { site_id: siteId, address: '192.0.2.77', coa_port: 70000 },
      { site_id: siteId, address: '192.0.2.77', cloud_id: 2 },
    ]) {
      expect((await call('POST', '/nas', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await call('POST', '/nas', { site_id: otherCloudSiteId, address: '192.0.2.78' })).statusCode,
    ).toBe(404);
    expect((await call('PATCH', `/nas/${otherCloudNasId}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await call('DELETE', `/nas/${otherCloudNasId}`)).statusCode).toBe(404);
    expect((await call('PATCH', `/nas/${otherCloudNasId}`, {})).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });
});

describe('site secrets', () => {
  it('sets, shows and generates a site’s secret, sealed; the list says only whether there is one', async () => {
    expect((await call('GET', `/sites/${siteId}/secret`)).statusCode).toBe(404);
    const set = await call('PUT', `/sites/${siteId}/secret`, { secret: 'harbour-radius' });
    expect(set.json()).toEqual({ site_id: siteId, secret: 'harbour-radius' });
    const [row] = await t.database.db
      .select()
      .from(guestSiteSecrets)
      .where(eq(guestSiteSecrets.siteId, siteId));
    expect(row?.secretSealed).not.toContain('harbour-radius');
    expect(testSecrets.openText(row?.secretSealed ?? '')).toBe('harbour-radius');
    expect((await call('GET', `/sites/${siteId}/secret`)).json()).toEqual({
      site_id: siteId,
      secret: 'harbour-radius',
    });

    const list = await call('GET', '/site-secrets');
    expect(list.json().items).toEqual([
      expect.objectContaining({ site: { id: siteId, name: 'Harbour Hotel' }, configured: true }),
    ]);
    expect(list.body).not.toContain('harbour-radius');

    const generated = (await call('POST', `/sites/${siteId}/secret`, {})).json().secret;
    expect(generated).toMatch(/^[A-Za-z2-9]{24}$/);
    expect((await call('GET', `/sites/${siteId}/secret`)).json().secret).toBe(generated);
  });

  it('refuses a short or unprintable secret, unknown keys and another cloud’s site', async () => {
    for (const body of [
      { secret: 'short' },
      { secret: 'has a space' },
      { secret: 'long-enough', site_id: 1 },
      {},
    ]) {
      expect((await call('PUT', `/sites/${siteId}/secret`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('POST', `/sites/${siteId}/secret`, { length: 40 })).statusCode).toBe(400);
    expect(
      (await call('PUT', `/sites/${otherCloudSiteId}/secret`, { secret: 'not-mine-1' })).statusCode,
    ).toBe(404);
    expect((await call('GET', `/sites/${otherCloudSiteId}/secret`)).statusCode).toBe(404);
    const theirs = await t.database.db
      .select()
      .from(guestSiteSecrets)
      .where(eq(guestSiteSecrets.siteId, otherCloudSiteId));
    expect(theirs).toEqual([]);
  });
});

describe('the expiry alert', () => {
  it('is raised once per certificate from 30 days before its end, and again for a new one', async () => {
    const { db } = t.database;
    const expiring = async () =>
      db
        .select()
        .from(alerts)
        .where(and(eq(alerts.cloudId, cloudId), eq(alerts.alertType, 'GUEST_CERT_EXPIRING')));
    const now = new Date();
    const long = await call('POST', '/certificate', {
      common_name: 'long.example',
      days: 31,
      key_type: 'ec_p256',
    });
    expect(long.statusCode).toBe(201);
    expect(await raiseCertificateExpiry(db, now)).toEqual([]);

    await call('POST', '/certificate', { common_name: 'soon.example', days: 20, key_type: 'ec_p256' });
    const raised = await raiseCertificateExpiry(db, now);
    expect(raised).toEqual([
      expect.objectContaining({ cloudId, alertType: 'GUEST_CERT_EXPIRING', deviceId: null }),
    ]);
    const [alert] = await expiring();
    expect(alert).toMatchObject({ alertData1: 'CN=soon.example', healthId: 'HEALTH_WARNING', siteId: null });
    // 20 days less the moments since it was made, in seconds.
    expect(Number(alert?.alertData2)).toBeGreaterThan(19 * 86_400);
    expect(alert?.resolvedAt).not.toBeNull();
    expect((await stored())?.expiryAlertedAt).not.toBeNull();

    expect(await raiseCertificateExpiry(db, new Date(now.getTime() + 86_400_000))).toEqual([]);
    expect(await expiring()).toHaveLength(1);

    // The cloud's members read it among the cloud's recent alerts.
    const recent = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${cloudId}/recent-alerts`,
      headers: as(owner),
    });
    expect(recent.body).toContain('GUEST_CERT_EXPIRING');

    const renewed = pair('ec_p256', 'soon.example', 10);
    await call('PUT', '/certificate', { certificate_pem: renewed.certificatePem, key_pem: renewed.keyPem });
    expect(await raiseCertificateExpiry(db, now)).toHaveLength(1);
    expect(await expiring()).toHaveLength(2);
  });

  it('is not raised while the cloud has AuthPort off', async () => {
    const { db } = t.database;
    const off = await createCloud(db);
    const made = pair('ec_p256', 'off.example', 5);
    await db.insert(guestCertificates).values({
      cloudId: off.id,
      certificatePem: made.certificatePem,
      keySealed: testSecrets.sealText(made.keyPem),
      subject: 'CN=off.example',
      issuer: 'CN=off.example',
      selfSigned: true,
      fingerprint: 'AA',
      notBefore: new Date(),
      notAfter: new Date(Date.now() + 5 * 86_400_000),
    });
    expect(await raiseCertificateExpiry(db, new Date())).toEqual([]);
  });
});
