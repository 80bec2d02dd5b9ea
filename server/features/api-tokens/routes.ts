// API tokens (docs/api-tokens.md): a person's personal tokens under /apiv2/user, a cloud's tokens under
// /apiv2/cloud/:cloudId (manage_users). Only a signed-in session makes, rotates or revokes them: the request
// check refuses a token here (server/auth/request-auth.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  ApiTokenCreated,
  ApiTokenListQuery,
  ApiTokenListResponse,
  CloudTokenBody,
  CloudTokenParams,
  PersonalTokenBody,
  RotateTokenBody,
  TokenParams,
} from '../../../core/api/api-tokens.ts';
import { GUEST_SITE_PERMISSIONS } from '../../../core/policy.ts';
import { actorOf } from '../../audit/record.ts';
import { membershipOf } from '../../auth/cloud-scope.ts';
import { isPlatformAdministrator } from '../../auth/platform-admin.ts';
import { sessionUserId } from '../../auth/request-auth.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/connect.ts';
import { errors } from '../../errors.ts';
import { CloudParams, signedInErrors } from '../../http-schemas.ts';
import { checkGrant, checkSites } from '../users/members.ts';
import {
  createToken,
  listTokens,
  memberCloudIds,
  revokeToken,
  rotateToken,
  type TokenScope,
} from './repository.ts';

const tags = ['api-tokens'];
const manageUsers = { permission: 'manage_users' } as const;
const actor = (request: FastifyRequest) => ({ ...actorOf(request), userId: sessionUserId(request) });
const personal = (request: FastifyRequest): TokenScope => ({
  kind: 'personal',
  userId: sessionUserId(request),
});
const ofCloud = (cloudId: number): TokenScope => ({ kind: 'cloud', cloudId });

/** The expiry asked for: absent for none, else a time still to come (400 otherwise). */
function expiry(value: string | null): Date | null {
  if (value === null) return null;
  const at = new Date(value);
  if (Number.isNaN(at.getTime()) || at.getTime() <= Date.now()) {
    throw errors.validation([
      {
        errorCode: 'future',
        location: 'body',
        path: '/expires_at',
        message: 'The expiry must be in the future.',
      },
    ]);
  }
  return at;
}

/**
 * The clouds a personal token is limited to, sorted: each must be one the maker belongs to (400 otherwise,
 * naming none of the others, so a cloud's existence does not leak).
 */
async function ownClouds(db: Database, userId: number, cloudIds: number[]): Promise<number[]> {
  const member = new Set(await memberCloudIds(db, userId, cloudIds));
  const index = cloudIds.findIndex((id) => !member.has(id));
  if (index >= 0) {
    throw errors.validation([
      {
        errorCode: 'cloud',
        location: 'body',
        path: `/cloud_ids/${index}`,
        message: 'A token reaches only clouds you are a member of.',
      },
    ]);
  }
  return [...cloudIds].sort((a, b) => a - b);
}

/** A person's own tokens: made, listed, rotated and revoked by themselves. */
export function personalTokenRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '',
      {
        schema: {
          tags,
          summary: 'Lists your personal API tokens',
          querystring: ApiTokenListQuery,
          response: { 200: ApiTokenListResponse, ...signedInErrors },
        },
      },
      async (request) => listTokens(db, personal(request), request.query),
    );

    app.post(
      '',
      {
        schema: {
          tags,
          summary: 'Makes a personal API token; the answer shows its secret once',
          body: PersonalTokenBody,
          response: { 201: ApiTokenCreated, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const userId = sessionUserId(request);
        const body = request.body;
        const adminScope = body.admin_scope === true;
        if (adminScope && !(await isPlatformAdministrator(db, userId))) {
          throw errors.forbidden('Only a platform administrator’s token may carry the admin scope.');
        }
        const cloudIds = body.cloud_ids ? await ownClouds(db, userId, body.cloud_ids) : null;
        const created = await createToken(db, actor(request), personal(request), {
          name: body.name.trim(),
          readOnly: body.read_only,
          expiresAt: expiry(body.expires_at),
          adminScope,
          roleId: null,
          permissions: body.permissions ?? null,
          cloudIds,
          sites: [],
        });
        return reply.code(201).send(created);
      },
    );

    app.post(
      '/:tokenId/rotate',
      {
        schema: {
          tags,
          summary: 'Gives a personal API token a new secret, the old one valid for a grace period',
          params: TokenParams,
          body: RotateTokenBody,
          response: { 200: ApiTokenCreated, ...signedInErrors },
        },
      },
      async (request) =>
        rotateToken(
          db,
          actorOf(request),
          personal(request),
          request.params.tokenId,
          request.body.grace_hours,
        ),
    );

    app.delete(
      '/:tokenId',
      {
        schema: {
          tags,
          summary: 'Revokes a personal API token at once',
          params: TokenParams,
          response: { 204: Type.Null(), ...signedInErrors },
        },
      },
      async (request, reply) => {
        await revokeToken(db, actorOf(request), personal(request), request.params.tokenId);
        return reply.code(204).send(null);
      },
    );
  };
}

