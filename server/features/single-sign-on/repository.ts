// Single sign-on's storage (docs/single-sign-on.md): a cloud's provider and domains, which provider signs
// an email in, the password rule, and the accounts a sign-in makes or joins.
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { SsoSettings, SsoSettingsBody } from '../../../core/api/single-sign-on.ts';
import { changedValues } from '../../../core/audit.ts';
import type { Access } from '../../../core/policy.ts';
import { routes } from '../../../core/routes.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/connect.ts';
import { users } from '../../db/schema/accounts.ts';
import { clouds, memberships } from '../../db/schema/clouds.ts';
import { singleSignOn, singleSignOnDomains } from '../../db/schema/single-sign-on.ts';
import { errors } from '../../errors.ts';
import type { SecretBox } from '../config/seal.ts';
import { checkGrant } from '../users/members.ts';
import type { ProviderClient } from './provider.ts';

/** The address every provider sends the browser back to. */
export const redirectUri = (config: Config) => `${config.publicUrl}/auth/sso/callback`;
/** Where a provider sends the browser back after signing out there: the sign-in page. */
export const postLogoutRedirectUri = (publicUrl: string) => `${publicUrl}${routes.login.href()}`;

export const emailDomain = (email: string) =>
  email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();

/** A cloud's settings for its owners and administrators; defaults when none are saved. */
export async function readSettings(db: Database, config: Config, cloudId: number): Promise<SsoSettings> {
  const [row] = await db.select().from(singleSignOn).where(eq(singleSignOn.cloudId, cloudId));
  const domains = row ? await domainsOf(db, cloudId) : [];
  return {
    configured: row !== undefined,
    issuer_url: row?.issuerUrl ?? '',
    client_id: row?.clientId ?? '',
    client_secret_set: row !== undefined,
    domains,
    role_id: row?.roleId === 'ROLE_ADMIN' || row?.roleId === 'ROLE_USER' ? row.roleId : 'ROLE_GUEST',
    permissions: row?.permissions ?? 0,
    password_sign_in: row?.passwordSignIn ?? true,
    enabled: row?.enabled ?? false,
    redirect_uri: redirectUri(config),
    sign_out_at_provider: row?.signOutAtProvider ?? true,
    post_logout_redirect_uri: postLogoutRedirectUri(config.publicUrl),
  };
}

async function domainsOf(db: Database, cloudId: number): Promise<string[]> {
  const rows = await db
    .select({ domain: singleSignOnDomains.domain })
    .from(singleSignOnDomains)
    .where(eq(singleSignOnDomains.cloudId, cloudId))
    .orderBy(singleSignOnDomains.domain);
  return rows.map((row) => row.domain);
}

/**
 * Saves a cloud's provider: the first sign-in's role and bits no higher than the granter's (403), each
 * domain free of other clouds and of the deployment's provider (409), an https issuer and a client secret
 * on the first save (400). The change log records what changed, the secret only as changed.
 */
