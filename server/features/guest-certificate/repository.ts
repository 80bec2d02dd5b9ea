// docs/guest-access.md#certificate-and-nas: the cloud's certificate (its key sealed, never read back out),
// the NAS of its sites and each site's RADIUS shared secret.
import { randomInt, X509Certificate } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import {
  type CertificateInfo,
  COA_PORT_DEFAULT,
  type CreateNasBody,
  NAS_PRODUCT_TYPES,
  type Nas,
  type NasCandidates,
  type NasList,
  type NasListQuery,
  SITE_SECRET_GENERATED_LENGTH,
  type SiteSecretList,
  type SiteSecretListQuery,
  type UpdateNasBody,
} from '../../../core/api/guest-certificate.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { countCapped } from '../../db/count-capped.ts';
import { guestCertificates, guestNas, guestSiteSecrets } from '../../db/schema/guest-access.ts';
import { devices, sites } from '../../db/schema/inventory.ts';
import { errors } from '../../errors.ts';
import type { SecretBox } from '../config/seal.ts';
import { type CertificateFacts, certificateFacts } from './x509.ts';

const DAY_MS = 86_400_000;

/** Days from now until the end, a part of a day counted whole; 0 or less once it has passed. */
export const daysLeft = (notAfter: Date, now: Date) =>
  Math.ceil((notAfter.getTime() - now.getTime()) / DAY_MS);

export async function readCertificate(
  db: Database,
  cloudId: number,
  now: Date,
): Promise<CertificateInfo | null> {
  const [row] = await db.select().from(guestCertificates).where(eq(guestCertificates.cloudId, cloudId));
  if (!row) return null;
  return {
    subject: row.subject,
    issuer: row.issuer,
    self_signed: row.selfSigned,
    fingerprint: row.fingerprint,
    not_before: row.notBefore.toISOString(),
    not_after: row.notAfter.toISOString(),
    days_left: daysLeft(row.notAfter, now),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The cloud's certificate as PEM (never its key), with its subject; null when it has none. */
export async function certificatePem(
  db: Database,
  cloudId: number,
): Promise<{ pem: string; subject: string } | null> {
  const [row] = await db
    .select({ pem: guestCertificates.certificatePem, subject: guestCertificates.subject })
    .from(guestCertificates)
    .where(eq(guestCertificates.cloudId, cloudId));
  return row ?? null;
}

/**
 * Keeps the certificate and its key (sealed) as the cloud's, in place of any before; its expiry alert is
 * due again (docs/guest-access.md#certificate-and-nas).
 */
export async function storeCertificate(
  db: Database,
  secrets: SecretBox,
  actor: AuditActor,
  input: { cloudId: number; certificatePem: string; keyPem: string; facts?: CertificateFacts; how: string },
): Promise<void> {
  const facts = input.facts ?? certificateFacts(new X509Certificate(input.certificatePem));
  const values = {
    certificatePem: input.certificatePem,
    keySealed: secrets.sealText(input.keyPem),
    subject: facts.subject,
    issuer: facts.issuer,
    selfSigned: facts.selfSigned,
    fingerprint: facts.fingerprint,
    notBefore: facts.notBefore,
    notAfter: facts.notAfter,
    expiryAlertedAt: null,
    updatedBy: actor.userId,
    updatedAt: sql`now()`,
  };
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ fingerprint: guestCertificates.fingerprint, notAfter: guestCertificates.notAfter })
      .from(guestCertificates)
      .where(eq(guestCertificates.cloudId, input.cloudId));
    await tx
      .insert(guestCertificates)
      .values({ cloudId: input.cloudId, ...values })
      .onConflictDoUpdate({ target: guestCertificates.cloudId, set: values });
    await audit(tx, actor, {
      cloudId: input.cloudId,
      action: before ? 'changed' : 'created',
      objectType: 'guest_certificate',
      objectName: facts.subject,
      before: before ? { fingerprint: before.fingerprint, not_after: before.notAfter.toISOString() } : null,
      after: {
        how: input.how,
        fingerprint: facts.fingerprint,
        self_signed: facts.selfSigned,
        not_after: facts.notAfter.toISOString(),
      },
    });
  });
}