/** Cloud-scoped, manage_users: the cloud's service tokens. */
export function cloudTokenRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/api-tokens',
      {
        config: manageUsers,
        schema: {
          tags,
          summary: 'Lists the cloud’s API tokens',
          params: CloudParams,
          querystring: ApiTokenListQuery,
          response: { 200: ApiTokenListResponse, ...signedInErrors },
        },
      },
      async (request) => listTokens(db, ofCloud(request.params.cloudId), request.query),
    );

    app.post(
      '/api-tokens',
      {
        config: manageUsers,
        schema: {
          tags,
          summary: 'Makes a cloud API token with a role, bits and sites no higher than yours',
          params: CloudParams,
          body: CloudTokenBody,
          response: { 201: ApiTokenCreated, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const { cloudId } = request.params;
        const body = request.body;
        const siteIds = body.site_ids ?? [];
        if (body.role_id === 'ROLE_USER' && siteIds.length === 0) {
          throw errors.validation([
            {
              errorCode: 'required',
              location: 'body',
              path: '/site_ids',
              message: 'A Site User token needs a site.',
            },
          ]);
        }
        if (body.role_id !== 'ROLE_USER' && (siteIds.length > 0 || body.site_permissions !== undefined)) {
          throw errors.validation([
            {
              errorCode: 'role',
              location: 'body',
              path: siteIds.length > 0 ? '/site_ids' : '/site_permissions',
              message: 'Only a Site User token is limited to sites.',
            },
          ]);
        }
        const permissions = [...(body.site_permissions ?? GUEST_SITE_PERMISSIONS)];
        const sites = siteIds.map((siteId) => ({ siteId, permissions }));
        checkGrant(membershipOf(request), { roleId: body.role_id, permissions: body.permissions, sites });
        await checkSites(db, cloudId, sites, '/site_ids');
        const created = await createToken(db, actor(request), ofCloud(cloudId), {
          name: body.name.trim(),
          readOnly: body.read_only,
          expiresAt: expiry(body.expires_at),
          adminScope: false,
          roleId: body.role_id,
          permissions: body.permissions,
          cloudIds: null,
          sites,
        });
        return reply.code(201).send(created);
      },
    );

    app.post(
      '/api-tokens/:tokenId/rotate',
      {
        config: manageUsers,
        schema: {
          tags,
          summary: 'Gives a cloud API token a new secret, the old one valid for a grace period',
          params: CloudTokenParams,
          body: RotateTokenBody,
          response: { 200: ApiTokenCreated, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, tokenId } = request.params;
        return rotateToken(db, actorOf(request), ofCloud(cloudId), tokenId, request.body.grace_hours);
      },
    );

    app.delete(
      '/api-tokens/:tokenId',
      {
        config: manageUsers,
        schema: {
          tags,
          summary: 'Revokes a cloud API token at once',
          params: CloudTokenParams,
          response: { 204: Type.Null(), ...signedInErrors },
        },
      },
      async (request, reply) => {
        await revokeToken(db, actorOf(request), ofCloud(request.params.cloudId), request.params.tokenId);
        return reply.code(204).send(null);
      },
    );
  };
}
