// Which brand a request gets (docs/vpc.md#host-names): the host name it arrived on (Fastify's hostname,
// which follows X-Forwarded-Host only when TRUST_PROXY trusts the proxy) picks a vpc cloud's brand;
// every other host gets the deployment's theme (THEME_FILE).
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/connect.ts';
import type { Theme } from '../../theme.ts';
import { type BrandRow, findBrand, findCloud, hostBrands } from './repository.ts';

/** How long a process trusts its copy of the host table when another process may have changed it. */
export const HOST_CACHE_TTL_MS = 30_000;

type HostTable = { loadedAt: number; byHost: Map<string, BrandTheme> };
/** A brand as requests on its host see it. */
export type BrandTheme = { cloudId: number; hostName: string; theme: Theme; version: number };

const tables = new WeakMap<Database, Promise<HostTable>>();

/** The brand's theme: its own settings over the deployment's, without what it does not set. */
export function brandTheme(base: Theme, brand: BrandRow): Theme {
  const image = (kind: 'logo' | 'favicon') => `/apiv2/theme/${kind}?v=${brand.version}`;
  return {
    ...base,
    product_name: brand.productName,
    logo_url: brand.logoType ? image('logo') : null,
    favicon_url: brand.faviconType ? image('favicon') : null,
    primary_color: brand.primaryColor ?? base.primary_color,
    privacy_policy_url: brand.privacyUrl ?? base.privacy_policy_url,
    help_url: brand.supportUrl ?? base.help_url,
    sign_in_text: brand.signInText,
  };
}

async function loadTable(db: Database, base: Theme): Promise<HostTable> {
  const rows = await hostBrands(db);
  const byHost = new Map<string, BrandTheme>();
  for (const row of rows) {
    if (row.hostName)
      byHost.set(row.hostName, {
        cloudId: row.cloudId,
        hostName: row.hostName,
        theme: brandTheme(base, row),
        version: row.version,
      });
  }
  return { loadedAt: Date.now(), byHost };
}

/** The host table, read again after a change in this process or once it is HOST_CACHE_TTL_MS old. */
async function hostTable(db: Database, base: Theme): Promise<HostTable> {
  const cached = tables.get(db);
  if (cached) {
    const table = await cached.catch(() => null);
    if (table && Date.now() - table.loadedAt < HOST_CACHE_TTL_MS) return table;
  }
  const loading = loadTable(db, base);
  tables.set(db, loading);
  loading.catch(() => tables.delete(db));
  return loading;
}

/** Forgets the host table after a brand changes, so the next request reads it again. */
export function forgetHostBrands(db: Database): void {
  tables.delete(db);
}

/** The request's host name, lower-cased and without a port. */
export const requestHost = (request: FastifyRequest) => request.hostname.toLowerCase().replace(/\.$/, '');

/** The brand of the host a request arrived on; null on any other host. */
export async function brandOfRequest(
  db: Database,
  config: Pick<Config, 'theme'>,
  request: FastifyRequest,
): Promise<BrandTheme | null> {
  const table = await hostTable(db, config.theme);
  return table.byHost.get(requestHost(request)) ?? null;
}

/** The theme a request gets: its host's brand, or the deployment's. */
export async function themeOfRequest(
  db: Database,
  config: Pick<Config, 'theme'>,
  request: FastifyRequest,
): Promise<Theme> {
  return (await brandOfRequest(db, config, request))?.theme ?? config.theme;
}

/** What mail names itself as, and the address its links open. */
export type MailIdentity = {
  productName: string;
  from: string | { name: string; address: string };
  publicUrl: string;
};

/** The address part of MAIL_FROM ("Name <address>" or a bare address). */
const mailAddress = (mailFrom: string) => /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();

function identityOf(
  config: Pick<Config, 'theme' | 'mailFrom' | 'publicUrl'>,
  brand: { productName: string; hostName: string | null } | null,
): MailIdentity {
  if (!brand)
    return { productName: config.theme.product_name, from: config.mailFrom, publicUrl: config.publicUrl };
  const url = new URL(config.publicUrl);
  return {
    productName: brand.productName,
    // The deployment's sending address, under the brand's name: the mail server sends for that address.
    from: { name: brand.productName, address: mailAddress(config.mailFrom) },
    // Links open on the brand's host, with the scheme and port the console is reached on.
    publicUrl: brand.hostName
      ? `${url.protocol}//${brand.hostName}${url.port ? `:${url.port}` : ''}`
      : config.publicUrl,
  };
}

/** Mail for someone using the console on the request's host: that host's brand, or the deployment's. */
export async function mailIdentityOfRequest(
  db: Database,
  config: Pick<Config, 'theme' | 'mailFrom' | 'publicUrl'>,
  request: FastifyRequest,
): Promise<MailIdentity> {
  const brand = await brandOfRequest(db, config, request);
  return identityOf(config, brand && { productName: brand.theme.product_name, hostName: brand.hostName });
}

/** Mail sent for a cloud: a vpc cloud's brand, or the deployment's. */
export async function mailIdentityOfCloud(
  db: Database,
  config: Pick<Config, 'theme' | 'mailFrom' | 'publicUrl'>,
  cloudId: number,
): Promise<MailIdentity> {
  const cloud = await findCloud(db, cloudId);
  const brand = cloud?.planType === 'vpc' ? await findBrand(db, cloudId) : null;
  return identityOf(config, brand);
}
