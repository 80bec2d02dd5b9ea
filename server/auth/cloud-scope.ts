import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Access, type CloudAbility, can } from '../../core/policy.ts';
import type { Database } from '../db/connect.ts';
import { apiTokenSites } from '../db/schema/api-tokens.ts';
import { clouds, membershipSites, memberships } from '../db/schema/clouds.ts';
import { errors } from '../errors.ts';
import type { ApiToken } from './api-tokens.ts';
import { CLOUD_TOKEN_REFUSAL } from './request-auth.ts';

/** The caller's membership of the cloud a request is about. */
export type Membership = Access & {
  /** The member; null for a cloud API token, which acts for no person (docs/api-tokens.md). */
  userId: number | null;
  cloudId: number;
  pushAlerts: boolean;
  alertsViewedAt: Date | null;
  tasksViewedAt: Date | null;
  activeSiteFilterId: number | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    membership: Membership | null;
  }
  interface FastifyContextConfig {
    /** The cloud ability the caller needs for this route (docs/roles.md). */
    permission?: CloudAbility;
  }
}

/** The user's membership of a live cloud, or null when there is none. */
export async function loadMembership(
  db: Database,
  userId: number,
  cloudId: number,
): Promise<Membership | null> {
  const [row] = await db
    .select({
      userId: memberships.userId,
      cloudId: memberships.cloudId,
      roleId: memberships.roleId,
      permissions: memberships.permissions,
      pushAlerts: memberships.pushAlerts,
      alertsViewedAt: memberships.alertsViewedAt,
      tasksViewedAt: memberships.tasksViewedAt,
      activeSiteFilterId: memberships.activeSiteFilterId,
    })
    .from(memberships)
    .innerJoin(clouds, eq(clouds.id, memberships.cloudId))
    .where(and(eq(memberships.userId, userId), eq(memberships.cloudId, cloudId), isNull(clouds.deletedAt)));
  if (!row) return null;
  if (row.roleId !== 'ROLE_USER') return row;
  const sites = await db
    .select({ siteId: membershipSites.siteId, permissions: membershipSites.permissions })
    .from(membershipSites)
    .where(and(eq(membershipSites.userId, userId), eq(membershipSites.cloudId, cloudId)));
  return { ...row, sites };
}

/**
 * What a cloud API token holds in its own cloud, as a membership: its role, bits and (a Site User's)
 * sites. Null for another cloud, or once the cloud is deleted.
 */
async function tokenMembership(db: Database, token: ApiToken, cloudId: number): Promise<Membership | null> {
  if (token.kind !== 'cloud' || token.cloudId !== cloudId || token.roleId === null) return null;
  const [cloud] = await db
    .select({ id: clouds.id })
    .from(clouds)
    .where(and(eq(clouds.id, cloudId), isNull(clouds.deletedAt)));
  if (!cloud) return null;
  const membership: Membership = {
    userId: null,
    cloudId,
    roleId: token.roleId,
    permissions: token.permissions ?? 0,
    pushAlerts: false,
    alertsViewedAt: null,
    tasksViewedAt: null,
    activeSiteFilterId: null,
  };
  if (token.roleId !== 'ROLE_USER') return membership;
  const sites = await db
    .select({ siteId: apiTokenSites.siteId, permissions: apiTokenSites.permissions })
    .from(apiTokenSites)
    .where(eq(apiTokenSites.tokenId, token.id));
  return { ...membership, sites };
}

/** Whether a personal token's clouds include this one (a session, or a token without clouds, reaches all). */
export const reachesCloud = (token: ApiToken | null, cloudId: number) =>
  !token?.cloudIds || token.cloudIds.includes(cloudId);

/**
 * The owner's membership as it is now, narrowed to the bits a personal token keeps: never more than the
 * owner holds, whatever their role (docs/api-tokens.md#limits).
 */
function withTokenLimit(membership: Membership | null, token: ApiToken | null): Membership | null {
  if (!membership || token?.kind !== 'personal' || token.permissions === null) return membership;
  return { ...membership, tokenBits: token.permissions };
}

/**
 * Checks the caller's membership of a cloud and the route's permission. A cloud the caller does not
 * belong to answers 404, so its existence does not leak (docs/api.md#http-conventions).
 */
export async function requireMembership(
  db: Database,
  request: FastifyRequest,
  cloudId: number,
): Promise<Membership> {
  const userId = request.session?.userId;
  // Cloud ids are 32-bit: one outside that range names no cloud.
  const valid = Number.isInteger(cloudId) && cloudId >= 1 && cloudId <= 2_147_483_647;
  const token = request.apiToken;
  let membership: Membership | null = null;
  if (valid && token?.kind === 'cloud') membership = await tokenMembership(db, token, cloudId);
  else if (valid && userId && reachesCloud(token, cloudId)) {
    membership = withTokenLimit(await loadMembership(db, userId, cloudId), token);
  }
  if (!membership) throw errors.notFound();
  const ability = request.routeOptions.config.permission;
  if (ability && !can(membership, ability)) throw errors.forbidden();
  request.membership = membership;
  return membership;
}

/** The membership the cloud scope loaded for this request (it answers 404 before a handler runs without one). */
export function membershipOf(request: FastifyRequest): Membership {
  if (!request.membership) throw errors.notFound();
  return request.membership;
}

/**
 * The membership of the person a request acts for. A cloud API token acts for no person: a call that is a
 * member's own (their marks, filters, reports, tunnels) refuses it with 403 (docs/api-tokens.md).
 */
export function personOf(membership: Membership): Membership & { userId: number } {
  const { userId } = membership;
  if (userId === null) throw errors.forbidden(CLOUD_TOKEN_REFUSAL);
  return { ...membership, userId };
}

/**
 * For every route of the plugin it is used in, the :cloudId param names the cloud. It runs before body
 * validation, so a caller outside the cloud or without the permission learns nothing from a 400.
 */
export function registerCloudScope(app: FastifyInstance, db: Database): void {
  app.addHook('onRequest', async (request) => {
    const { cloudId } = request.params as { cloudId?: number | string };
    if (cloudId === undefined) return;
    await requireMembership(db, request, Number(cloudId));
  });
}
