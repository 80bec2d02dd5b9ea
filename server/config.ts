import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { DEFAULT_MAP_TILES, type MapTiles } from '../core/api/site-map.ts';
import { DEFAULT_HEARTBEAT_INTERVAL_S } from '../core/fleet/status.ts';
import { DEFAULT_THEME, loadTheme, type Theme } from './theme.ts';
import { webDistDir } from './web-dist-dir.ts';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  demo: boolean;
  logLevel: string;
  /** Marks cookies Secure; on by default behind https (TRUST_PROXY with X-Forwarded-Proto). */
  cookieSecure: boolean | 'auto';
  /**
   * Which X-Forwarded-* hops to believe: false (none), the number of proxies in front of the console, or
   * their addresses. The client address is the first hop not trusted, never a value the client chose.
   */
  trustProxy: false | number | string[];
  theme: Theme;
  errorReportUrl: string | null;
  errorReportKey: string | null;
  /** Folder of the built web app the server serves. */
  webDistDir: string;
  /** The VAPID subject (RFC 8292 §2.1) push services may contact the operator through. */
  pushSubject: string | null;
  /** Hosts the server sends Web Push messages to; an entry `*.example.com` matches any subdomain. */
  pushServiceHosts: readonly string[];
  /** Seconds between a device's heartbeats: the server sets the pace (core/fleet/status.ts). */
  heartbeatIntervalS: number;
  /** Refuse a heartbeat sent sooner than half an interval after the device's last one (429 with the pace). */
  heartbeatPace: boolean;
  /** With the demo data, run the fleet simulator for the demo clouds' devices. */
  simulator: boolean;
  /** API requests a second per session or address (server/auth/rate-limit.ts); 0 turns the limit off. */
  apiRateLimit: number;
  /** Agent API calls home a minute per source address (server/fleet/agent-rate-limit.ts); 0 for none. */
  agentAdoptRateLimit: number;
  /** Other agent API requests a second per source address, in each process's memory; 0 for none. */
  agentRateLimit: number;
  /**
   * smtp:// or smtps:// server for invitation, password-reset and alert mail; without one the inviter is shown
   * the link and no alert is mailed.
   */
  smtpUrl: string | null;
  /** The From address of that mail. */
  mailFrom: string;
  /** The console's address as people open it, for links in mail. */
  publicUrl: string;
  /**
   * Base64 of the 32-byte key that seals configuration secrets (docs/configuration.md#secrets); without it
   * the key is generated into the data directory. Every process of one console needs the same key.
   */
  configSecretKey: string | null;
  /** The site map's tiles (docs/site-map.md#tiles): an {z}/{x}/{y} URL template, and whose they are. */
  mapTiles: MapTiles;
  /** The domain under which each tunnel gets a host of its own (docs/remote-access.md). */
  tunnelDomain: string;
  /** Seconds a tunnel may carry nothing before it closes by itself (docs/remote-access.md). */
  tunnelIdleS: number;
  /** The bearer token GET /metrics asks for (docs/metrics.md#who-may-scrape); null: loopback callers only. */
  metricsToken: string | null;
  /** UDP ports of the RADIUS service (docs/guest-access.md#radius): authentication and accounting; 0 is off. */
  radiusAuthPort: number;
  radiusAcctPort: number;
  /**
   * Let webhooks call receivers on private, loopback and link-local addresses (docs/webhooks.md#receivers):
   * off by default, so a member cannot make the console call inside the operator's network.
   */
  webhookAllowPrivate: boolean;
  /** The deployment's OpenID provider (docs/single-sign-on.md#the-deployments-provider); null when unset. */
  oidc: DeploymentOidc | null;
  /** Let OpenID providers be reached over plain http (local test providers only). */
  oidcAllowHttp: boolean;
};

export type DeploymentOidc = {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** Email domains (lower case) the provider signs in. */
  domains: readonly string[];
  /** docs/single-sign-on.md#signing-out: signing out of the console signs out at the provider too. */
  signOutAtProvider: boolean;
};