// --- NAS -------------------------------------------------------------------------------------------------

/** A live site of the cloud, or 404: another cloud's site is none. */
async function siteOf(db: Database, cloudId: number, siteId: number) {
  const [site] = await db
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(and(eq(sites.id, siteId), eq(sites.cloudId, cloudId), isNull(sites.deletedAt)));
  if (!site) throw errors.notFound('No such site in this cloud.');
  return site;
}

const nasColumns = {
  id: guestNas.id,
  name: guestNas.name,
  address: guestNas.address,
  coaPort: guestNas.coaPort,
  createdAt: guestNas.createdAt,
  siteId: sites.id,
  siteName: sites.name,
  deviceId: devices.id,
  deviceName: devices.name,
};
type NasRow = {
  id: number;
  name: string;
  address: string;
  coaPort: number;
  createdAt: Date;
  siteId: number;
  siteName: string;
  deviceId: number | null;
  deviceName: string | null;
};

const presentNas = (row: NasRow): Nas => ({
  id: row.id,
  site: { id: row.siteId, name: row.siteName },
  name: row.name,
  address: row.address,
  coa_port: row.coaPort,
  device: row.deviceId === null ? null : { id: row.deviceId, name: row.deviceName ?? '' },
  created_at: row.createdAt.toISOString(),
});

const nasQuery = (db: Database) =>
  db
    .select(nasColumns)
    .from(guestNas)
    .innerJoin(sites, eq(sites.id, guestNas.siteId))
    .leftJoin(devices, eq(devices.id, guestNas.deviceId));

/** One page of the cloud's NAS in the order they were added (guest_nas_cloud_idx), or one site's. */
export async function listNas(db: Database, cloudId: number, query: NasListQuery): Promise<NasList> {
  const where = and(
    eq(guestNas.cloudId, cloudId),
    query.site_id ? eq(guestNas.siteId, query.site_id) : undefined,
  );
  const [rows, counted] = await Promise.all([
    nasQuery(db).where(where).orderBy(asc(guestNas.id)).limit(query.limit).offset(query.offset),
    countCapped(db, guestNas, where, query),
  ]);
  return { items: rows.map(presentNas), ...counted };
}

export async function findNas(db: Database, cloudId: number, nasId: number): Promise<Nas> {
  const [row] = await nasQuery(db).where(and(eq(guestNas.id, nasId), eq(guestNas.cloudId, cloudId)));
  if (!row) throw errors.notFound('No such NAS in this cloud.');
  return presentNas(row);
}

const ADDRESS_TAKEN = 'This address is already a NAS: each address may be one NAS only.';

