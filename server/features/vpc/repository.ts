// VPC branding's storage (docs/vpc.md): one row per branded cloud in cloud_brands; the host lookup reads
// only the brands of live vpc clouds that have a host name (cloud_brands_host_name_idx).
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { BrandBody, BrandImageKind } from '../../../core/api/vpc.ts';
import { actorOf, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { cloudBrands } from '../../db/schema/cloud-brands.ts';
import { clouds } from '../../db/schema/clouds.ts';

/** A brand's settings, without its image bytes. */
export type BrandRow = {
  cloudId: number;
  productName: string;
  primaryColor: string | null;
  supportUrl: string | null;
  privacyUrl: string | null;
  signInText: string | null;
  hostName: string | null;
  logoType: string | null;
  faviconType: string | null;
  version: number;
};

const brandColumns = {
  cloudId: cloudBrands.cloudId,
  productName: cloudBrands.productName,
  primaryColor: cloudBrands.primaryColor,
  supportUrl: cloudBrands.supportUrl,
  privacyUrl: cloudBrands.privacyUrl,
  signInText: cloudBrands.signInText,
  hostName: cloudBrands.hostName,
  logoType: cloudBrands.logoType,
  faviconType: cloudBrands.faviconType,
  version: cloudBrands.version,
};

/** A live cloud's name and plan; null for none. */
export async function findCloud(db: Database, cloudId: number) {
  const [row] = await db
    .select({ name: clouds.name, planType: clouds.planType })
    .from(clouds)
    .where(and(eq(clouds.id, cloudId), isNull(clouds.deletedAt)));
  return row ?? null;
}

export async function findBrand(db: Database, cloudId: number): Promise<BrandRow | null> {
  const [row] = await db.select(brandColumns).from(cloudBrands).where(eq(cloudBrands.cloudId, cloudId));
  return row ?? null;
}

/** Every live vpc cloud's brand that has a host name: the host lookup's whole table (a few rows). */
export function hostBrands(db: Database): Promise<BrandRow[]> {
  return db
    .select(brandColumns)
    .from(cloudBrands)
    .innerJoin(clouds, eq(clouds.id, cloudBrands.cloudId))
    .where(and(isNotNull(cloudBrands.hostName), eq(clouds.planType, 'vpc'), isNull(clouds.deletedAt)));
}

/** Which cloud's brand uses a host name, if any. */
export async function hostOwner(db: Database, hostName: string): Promise<number | null> {
  const [row] = await db
    .select({ cloudId: cloudBrands.cloudId })
    .from(cloudBrands)
    .where(eq(cloudBrands.hostName, hostName));
  return row?.cloudId ?? null;
}

/** The settings as the change log records them. */
const recorded = (brand: BrandRow | null) =>
  brand && {
    product_name: brand.productName,
    primary_color: brand.primaryColor,
    support_url: brand.supportUrl,
    privacy_url: brand.privacyUrl,
    sign_in_text: brand.signInText,
    host_name: brand.hostName,
    logo: brand.logoType,
    favicon: brand.faviconType,
  };

/** Writes the brand and its change log record together; `change` names each field it sets. */
async function writeBrand(
  db: Database,
  request: FastifyRequest,
  cloud: { id: number; name: string },
  defaults: { productName: string },
  change: Partial<typeof cloudBrands.$inferInsert>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findBrand(tx, cloud.id);
    await tx
      .insert(cloudBrands)
      .values({ cloudId: cloud.id, productName: defaults.productName, ...change })
      .onConflictDoUpdate({
        target: cloudBrands.cloudId,
        set: { ...change, version: sql`${cloudBrands.version} + 1`, updatedAt: sql`now()` },
      });
    const after = await findBrand(tx, cloud.id);
    await audit(tx, actorOf(request), {
      cloudId: cloud.id,
      action: 'changed',
      objectType: 'cloud',
      objectId: cloud.id,
      objectName: cloud.name,
      before: { brand: recorded(before) },
      after: { brand: recorded(after) },
    });
  });
}

export function saveBrand(
  db: Database,
  request: FastifyRequest,
  cloud: { id: number; name: string },
  body: BrandBody,
): Promise<void> {
  return writeBrand(
    db,
    request,
    cloud,
    { productName: body.product_name },
    {
      productName: body.product_name,
      primaryColor: body.primary_color?.toLowerCase() ?? null,
      supportUrl: body.support_url,
      privacyUrl: body.privacy_url,
      signInText: body.sign_in_text,
      hostName: body.host_name,
    },
  );
}

export function setImage(
  db: Database,
  request: FastifyRequest,
  cloud: { id: number; name: string },
  defaults: { productName: string },
  kind: BrandImageKind,
  image: { type: string; data: Buffer } | null,
): Promise<void> {
  const change =
    kind === 'logo'
      ? { logoType: image?.type ?? null, logoData: image?.data ?? null }
      : { faviconType: image?.type ?? null, faviconData: image?.data ?? null };
  return writeBrand(db, request, cloud, defaults, change);
}

/** An image's type and bytes; null when the brand has none. */
export async function imageContent(
  db: Database,
  cloudId: number,
  kind: BrandImageKind,
): Promise<{ type: string; data: Buffer; version: number } | null> {
  const [row] = await db
    .select(
      kind === 'logo'
        ? { type: cloudBrands.logoType, data: cloudBrands.logoData, version: cloudBrands.version }
        : { type: cloudBrands.faviconType, data: cloudBrands.faviconData, version: cloudBrands.version },
    )
    .from(cloudBrands)
    .where(eq(cloudBrands.cloudId, cloudId));
  return row?.type && row.data ? { type: row.type, data: row.data, version: row.version } : null;
}
