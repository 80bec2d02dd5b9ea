// The API tokens the access table tries on every row (server/test/access-rules.ts TOKENS), made the way a
// person makes them (docs/api-tokens.md#making-rotating-and-revoking): with their signed-in session.
import { ALL_CLOUD_PERMISSIONS } from '../../core/domain.ts';
import { TOKEN_KINDS, TOKENS, type TokenKind, type TokenSpec } from './access-rules.ts';
import { as, type Session, type TestApp } from './app.ts';
import type { RoleCloud } from './role-cloud.ts';

/** The secret of each of the table's tokens. */
export async function createTableTokens(t: TestApp, f: RoleCloud): Promise<Record<TokenKind, string>> {
  const secrets = {} as Record<TokenKind, string>;
  for (const kind of TOKEN_KINDS) secrets[kind] = await createToken(t, f, kind, TOKENS[kind]);
  return secrets;
}

async function createToken(t: TestApp, f: RoleCloud, kind: TokenKind, token: TokenSpec): Promise<string> {
  const common = { name: `Access table ${kind}`, read_only: token.readOnly, expires_at: null };
  const session: Session = f.sessions[token.as];
  let url = '/apiv2/user/api-tokens';
  let body: object = token.adminScope ? { ...common, admin_scope: true } : common;
  if (token.kind === 'cloud') {
    // The Administrator's token holds what the table's Administrator holds (no bit); the other cloud's
    // every bit its maker, that cloud's Owner, may give.
    const own = token.as === 'admin';
    url = `/apiv2/cloud/${own ? f.cloud.id : f.outsiderCloudId}/api-tokens`;
    body = { ...common, role_id: 'ROLE_ADMIN', permissions: own ? 0 : ALL_CLOUD_PERMISSIONS };
  }
  // The table's cloud's tokens are made by its Owner.
  const maker = token.kind === 'cloud' && token.as === 'admin' ? f.sessions.owner : session;
  const response = await t.app.inject({ method: 'POST', url, headers: as(maker), payload: body });
  if (response.statusCode !== 201) throw new Error(`token not made: ${response.statusCode} ${response.body}`);
  return response.json().token;
}