/** Whether a database error is the unique address index refusing a second NAS at an address. */
function isAddressTaken(error: unknown): boolean {
  const text = `${(error as { message?: string })?.message ?? ''} ${(error as { cause?: { message?: string } })?.cause?.message ?? ''}`;
  const code = (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505' || text.includes('guest_nas_address_idx');
}

async function addressFree(db: Database, address: string, except?: number): Promise<void> {
  const [taken] = await db
    .select({ id: guestNas.id })
    .from(guestNas)
    .where(eq(guestNas.address, address))
    .limit(1);
  if (taken && taken.id !== except) throw errors.conflict(ADDRESS_TAKEN);
}

/** The access points and gateways of the site with an address that are not a NAS yet. */
export async function nasCandidates(db: Database, cloudId: number, siteId: number): Promise<NasCandidates> {
  await siteOf(db, cloudId, siteId);
  const rows = await db
    .select({ id: devices.id, name: devices.name, ip: devices.ip })
    .from(devices)
    .where(
      and(
        eq(devices.cloudId, cloudId),
        eq(devices.siteId, siteId),
        isNull(devices.deletedAt),
        inArray(devices.productType, [...NAS_PRODUCT_TYPES]),
        sql`${devices.ip} IS NOT NULL AND ${devices.ip} <> ''`,
        sql`NOT EXISTS (SELECT 1 FROM guest_nas n WHERE n.device_id = ${devices.id} OR n.address = ${devices.ip})`,
      ),
    )
    .orderBy(asc(devices.name), asc(devices.id))
    .limit(500);
  return { items: rows.map((row) => ({ id: row.id, name: row.name, ip: row.ip ?? '' })) };
}

export async function createNas(
  db: Database,
  actor: AuditActor,
  cloudId: number,
  body: CreateNasBody,
): Promise<Nas> {
  const site = await siteOf(db, cloudId, body.site_id);
  if ((body.device_id === undefined) === (body.address === undefined)) {
    throw errors.validation([
      {
        errorCode: 'device_or_address',
        location: 'body',
        path: '/device_id',
        message: 'Name a device of the site or a test NAS address, one of the two.',
      },
    ]);
  }
  let address = body.address;
  let name = body.name;
  let deviceId: number | null = null;
  if (body.device_id !== undefined) {
    const [device] = await db
      .select({ id: devices.id, name: devices.name, ip: devices.ip, productType: devices.productType })
      .from(devices)
      .where(
        and(
          eq(devices.id, body.device_id),
          eq(devices.cloudId, cloudId),
          eq(devices.siteId, site.id),
          isNull(devices.deletedAt),
        ),
      );
    if (!device) throw errors.notFound('No such device on this site.');
    if (!(NAS_PRODUCT_TYPES as readonly string[]).includes(device.productType) || !device.ip) {
      throw errors.validation([
        {
          errorCode: 'not_a_nas',
          location: 'body',
          path: '/device_id',
          message: 'Only an access point or a gateway with a known address can be a NAS.',
        },
      ]);
    }
    address = device.ip;
    name ??= device.name;
    deviceId = device.id;
  }
  if (address === undefined) throw errors.notFound();
  await addressFree(db, address);
  const id = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(guestNas)
        .values({
          cloudId,
          siteId: site.id,
          deviceId,
          name: name ?? address,
          address,
          coaPort: body.coa_port ?? COA_PORT_DEFAULT,
        })
        .returning({ id: guestNas.id });
      if (!row) throw new Error('NAS not added');
      await audit(tx, actor, {
        cloudId,
        action: 'created',
        objectType: 'guest_nas',
        objectId: row.id,
        objectName: name ?? address,
        after: { site: site.name, address, coa_port: body.coa_port ?? COA_PORT_DEFAULT, device_id: deviceId },
      });
      return row.id;
    })
    .catch((error: unknown) => {
      if (isAddressTaken(error)) throw errors.conflict(ADDRESS_TAKEN);
      throw error;
    });
  return findNas(db, cloudId, id);
}

export async function updateNas(
  db: Database,
  actor: AuditActor,
  cloudId: number,
  nasId: number,
  body: UpdateNasBody,
): Promise<Nas> {
  const before = await findNas(db, cloudId, nasId);
  if (body.address !== undefined) await addressFree(db, body.address, nasId);
  const after = {
    name: body.name ?? before.name,
    address: body.address ?? before.address,
    coa_port: body.coa_port ?? before.coa_port,
  };
  await db
    .transaction(async (tx) => {
      await tx
        .update(guestNas)
        .set({ name: after.name, address: after.address, coaPort: after.coa_port })
        .where(and(eq(guestNas.id, nasId), eq(guestNas.cloudId, cloudId)));
      await audit(tx, actor, {
        cloudId,
        action: 'changed',
        objectType: 'guest_nas',
        objectId: nasId,
        objectName: after.name,
        before: { name: before.name, address: before.address, coa_port: before.coa_port },
        after,
      });
    })
    .catch((error: unknown) => {
      if (isAddressTaken(error)) throw errors.conflict(ADDRESS_TAKEN);
      throw error;
    });
  return findNas(db, cloudId, nasId);
}

