// Who may read and change configuration: the checks the site and device routes share (docs/configuration.md#api).
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CONFIG_TYPES, type ConfigType } from '../../../core/config/document.ts';
import type { SitePermission } from '../../../core/domain.ts';
import { canSeeSite, sitePermissions } from '../../../core/policy.ts';
import { actorOf } from '../../audit/record.ts';
import { membershipOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/rows.ts';
import { errors } from '../../errors.ts';

export const isConfigType = (type: string): type is ConfigType =>
  (CONFIG_TYPES as readonly string[]).includes(type);

/** The caller's permissions on a site they see, or 404 (docs/api.md#http-conventions). */
export function permissionsOn(request: FastifyRequest, siteId: number | null): ReadonlySet<string> {
  const membership = membershipOf(request);
  if (siteId === null || !canSeeSite(membership, siteId)) throw errors.notFound();
  return sitePermissions(membership, siteId);
}

/**
 * Refuses, before the body is read, a caller without `permission` on the site the route names: 404 when
 * they do not see the site, 403 when they do.
 */
export const requireOnSite = (permission: SitePermission) => async (request: FastifyRequest) => {
  const siteId = Number((request.params as { siteId?: string }).siteId);
  if (!permissionsOn(request, Number.isSafeInteger(siteId) ? siteId : null).has(permission))
    throw errors.forbidden();
};

/** The same for the site of the device the route names. */
export function requireOnDevice(ctx: AppContext, permission: SitePermission) {
  return async (request: FastifyRequest) => {
    const { cloudId, deviceId } = request.params as { cloudId?: string; deviceId?: string };
    const [device] = await queryRows<{ site_id: number | null }>(
      ctx.db,
      sql`SELECT site_id FROM devices WHERE id = ${Number(deviceId) || 0} AND cloud_id = ${Number(cloudId) || 0}
          AND deleted_at IS NULL`,
    );
    if (!device) throw errors.notFound();
    if (!permissionsOn(request, device.site_id).has(permission)) throw errors.forbidden();
  };
}

/** The signed-in member applying a configuration, as ./apply.ts takes them. */
export function callerOf(ctx: AppContext, request: FastifyRequest) {
  const membership = membershipOf(request);
  return {
    db: ctx.db,
    secrets: ctx.secrets,
    actor: actorOf(request),
    cloudId: membership.cloudId,
    userId: membership.userId,
  };
}