/** An email domain as the console keeps it: lower case, letters, digits, hyphens and dots. */
export const EMAIL_DOMAIN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;

function readOidc(env: NodeJS.ProcessEnv, problems: string[]): DeploymentOidc | null {
  const names = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_DOMAINS'] as const;
  const set = names.filter((name) => env[name]);
  if (set.length === 0) return null;
  if (set.length < names.length) {
    problems.push(
      `OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_DOMAINS go together (missing ${names.filter((name) => !env[name]).join(', ')}).`,
    );
    return null;
  }
  const issuerUrl = env.OIDC_ISSUER ?? '';
  const allowHttp = ['1', 'true', 'yes'].includes(env.OIDC_ALLOW_HTTP ?? '');
  if (!(allowHttp ? /^https?:\/\// : /^https:\/\//).test(issuerUrl) || !URL.canParse(issuerUrl))
    problems.push(`OIDC_ISSUER must be the provider's https:// issuer URL (got "${issuerUrl}").`);
  const domains = (env.OIDC_DOMAINS ?? '').split(',').map((domain) => domain.trim().toLowerCase());
  if (!domains.every((domain) => EMAIL_DOMAIN.test(domain)))
    problems.push(
      `OIDC_DOMAINS must be email domains separated by commas, such as example.com (got "${env.OIDC_DOMAINS}").`,
    );
  return {
    issuerUrl,
    clientId: env.OIDC_CLIENT_ID ?? '',
    clientSecret: env.OIDC_CLIENT_SECRET ?? '',
    domains,
    signOutAtProvider: !['0', 'false', 'no'].includes(env.OIDC_SIGN_OUT_AT_PROVIDER ?? ''),
  };
}

function readMapTiles(env: NodeJS.ProcessEnv, problems: string[]): MapTiles {
  const url = env.MAP_STYLE_URL;
  if (!url) return DEFAULT_MAP_TILES;
  if (!/^https?:\/\/[^/\s]+\/\S*\{z\}\S*\{x\}\S*\{y\}/.test(url)) {
    problems.push(`MAP_STYLE_URL must be an http(s) tile URL with {z}, {x} and {y} (got "${url}").`);
    return DEFAULT_MAP_TILES;
  }
  const attributionUrl = env.MAP_ATTRIBUTION_URL || null;
  if (attributionUrl && !/^https?:\/\//.test(attributionUrl))
    problems.push('MAP_ATTRIBUTION_URL must be an http:// or https:// URL.');
  return { url, attribution_text: env.MAP_ATTRIBUTION || '', attribution_url: attributionUrl };
}

/** The origin tiles come from, as the Content-Security-Policy names it ({s} is any subdomain). */
export function mapTileOrigin(tiles: MapTiles): string {
  const origin = /^https?:\/\/[^/]+/.exec(tiles.url)?.[0] ?? '';
  return origin.replace(/\{s\}/g, '*');
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(
      `The console cannot start because its configuration is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * The push services of the browsers: Chrome and other Chromium browsers (FCM), Firefox (Mozilla autopush),
 * Safari (Apple, web.push.apple.com within *.push.apple.com) and Edge (Windows Notification Services).
 * Subscriptions elsewhere are refused, so a signed-in user cannot make the server send requests anywhere.
 */
export const DEFAULT_PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];
const HOST_PATTERN = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

function readTrustProxy(value: string | undefined, problems: string[]): Config['trustProxy'] {
  if (!value || ['0', 'false', 'no'].includes(value)) return false;
  if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
  const proxies = value.split(',').map((entry) => entry.trim());
  const isAddress = (entry: string) => {
    const [address = '', prefix] = entry.split('/');
    const version = isIP(address);
    const bits = version === 4 ? 32 : 128;
    return version > 0 && (prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= bits));
  };
  if (proxies.every(isAddress)) return proxies;
  problems.push(
    `TRUST_PROXY must be 0, the number of reverse proxies in front of the console (1 to 10), or their addresses separated by commas, such as 10.0.0.0/8 (got "${value}").`,
  );
  return false;
}

/** Reads and validates the configuration from environment variables; every problem is reported at once. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const flag = (name: string, fallback: boolean): boolean => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    if (['1', 'true', 'yes'].includes(value)) return true;
    if (['0', 'false', 'no'].includes(value)) return false;
    problems.push(`${name} must be 1 or 0 (got "${value}").`);
    return fallback;
  };

  const port = Number(env.PORT ?? '8080');
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`PORT must be a whole number from 0 to 65535 (got "${env.PORT}").`);
  }
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// connection string.');
  }
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}.`);
  const errorReportUrl = env.ERROR_REPORT_URL || null;
  if (errorReportUrl && !URL.canParse(errorReportUrl))
    problems.push('ERROR_REPORT_URL must be an absolute URL.');
  const pushSubject = env.PUSH_SUBJECT || null;
  if (
    pushSubject &&
    !(
      /^mailto:[^\s@]+@[^\s@]+$/.test(pushSubject) ||
      (/^https:\/\//.test(pushSubject) && URL.canParse(pushSubject))
    )
  ) {
    problems.push(`PUSH_SUBJECT must be a mailto: address or an https:// URL (got "${pushSubject}").`);
  }
  const pushServiceHosts = env.PUSH_SERVICE_HOSTS
    ? env.PUSH_SERVICE_HOSTS.split(',').map((host) => host.trim().toLowerCase())
    : DEFAULT_PUSH_SERVICE_HOSTS;
  if (!pushServiceHosts.every((host) => HOST_PATTERN.test(host))) {
    problems.push(
      `PUSH_SERVICE_HOSTS must be host names separated by commas, each may start with "*." (got "${env.PUSH_SERVICE_HOSTS}").`,
    );
  }
  const heartbeatIntervalS = Number(env.HEARTBEAT_INTERVAL_S ?? DEFAULT_HEARTBEAT_INTERVAL_S);
  if (!Number.isInteger(heartbeatIntervalS) || heartbeatIntervalS < 1 || heartbeatIntervalS > 3600) {
    problems.push(
      `HEARTBEAT_INTERVAL_S must be a whole number of seconds from 1 to 3600 (got "${env.HEARTBEAT_INTERVAL_S}").`,
    );
  }
  const apiRateLimit = Number(env.API_RATE_LIMIT ?? '25');
  if (!Number.isInteger(apiRateLimit) || apiRateLimit < 0 || apiRateLimit > 100_000) {
    problems.push(
      `API_RATE_LIMIT must be a whole number of requests a second, 0 for no limit (got "${env.API_RATE_LIMIT}").`,
    );
  }
  const agentAdoptRateLimit = Number(env.AGENT_ADOPT_RATE_LIMIT ?? '60');
  if (!Number.isInteger(agentAdoptRateLimit) || agentAdoptRateLimit < 0 || agentAdoptRateLimit > 1_000_000) {
    problems.push(
      `AGENT_ADOPT_RATE_LIMIT must be a whole number of calls a minute per address, 0 for no limit (got "${env.AGENT_ADOPT_RATE_LIMIT}").`,
    );
  }
  const agentRateLimit = Number(env.AGENT_RATE_LIMIT ?? '1000');
  if (!Number.isInteger(agentRateLimit) || agentRateLimit < 0 || agentRateLimit > 1_000_000) {
    problems.push(
      `AGENT_RATE_LIMIT must be a whole number of requests a second per address, 0 for no limit (got "${env.AGENT_RATE_LIMIT}").`,
    );
  }
  const smtpUrl = env.SMTP_URL || null;
  if (smtpUrl && !/^smtps?:\/\/./.test(smtpUrl))
    problems.push('SMTP_URL must be an smtp:// or smtps:// URL.');
  // Without it, links name this machine; a PORT that is wrong is reported once, as PORT.
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${Number.isInteger(port) ? port : 8080}`).replace(
    /\/+$/,
    '',
  );
  if (!/^https?:\/\//.test(publicUrl) || !URL.canParse(publicUrl)) {
    problems.push(`PUBLIC_URL must be the console's http:// or https:// address (got "${env.PUBLIC_URL}").`);
  }
  const cookieSecureRaw = env.COOKIE_SECURE;
  const cookieSecure =
    cookieSecureRaw === undefined || cookieSecureRaw === 'auto' ? 'auto' : flag('COOKIE_SECURE', false);

  let theme = DEFAULT_THEME;
  if (env.THEME_FILE) {
    try {
      theme = loadTheme(env.THEME_FILE);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }

  const tunnelDomain = (env.TUNNEL_DOMAIN || 'localhost').toLowerCase();
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(tunnelDomain))
    problems.push(
      `TUNNEL_DOMAIN must be a domain name such as tunnels.example.com (got "${env.TUNNEL_DOMAIN}").`,
    );
  const tunnelIdleS = Number(env.TUNNEL_IDLE_S ?? '600');
  if (!Number.isInteger(tunnelIdleS) || tunnelIdleS < 1 || tunnelIdleS > 86_400)
    problems.push(
      `TUNNEL_IDLE_S must be a whole number of seconds from 1 to 86400 (got "${env.TUNNEL_IDLE_S}").`,
    );
  const udpPort = (name: string, fallback: number) => {
    const value = Number(env[name] || fallback);
    if (!Number.isInteger(value) || value < 0 || value > 65535)
      problems.push(`${name} must be a UDP port from 1 to 65535, or 0 to turn it off (got "${env[name]}").`);
    return value;
  };
  const radiusAuthPort = udpPort('RADIUS_AUTH_PORT', 1812);
  const radiusAcctPort = udpPort('RADIUS_ACCT_PORT', 1813);
  const metricsToken = env.METRICS_TOKEN || null;
  if (metricsToken !== null && !/^[\x21-\x7e]{16,256}$/.test(metricsToken))
    problems.push(
      'METRICS_TOKEN must be 16 to 256 visible ASCII characters without spaces (openssl rand -hex 32).',
    );
  const configSecretKey = env.CONFIG_SECRET_KEY || null;
  if (configSecretKey !== null && Buffer.from(configSecretKey, 'base64').length !== 32)
    problems.push('CONFIG_SECRET_KEY must be 32 bytes in base64 (openssl rand -base64 32).');

  const config: Config = {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR || 'data'),
    databaseUrl,
    demo: flag('DEMO', true),
    logLevel,
    cookieSecure,
    trustProxy: readTrustProxy(env.TRUST_PROXY, problems),
    theme,
    errorReportUrl,
    errorReportKey: env.ERROR_REPORT_KEY || null,
    webDistDir: resolve(webDistDir(env)),
    pushSubject,
    pushServiceHosts,
    heartbeatIntervalS,
    heartbeatPace: flag('HEARTBEAT_PACE', true),
    simulator: flag('SIMULATOR', true),
    apiRateLimit,
    agentAdoptRateLimit,
    agentRateLimit,
    smtpUrl,
    mailFrom:
      env.MAIL_FROM ||
      `${theme.product_name} <no-reply@${URL.canParse(publicUrl) ? new URL(publicUrl).hostname : 'localhost'}>`,
    publicUrl,
    configSecretKey,
    mapTiles: readMapTiles(env, problems),
    tunnelDomain,
    tunnelIdleS,
    metricsToken,
    radiusAuthPort,
    radiusAcctPort,
    webhookAllowPrivate: flag('WEBHOOK_ALLOW_PRIVATE', false),
    oidc: readOidc(env, problems),
    oidcAllowHttp: flag('OIDC_ALLOW_HTTP', false),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
