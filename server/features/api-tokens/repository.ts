// API tokens (docs/api-tokens.md): made, listed, rotated and revoked; each change in the change log.
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { ApiTokenItem, ApiTokenListQuery, ApiTokenListResponse } from '../../../core/api/api-tokens.ts';
import type { RoleId } from '../../../core/domain.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import { newTokenSecret } from '../../auth/api-tokens.ts';
import { newToken, tokenHash } from '../../auth/tokens.ts';
import type { Database } from '../../db/connect.ts';
import { users } from '../../db/schema/accounts.ts';
import { apiTokenSites, apiTokens } from '../../db/schema/api-tokens.ts';
import { clouds, memberships } from '../../db/schema/clouds.ts';
import { sites } from '../../db/schema/inventory.ts';
import { errors } from '../../errors.ts';

const t = apiTokens;

/** Whose tokens a call is about: a person's personal tokens, or a cloud's tokens. */
export type TokenScope = { kind: 'personal'; userId: number } | { kind: 'cloud'; cloudId: number };

const scopeWhere = (scope: TokenScope): SQL | undefined =>
  scope.kind === 'personal'
    ? and(eq(t.kind, 'personal'), eq(t.userId, scope.userId))
    : and(eq(t.kind, 'cloud'), eq(t.cloudId, scope.cloudId));

const iso = (value: Date | null) => value?.toISOString() ?? null;

async function items(
  db: Database,
  where: SQL | undefined,
  page?: ApiTokenListQuery,
): Promise<ApiTokenItem[]> {
  let query = db
    .select({
      id: t.id,
      kind: t.kind,
      name: t.name,
      readOnly: t.readOnly,
      adminScope: t.adminScope,
      roleId: t.roleId,
      permissions: t.permissions,
      cloudIds: t.cloudIds,
      createdBy: users.email,
      createdAt: t.createdAt,
      expiresAt: t.expiresAt,
      lastUsedAt: t.lastUsedAt,
      lastUsedIp: t.lastUsedIp,
      previousValidUntil: t.previousValidUntil,
    })
    .from(t)
    .leftJoin(users, eq(users.id, t.createdByUserId))
    .where(where)
    .orderBy(asc(t.id))
    .$dynamic();
  if (page) query = query.limit(page.limit).offset(page.offset);
  const rows = await query;
  const ids = rows.filter((row) => row.roleId === 'ROLE_USER').map((row) => row.id);
  const grants = ids.length
    ? await db
        .select({
          tokenId: apiTokenSites.tokenId,
          siteId: apiTokenSites.siteId,
          name: sites.name,
          permissions: apiTokenSites.permissions,
        })
        .from(apiTokenSites)
        .innerJoin(sites, eq(sites.id, apiTokenSites.siteId))
        .where(inArray(apiTokenSites.tokenId, ids))
        .orderBy(asc(sites.name), asc(sites.id))
    : [];
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    name: row.name,
    read_only: row.readOnly,
    admin_scope: row.adminScope,
    role_id: row.roleId,
    permissions: row.permissions,
    cloud_ids: row.cloudIds,
    sites: grants
      .filter((grant) => grant.tokenId === row.id)
      .map((grant) => ({ site_id: grant.siteId, name: grant.name, permissions: grant.permissions })),
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    expires_at: iso(row.expiresAt),
    last_used_at: iso(row.lastUsedAt),
    last_used_ip: row.lastUsedIp,
    previous_valid_until: iso(row.previousValidUntil),
  }));
}

/** Those of the clouds named that the person belongs to (and that are not deleted). */
export async function memberCloudIds(db: Database, userId: number, cloudIds: number[]): Promise<number[]> {
  if (cloudIds.length === 0) return [];
  const rows = await db
    .select({ cloudId: memberships.cloudId })
    .from(memberships)
    .innerJoin(clouds, eq(clouds.id, memberships.cloudId))
    .where(
      and(eq(memberships.userId, userId), inArray(memberships.cloudId, cloudIds), isNull(clouds.deletedAt)),
    );
  return rows.map((row) => row.cloudId);
}

/** The live (not revoked) tokens of a person or a cloud, oldest first, one page at a time. */
export async function listTokens(
  db: Database,
  scope: TokenScope,
  page: ApiTokenListQuery,
): Promise<ApiTokenListResponse> {
  const where = and(scopeWhere(scope), isNull(t.revokedAt));
  const [total] = await db.select({ value: count() }).from(t).where(where);
  return { items: await items(db, where, page), total: total?.value ?? 0, total_capped: false };
}