export async function deleteNas(
  db: Database,
  actor: AuditActor,
  cloudId: number,
  nasId: number,
): Promise<void> {
  const before = await findNas(db, cloudId, nasId);
  await db.transaction(async (tx) => {
    await tx.delete(guestNas).where(and(eq(guestNas.id, nasId), eq(guestNas.cloudId, cloudId)));
    await audit(tx, actor, {
      cloudId,
      action: 'deleted',
      objectType: 'guest_nas',
      objectId: nasId,
      objectName: before.name,
      before: { site: before.site.name, address: before.address, coa_port: before.coa_port },
    });
  });
}

// --- Site secrets ----------------------------------------------------------------------------------------

/** One page of the cloud's live sites by name, each with whether it has a secret and how many NAS. */
export async function listSiteSecrets(
  db: Database,
  cloudId: number,
  query: SiteSecretListQuery,
): Promise<SiteSecretList> {
  const where = and(eq(sites.cloudId, cloudId), isNull(sites.deletedAt)) as SQL;
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: sites.id,
        name: sites.name,
        updatedAt: guestSiteSecrets.updatedAt,
        nasCount: sql<number>`(SELECT count(*)::int FROM guest_nas n WHERE n.site_id = ${sites.id})`,
      })
      .from(sites)
      .leftJoin(guestSiteSecrets, eq(guestSiteSecrets.siteId, sites.id))
      .where(where)
      .orderBy(asc(sites.name), asc(sites.id))
      .limit(query.limit)
      .offset(query.offset),
    countCapped(db, sites, where, query),
  ]);
  return {
    items: rows.map((row) => ({
      site: { id: row.id, name: row.name },
      configured: row.updatedAt !== null,
      nas_count: Number(row.nasCount),
      updated_at: row.updatedAt?.toISOString() ?? null,
    })),
    ...counted,
  };
}

export async function revealSiteSecret(
  db: Database,
  secrets: SecretBox,
  cloudId: number,
  siteId: number,
): Promise<string> {
  await siteOf(db, cloudId, siteId);
  const [row] = await db
    .select({ sealed: guestSiteSecrets.secretSealed })
    .from(guestSiteSecrets)
    .where(and(eq(guestSiteSecrets.siteId, siteId), eq(guestSiteSecrets.cloudId, cloudId)));
  if (!row) throw errors.notFound('This site has no RADIUS secret yet.');
  return secrets.openText(row.sealed);
}

/** Letters and digits without look-alikes, so a secret read aloud or typed into a NAS comes out right. */
const SECRET_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

export function generateSiteSecret(): string {
  let secret = '';
  for (let i = 0; i < SITE_SECRET_GENERATED_LENGTH; i++)
    secret += SECRET_ALPHABET[randomInt(SECRET_ALPHABET.length)];
  return secret;
}

export async function storeSiteSecret(
  db: Database,
  secrets: SecretBox,
  actor: AuditActor,
  input: { cloudId: number; siteId: number; secret: string; generated: boolean },
): Promise<void> {
  const site = await siteOf(db, input.cloudId, input.siteId);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ count: count() })
      .from(guestSiteSecrets)
      .where(eq(guestSiteSecrets.siteId, site.id));
    const sealed = secrets.sealText(input.secret);
    await tx
      .insert(guestSiteSecrets)
      .values({ siteId: site.id, cloudId: input.cloudId, secretSealed: sealed })
      .onConflictDoUpdate({
        target: guestSiteSecrets.siteId,
        set: { secretSealed: sealed, updatedAt: sql`now()` },
      });
    // The secret itself is never written to the change log.
    await audit(tx, actor, {
      cloudId: input.cloudId,
      action: (before?.count ?? 0) > 0 ? 'changed' : 'created',
      objectType: 'guest_site_secret',
      objectId: site.id,
      objectName: site.name,
      after: { generated: input.generated },
    });
  });
}