export async function saveSettings(
  db: Database,
  secrets: SecretBox,
  config: Config,
  actor: AuditActor,
  granter: Access,
  cloudId: number,
  body: SsoSettingsBody,
): Promise<void> {
  checkGrant(granter, { roleId: body.role_id, permissions: body.permissions, sites: [] });
  if (!config.oidcAllowHttp && !body.issuer_url.startsWith('https://')) {
    throw errors.validation([
      {
        errorCode: 'https',
        location: 'body',
        path: '/issuer_url',
        message: 'The issuer URL must start with https://.',
      },
    ]);
  }
  const domains = [...new Set(body.domains.map((domain) => domain.toLowerCase()))];
  const deployment = domains.find((domain) => config.oidc?.domains.includes(domain));
  if (deployment) throw errors.conflict(`${deployment} signs in with the deployment's single sign-on.`);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(singleSignOn)
      .where(eq(singleSignOn.cloudId, cloudId))
      .for('update');
    if (!before && body.client_secret === undefined) {
      throw errors.validation([
        {
          errorCode: 'required',
          location: 'body',
          path: '/client_secret',
          message: 'The client secret is needed the first time.',
        },
      ]);
    }
    const taken = await tx
      .select({ domain: singleSignOnDomains.domain })
      .from(singleSignOnDomains)
      .where(and(inArray(singleSignOnDomains.domain, domains), ne(singleSignOnDomains.cloudId, cloudId)));
    if (taken[0]) throw errors.conflict(`${taken[0].domain} signs in with another cloud's single sign-on.`);
    const values = {
      issuerUrl: body.issuer_url,
      clientId: body.client_id,
      roleId: body.role_id,
      permissions: body.permissions,
      passwordSignIn: body.password_sign_in,
      enabled: body.enabled,
      signOutAtProvider: body.sign_out_at_provider ?? before?.signOutAtProvider ?? true,
      // None for a cloud API token, which acts for no person (docs/api-tokens.md#cloud-tokens).
      updatedByUserId: actor.userId,
    };
    const sealed = body.client_secret === undefined ? undefined : secrets.sealText(body.client_secret);
    if (before) {
      await tx
        .update(singleSignOn)
        .set({ ...values, ...(sealed ? { clientSecretSealed: sealed } : {}), updatedAt: sql`now()` })
        .where(eq(singleSignOn.cloudId, cloudId));
    } else {
      await tx.insert(singleSignOn).values({ cloudId, ...values, clientSecretSealed: sealed ?? '' });
    }
    const beforeDomains = before ? await domainsOf(tx, cloudId) : [];
    await tx.delete(singleSignOnDomains).where(eq(singleSignOnDomains.cloudId, cloudId));
    await tx.insert(singleSignOnDomains).values(domains.map((domain) => ({ domain, cloudId })));
    type Logged = Pick<
      typeof before & object,
      'issuerUrl' | 'clientId' | 'roleId' | 'permissions' | 'passwordSignIn' | 'enabled' | 'signOutAtProvider'
    >;
    const logged = (row: Logged, list: string[]) => ({
      issuerUrl: row.issuerUrl,
      clientId: row.clientId,
      domains: [...list].sort().join(', '),
      roleId: row.roleId,
      permissions: row.permissions,
      passwordSignIn: row.passwordSignIn,
      enabled: row.enabled,
      signOutAtProvider: row.signOutAtProvider,
    });
    const after = logged(values, domains);
    const change = before ? changedValues(logged(before, beforeDomains), after) : { before: null, after };
    await audit(tx, actor, {
      cloudId,
      action: before ? 'changed' : 'created',
      objectType: 'single_sign_on',
      objectId: cloudId,
      objectName: body.issuer_url,
      before: change.before,
      after: { ...change.after, ...(before && sealed ? { clientSecret: 'changed' } : {}) },
    });
  });
}

/** Removes a cloud's provider (its domains go with it); 404 when none is set. */
export async function deleteSettings(db: Database, actor: AuditActor, cloudId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(singleSignOn)
      .where(eq(singleSignOn.cloudId, cloudId))
      .returning({ issuerUrl: singleSignOn.issuerUrl });
    if (!removed) throw errors.notFound('No single sign-on is set for this cloud.');
    await audit(tx, actor, {
      cloudId,
      action: 'deleted',
      objectType: 'single_sign_on',
      objectId: cloudId,
      objectName: removed.issuerUrl,
    });
  });
}

/** The provider that signs in an email's domain: an enabled cloud's, else the deployment's, else none. */
export type SignInProvider = {
  /** null: the deployment's provider. */
  cloudId: number | null;
  client: ProviderClient;
  grant: { roleId: 'ROLE_ADMIN' | 'ROLE_GUEST' | 'ROLE_USER'; permissions: number } | null;
  /** docs/single-sign-on.md#signing-out. */
  signOutAtProvider: boolean;
};

export async function providerFor(
  db: Database,
  secrets: SecretBox,
  config: Config,
  target: { domain: string } | { cloudId: number | null },
): Promise<SignInProvider | null> {
  const cloudId = 'cloudId' in target ? target.cloudId : null;
  if ('cloudId' in target && cloudId === null) return deploymentProvider(config);
  const [row] = await db
    .select({
      cloudId: singleSignOn.cloudId,
      issuerUrl: singleSignOn.issuerUrl,
      clientId: singleSignOn.clientId,
      clientSecretSealed: singleSignOn.clientSecretSealed,
      roleId: singleSignOn.roleId,
      permissions: singleSignOn.permissions,
      signOutAtProvider: singleSignOn.signOutAtProvider,
    })
    .from(singleSignOn)
    .innerJoin(clouds, eq(clouds.id, singleSignOn.cloudId))
    .where(
      and(
        'domain' in target
          ? sql`${singleSignOn.cloudId} = (select d.cloud_id from single_sign_on_domains d where d.domain = ${target.domain})`
          : eq(singleSignOn.cloudId, cloudId ?? 0),
        eq(singleSignOn.enabled, true),
        isNull(clouds.deletedAt),
      ),
    );
  if (row) {
    return {
      cloudId: row.cloudId,
      client: {
        issuerUrl: row.issuerUrl,
        clientId: row.clientId,
        clientSecret: secrets.openText(row.clientSecretSealed),
      },
      grant: {
        roleId: row.roleId === 'ROLE_ADMIN' || row.roleId === 'ROLE_USER' ? row.roleId : 'ROLE_GUEST',
        permissions: row.permissions,
      },
      signOutAtProvider: row.signOutAtProvider,
    };
  }
  if ('domain' in target && config.oidc?.domains.includes(target.domain)) return deploymentProvider(config);
  return null;
}

