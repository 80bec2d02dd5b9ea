// Captive portals' reads and writes (docs/guest-access.md#captive-portals): a cloud's portals, their images,
// and the change log records of every change.
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type {
  Portal,
  PortalImage,
  PortalImageKind,
  PortalList,
  PortalMethod,
  PortalTexts,
} from '../../../core/api/guest-portals.ts';
import { actorOf, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';
import { storeFile } from '../files/repository.ts';

type PortalRow = {
  id: number;
  site_id: number;
  site_name: string;
  ssid: string | null;
  name: string;
  primary_color: string;
  background_color: string;
  text_color: string;
  texts: PortalTexts;
  methods: string[];
  free_plan_id: number | null;
  walled_garden: string[];
  redirect_url: string | null;
  updated_at: Date | string;
  logo_file_id: number | null;
  logo_name: string | null;
  logo_type: string | null;
  logo_size: number | string | null;
  background_file_id: number | null;
  background_name: string | null;
  background_type: string | null;
  background_size: number | string | null;
};

const image = (
  id: number | null,
  name: string | null,
  type: string | null,
  size: number | string | null,
): PortalImage | null =>
  id === null ? null : { file_id: id, name: name ?? '', content_type: type ?? '', size: Number(size ?? 0) };

function portalOf(row: PortalRow): Portal {
  return {
    id: row.id,
    site_id: row.site_id,
    site_name: row.site_name,
    ssid: row.ssid,
    name: row.name,
    primary_color: row.primary_color,
    background_color: row.background_color,
    text_color: row.text_color,
    texts: row.texts ?? {},
    methods: row.methods as PortalMethod[],
    free_plan_id: row.free_plan_id,
    walled_garden: row.walled_garden,
    redirect_url: row.redirect_url,
    logo: image(row.logo_file_id, row.logo_name, row.logo_type, row.logo_size),
    background: image(row.background_file_id, row.background_name, row.background_type, row.background_size),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

const PORTAL_COLUMNS = sql`p.id, p.site_id, s.name AS site_name, p.ssid, p.name, p.primary_color,
  p.background_color, p.text_color, p.texts, p.methods, p.free_plan_id, p.walled_garden, p.redirect_url,
  p.updated_at, p.logo_file_id, l.name AS logo_name, l.content_type AS logo_type, l.size AS logo_size,
  p.background_file_id, b.name AS background_name, b.content_type AS background_type,
  b.size AS background_size`;
const PORTAL_FROM = sql`guest_portals p JOIN sites s ON s.id = p.site_id
  LEFT JOIN uploaded_files l ON l.id = p.logo_file_id
  LEFT JOIN uploaded_files b ON b.id = p.background_file_id`;

/** One page of the cloud's portals (of one site when asked), by site name, then the site's default first. */
export async function listPortals(
  db: Database,
  cloudId: number,
  page: { siteId?: number; offset: number; limit: number },
): Promise<PortalList> {
  const bySite = page.siteId === undefined ? sql`` : sql`AND p.site_id = ${page.siteId}`;
  const where = sql`p.cloud_id = ${cloudId} AND s.deleted_at IS NULL ${bySite}`;
  const [rows, counted] = await Promise.all([
    queryRows<PortalRow>(
      db,
      sql`SELECT ${PORTAL_COLUMNS} FROM ${PORTAL_FROM} WHERE ${where}
          ORDER BY lower(s.name), s.id, p.ssid NULLS FIRST, p.id
          LIMIT ${page.limit} OFFSET ${page.offset}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM guest_portals p JOIN sites s ON s.id = p.site_id WHERE ${where}`,
    ),
  ]);
  return { items: rows.map(portalOf), total: Number(counted[0]?.n ?? 0), total_capped: false };
}

export async function findPortal(db: Database, cloudId: number, portalId: number): Promise<Portal | null> {
  const [row] = await queryRows<PortalRow>(
    db,
    sql`SELECT ${PORTAL_COLUMNS} FROM ${PORTAL_FROM}
        WHERE p.id = ${portalId} AND p.cloud_id = ${cloudId} AND s.deleted_at IS NULL`,
  );
  return row ? portalOf(row) : null;
}

export type PortalSite = { id: number; name: string };

export async function findSite(db: Database, cloudId: number, siteId: number): Promise<PortalSite | null> {
  const [site] = await queryRows<PortalSite>(
    db,
    sql`SELECT id, name FROM sites WHERE id = ${siteId} AND cloud_id = ${cloudId} AND deleted_at IS NULL`,
  );
  return site ?? null;
}

export async function isCloudPlan(db: Database, cloudId: number, planId: number): Promise<boolean> {
  const [plan] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM guest_plans WHERE id = ${planId} AND cloud_id = ${cloudId}`,
  );
  return plan !== undefined;
}

/** A portal's settings as they are written. */
export type PortalSettings = {
  siteId: number;
  ssid: string | null;
  name: string;
  primaryColor: string;
  backgroundColor: string;
  textColor: string;
  texts: PortalTexts;
  methods: PortalMethod[];
  freePlanId: number | null;
  walledGarden: string[];
  redirectUrl: string | null;
};

export const settingsOf = (portal: Portal): PortalSettings => ({
  siteId: portal.site_id,
  ssid: portal.ssid,
  name: portal.name,
  primaryColor: portal.primary_color,
  backgroundColor: portal.background_color,
  textColor: portal.text_color,
  texts: portal.texts,
  methods: portal.methods,
  freePlanId: portal.free_plan_id,
  walledGarden: portal.walled_garden,
  redirectUrl: portal.redirect_url,
});

/** How the change log shows a portal's settings. */
const logged = (s: PortalSettings) => ({
  site_id: s.siteId,
  ssid: s.ssid,
  name: s.name,
  primary_color: s.primaryColor,
  background_color: s.backgroundColor,
  text_color: s.textColor,
  languages: Object.keys(s.texts).sort(),
  methods: s.methods,
  free_plan_id: s.freePlanId,
  walled_garden: s.walledGarden,
  redirect_url: s.redirectUrl,
});

/** Only what changed, on both sides. */
function changed(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

const record = (
  tx: Database,
  request: FastifyRequest,
  cloudId: number,
  portal: { id: number; name: string },
  action: 'created' | 'changed' | 'deleted',
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) =>
  audit(tx, actorOf(request), {
    cloudId,
    action,
    objectType: 'guest_portal',
    objectId: portal.id,
    objectName: portal.name,
    before,
    after,
  });

/** Whether another portal of the site already serves this SSID (or is already the site's default). */
async function siteSsidTaken(tx: Database, siteId: number, ssid: string | null, exceptId: number | null) {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM guest_portals
        WHERE site_id = ${siteId} AND coalesce(ssid, '') = ${ssid ?? ''} AND id <> ${exceptId ?? 0}`,
  );
  return row !== undefined;
}

const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((value) => `"${value.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`}::text[]`;

/** Adds a portal; null when the site already has a portal for the SSID. */
export async function createPortal(
  db: Database,
  request: FastifyRequest,
  cloudId: number,
  settings: PortalSettings,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    // One portal change at a time per site, so two cannot both take the same SSID.
    await tx.execute(sql`SELECT id FROM sites WHERE id = ${settings.siteId} FOR UPDATE`);
    if (await siteSsidTaken(tx, settings.siteId, settings.ssid, null)) return null;
    const s = settings;
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO guest_portals (cloud_id, site_id, ssid, name, primary_color, background_color, text_color,
            texts, methods, free_plan_id, walled_garden, redirect_url)
          VALUES (${cloudId}, ${s.siteId}, ${s.ssid}, ${s.name}, ${s.primaryColor}, ${s.backgroundColor},
            ${s.textColor}, ${JSON.stringify(s.texts)}::jsonb, ${textArray(s.methods)}, ${s.freePlanId},
            ${textArray(s.walledGarden)}, ${s.redirectUrl})
          RETURNING id`,
    );
    if (!row) throw new Error('portal not stored');
    await record(tx, request, cloudId, { id: row.id, name: s.name }, 'created', null, logged(s));
    return row.id;
  });
}

