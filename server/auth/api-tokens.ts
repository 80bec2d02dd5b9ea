// Finding the API token a bearer request carries (docs/api-tokens.md).
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { API_TOKEN_PREFIX, type ApiTokenKind } from '../../core/api/api-tokens.ts';
import type { RoleId } from '../../core/domain.ts';
import type { Database } from '../db/connect.ts';
import { users } from '../db/schema/accounts.ts';
import { apiTokens } from '../db/schema/api-tokens.ts';
import { newToken, tokenHash } from './tokens.ts';

/** A live token as a request carries it. */
export type ApiToken = {
  id: number;
  kind: ApiTokenKind;
  name: string;
  /** A personal token's owner. */
  userId: number | null;
  /** A cloud token's cloud, role and permission bits. */
  cloudId: number | null;
  roleId: RoleId | null;
  /** A cloud token's bits; a personal token's the bits it keeps of its owner's, null for all of them. */
  permissions: number | null;
  /** A personal token's clouds; null for every cloud its owner belongs to. */
  cloudIds: number[] | null;
  readOnly: boolean;
  adminScope: boolean;
  /** A personal token's owner's email, for the change log. */
  ownerEmail: string | null;
};

// Writing the last use on every request would turn every read into a write.
const TOUCH_INTERVAL_MS = 60 * 1000;

/** A new secret for token `id`: recognisable by its prefix, 256 random bits after it. */
export const newTokenSecret = (id: number) => `${API_TOKEN_PREFIX}${id}_${newToken()}`;

/**
 * The live token for a secret: not revoked, not expired, its current secret or the previous one within its
 * grace; a personal token only while its owner's account exists. Notes the last use (time and address) at
 * most once a minute.
 */
export async function findApiToken(db: Database, secret: string, ip: string): Promise<ApiToken | null> {
  if (!secret.startsWith(API_TOKEN_PREFIX) || secret.length > 200) return null;
  const hash = tokenHash(secret);
  const now = new Date();
  const t = apiTokens;
  const [row] = await db
    .select({
      id: t.id,
      kind: t.kind,
      name: t.name,
      userId: t.userId,
      cloudId: t.cloudId,
      roleId: t.roleId,
      permissions: t.permissions,
      cloudIds: t.cloudIds,
      readOnly: t.readOnly,
      adminScope: t.adminScope,
      lastUsedAt: t.lastUsedAt,
      ownerEmail: users.email,
      ownerDeletedAt: users.deletedAt,
    })
    .from(t)
    .leftJoin(users, eq(users.id, t.userId))
    .where(
      and(
        or(eq(t.secretHash, hash), and(eq(t.previousSecretHash, hash), gt(t.previousValidUntil, now))),
        isNull(t.revokedAt),
        or(isNull(t.expiresAt), gt(t.expiresAt, now)),
      ),
    );
  if (!row || (row.kind === 'personal' && (row.ownerEmail === null || row.ownerDeletedAt !== null))) {
    return null;
  }
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(t).set({ lastUsedAt: sql`now()`, lastUsedIp: ip }).where(eq(t.id, row.id));
  }
  const { lastUsedAt: _used, ownerDeletedAt: _deleted, ...token } = row;
  return token;
}

/** Whether a token still works: not revoked, not expired (a live event stream ends with its token). */
export async function isApiTokenLive(db: Database, id: number): Promise<boolean> {
  const now = new Date();
  const [row] = await db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.id, id),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
      ),
    );
  return row !== undefined;
}

/** The change log's name for a token: its name, and a personal token's owner. */
export function tokenActorName(token: ApiToken): string {
  const name = `API token "${token.name}"`;
  return token.ownerEmail ? `${name} (${token.ownerEmail})` : name;
}