function deploymentProvider(config: Config): SignInProvider | null {
  if (!config.oidc) return null;
  const { issuerUrl, clientId, clientSecret, signOutAtProvider } = config.oidc;
  return {
    cloudId: null,
    client: { issuerUrl, clientId, clientSecret },
    grant: null,
    signOutAtProvider,
  };
}

/** Whether a provider signs in this domain: the cloud's own domains, or the deployment's. */
export async function signsInDomain(
  db: Database,
  config: Config,
  cloudId: number | null,
  domain: string,
): Promise<boolean> {
  if (cloudId === null) return config.oidc?.domains.includes(domain) ?? false;
  const [row] = await db
    .select({ cloudId: singleSignOnDomains.cloudId })
    .from(singleSignOnDomains)
    .where(and(eq(singleSignOnDomains.domain, domain), eq(singleSignOnDomains.cloudId, cloudId)));
  return row !== undefined;
}

/**
 * docs/single-sign-on.md#password-sign-in: a member of a cloud whose enabled single sign-on has password
 * sign-in off, with an email of one of its domains, signs in only through it; platform administrators
 * keep their password.
 */
export async function passwordSignInRefused(
  db: Database,
  user: { id: number; email: string },
): Promise<boolean> {
  const [row] = await db
    .select({ cloudId: singleSignOn.cloudId })
    .from(singleSignOnDomains)
    .innerJoin(singleSignOn, eq(singleSignOn.cloudId, singleSignOnDomains.cloudId))
    .innerJoin(
      memberships,
      and(eq(memberships.cloudId, singleSignOn.cloudId), eq(memberships.userId, user.id)),
    )
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(singleSignOnDomains.domain, emailDomain(user.email)),
        eq(singleSignOn.enabled, true),
        eq(singleSignOn.passwordSignIn, false),
        eq(users.isAdministrator, false),
      ),
    );
  return row !== undefined;
}

/** No password matches it: accounts made by a sign-in set one through "Forgot password" if they need one. */
const NO_PASSWORD = 'single-sign-on:no-password';

export type SignInRefusal = 'refused';

/**
 * The account a verified email signs in as (docs/single-sign-on.md#who-signs-in): made on the first
 * sign-in, joined to the provider's cloud with its role and bits. A cloud's provider signs in only
 * people whose memberships are all in that cloud, and never a platform administrator; a deleted account
 * is refused.
 */
export async function accountForSignIn(
  db: Database,
  provider: SignInProvider,
  person: { email: string; givenName: string; familyName: string },
  ip: string,
): Promise<{ userId: number; email: string } | SignInRefusal> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({
        id: users.id,
        email: users.email,
        deletedAt: users.deletedAt,
        isAdministrator: users.isAdministrator,
      })
      .from(users)
      .where(sql`lower(${users.email}) = ${person.email.toLowerCase()}`)
      .for('update');
    if (existing?.deletedAt) return 'refused';
    let account = existing && { userId: existing.id, email: existing.email };
    if (!account) {
      const [created] = await tx
        .insert(users)
        // The provider verified the address: the account starts verified.
        .values({
          email: person.email,
          firstname: person.givenName,
          lastname: person.familyName,
          passwordHash: NO_PASSWORD,
          emailVerifiedAt: new Date(),
        })
        .returning({ id: users.id });
      if (!created) throw new Error('account not created');
      account = { userId: created.id, email: person.email };
      await audit(
        tx,
        { userId: created.id, email: person.email, ip },
        {
          cloudId: null,
          action: 'created',
          objectType: 'user',
          objectId: created.id,
          objectName: person.email,
          after: { by: 'single sign-on' },
        },
      );
    }
    const { cloudId, grant } = provider;
    if (cloudId === null || grant === null) return account;
    if (existing?.isAdministrator) return 'refused';
    const held = await tx
      .select({ cloudId: memberships.cloudId })
      .from(memberships)
      .where(eq(memberships.userId, account.userId));
    if (held.some((membership) => membership.cloudId !== cloudId)) return 'refused';
    if (held.length === 0) {
      await tx.insert(memberships).values({
        userId: account.userId,
        cloudId,
        roleId: grant.roleId,
        permissions: grant.permissions,
      });
      await audit(
        tx,
        { userId: account.userId, email: account.email, ip },
        {
          cloudId,
          action: 'created',
          objectType: 'membership',
          objectId: account.userId,
          objectName: account.email,
          after: { roleId: grant.roleId, permissions: grant.permissions, by: 'single sign-on' },
        },
      );
    }
    return account;
  });
}