/** Writes a portal's settings; false when its new site already has a portal for its new SSID. */
export async function updatePortal(
  db: Database,
  request: FastifyRequest,
  cloudId: number,
  portal: Portal,
  settings: PortalSettings,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM sites WHERE id = ${settings.siteId} FOR UPDATE`);
    if (await siteSsidTaken(tx, settings.siteId, settings.ssid, portal.id)) return false;
    const s = settings;
    await tx.execute(
      sql`UPDATE guest_portals SET site_id = ${s.siteId}, ssid = ${s.ssid}, name = ${s.name},
            primary_color = ${s.primaryColor}, background_color = ${s.backgroundColor},
            text_color = ${s.textColor}, texts = ${JSON.stringify(s.texts)}::jsonb,
            methods = ${textArray(s.methods)}, free_plan_id = ${s.freePlanId},
            walled_garden = ${textArray(s.walledGarden)}, redirect_url = ${s.redirectUrl}, updated_at = now()
          WHERE id = ${portal.id} AND cloud_id = ${cloudId}`,
    );
    const { before, after } = changed(logged(settingsOf(portal)), logged(s));
    if (Object.keys(after).length > 0) {
      await record(tx, request, cloudId, { id: portal.id, name: s.name }, 'changed', before, after);
    }
    return true;
  });
}

/** Deletes the portal and its images. */
export async function deletePortal(
  db: Database,
  request: FastifyRequest,
  cloudId: number,
  portal: Portal,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM guest_portals WHERE id = ${portal.id} AND cloud_id = ${cloudId}`);
    const files = [portal.logo?.file_id, portal.background?.file_id].filter((id) => id !== undefined);
    for (const fileId of files) await tx.execute(sql`DELETE FROM uploaded_files WHERE id = ${fileId}`);
    await record(tx, request, cloudId, portal, 'deleted', logged(settingsOf(portal)), null);
  });
}