export type NewToken = {
  name: string;
  readOnly: boolean;
  expiresAt: Date | null;
  adminScope: boolean;
  /** A cloud token's role, bits and (Site User) sites. */
  roleId: RoleId | null;
  /** A cloud token's bits; a personal token's the bits it keeps of its owner's (null: all of them). */
  permissions: number | null;
  /** A personal token's clouds (null: every cloud its owner belongs to). */
  cloudIds: number[] | null;
  sites: { siteId: number; permissions: string[] }[];
};

const auditFields = (token: NewToken) => ({
  readOnly: token.readOnly,
  expiresAt: token.expiresAt?.toISOString() ?? null,
  ...(token.adminScope ? { adminScope: true } : {}),
  ...(token.roleId
    ? { roleId: token.roleId, permissions: token.permissions, sites: token.sites }
    : { permissions: token.permissions, cloudIds: token.cloudIds }),
});

/** Makes a token; answers it and its secret, the only time the secret is seen. */
export async function createToken(
  db: Database,
  actor: AuditActor & { userId: number },
  scope: TokenScope,
  token: NewToken,
): Promise<{ api_token: ApiTokenItem; token: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(t)
      .values({
        kind: scope.kind,
        userId: scope.kind === 'personal' ? scope.userId : null,
        cloudId: scope.kind === 'cloud' ? scope.cloudId : null,
        createdByUserId: actor.userId,
        name: token.name,
        // A stand-in until the secret, which names the id, is known.
        secretHash: tokenHash(newToken()),
        readOnly: token.readOnly,
        roleId: token.roleId,
        permissions: token.permissions,
        cloudIds: token.cloudIds,
        adminScope: token.adminScope,
        expiresAt: token.expiresAt,
      })
      .returning({ id: t.id });
    if (!row) throw new Error('token not created');
    const secret = newTokenSecret(row.id);
    await tx
      .update(t)
      .set({ secretHash: tokenHash(secret) })
      .where(eq(t.id, row.id));
    if (token.sites.length > 0) {
      await tx.insert(apiTokenSites).values(
        token.sites.map((site) => ({
          tokenId: row.id,
          siteId: site.siteId,
          permissions: site.permissions,
        })),
      );
    }
    await audit(tx, actor, {
      cloudId: scope.kind === 'cloud' ? scope.cloudId : null,
      action: 'created',
      objectType: 'api_token',
      objectId: row.id,
      objectName: token.name,
      after: auditFields(token),
    });
    const [item] = await items(tx, eq(t.id, row.id));
    if (!item) throw new Error('token not found');
    return { api_token: item, token: secret };
  });
}

/** Locks a live token of the scope; 404 for any other (another person's, another cloud's, revoked). */
async function lockToken(tx: Database, scope: TokenScope, tokenId: number) {
  const [row] = await tx
    .select({ id: t.id, name: t.name, secretHash: t.secretHash })
    .from(t)
    .where(and(eq(t.id, tokenId), scopeWhere(scope), isNull(t.revokedAt)))
    .for('update');
  if (!row) throw errors.notFound('No such API token.');
  return row;
}

/** Revokes a token at once: its secret, and any previous one, stop working. */
export async function revokeToken(
  db: Database,
  actor: AuditActor,
  scope: TokenScope,
  tokenId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockToken(tx, scope, tokenId);
    await tx.update(t).set({ revokedAt: sql`now()` }).where(eq(t.id, row.id));
    await audit(tx, actor, {
      cloudId: scope.kind === 'cloud' ? scope.cloudId : null,
      action: 'revoked',
      objectType: 'api_token',
      objectId: row.id,
      objectName: row.name,
    });
  });
}

/**
 * Gives a token a new secret; the old one keeps working for graceHours (0: it stops now). A secret from an
 * earlier rotation stops at once.
 */
export async function rotateToken(
  db: Database,
  actor: AuditActor,
  scope: TokenScope,
  tokenId: number,
  graceHours: number,
): Promise<{ api_token: ApiTokenItem; token: string }> {
  return db.transaction(async (tx) => {
    const row = await lockToken(tx, scope, tokenId);
    const secret = newTokenSecret(row.id);
    const grace = graceHours > 0;
    await tx
      .update(t)
      .set({
        secretHash: tokenHash(secret),
        previousSecretHash: grace ? row.secretHash : null,
        previousValidUntil: grace ? sql`now() + make_interval(hours => ${graceHours}::int)` : null,
      })
      .where(eq(t.id, row.id));
    await audit(tx, actor, {
      cloudId: scope.kind === 'cloud' ? scope.cloudId : null,
      action: 'rotated',
      objectType: 'api_token',
      objectId: row.id,
      objectName: row.name,
      after: { graceHours },
    });
    const [item] = await items(tx, eq(t.id, row.id));
    if (!item) throw new Error('token not found');
    return { api_token: item, token: secret };
  });
}