const IMAGE_COLUMN = { logo: sql.raw('logo_file_id'), background: sql.raw('background_file_id') } as const;

/** Stores a new logo or background for the portal in place of its old one. */
export async function replaceImage(
  db: Database,
  request: FastifyRequest,
  cloudId: number,
  portal: Portal,
  kind: PortalImageKind,
  file: { userId: number | null; name: string; contentType: string; data: Buffer },
): Promise<void> {
  await db.transaction(async (tx) => {
    const stored = await storeFile(tx, {
      cloudId,
      uploadedByUserId: file.userId,
      name: file.name,
      contentType: file.contentType,
      data: file.data,
    });
    await tx.execute(
      sql`UPDATE guest_portals SET ${IMAGE_COLUMN[kind]} = ${stored.id}, updated_at = now()
          WHERE id = ${portal.id}`,
    );
    const old = portal[kind];
    if (old) await tx.execute(sql`DELETE FROM uploaded_files WHERE id = ${old.file_id}`);
    await record(
      tx,
      request,
      cloudId,
      portal,
      'changed',
      { [kind]: old?.name ?? null },
      { [kind]: stored.name },
    );
  });
}

/** Takes the portal's logo or background away. */
export async function removeImage(
  db: Database,
  request: FastifyRequest,
  cloudId: number,
  portal: Portal,
  kind: PortalImageKind,
): Promise<void> {
  const old = portal[kind];
  if (!old) return;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`UPDATE guest_portals SET ${IMAGE_COLUMN[kind]} = NULL, updated_at = now() WHERE id = ${portal.id}`,
    );
    await tx.execute(sql`DELETE FROM uploaded_files WHERE id = ${old.file_id}`);
    await record(tx, request, cloudId, portal, 'changed', { [kind]: old.name }, { [kind]: null });
  });
}
