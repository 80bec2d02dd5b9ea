// A tunnel's own origin (docs/remote-access.md, docs/security.md#remote-web-access): requests to
// t{id}-{key}.{TUNNEL_DOMAIN} on the console's port are the device's web page, never the console. The
// browser trades the one-time grant for a cookie of this host, and every request after is checked: the
// console session that opened the tunnel still signed in, its member still allowed, the tunnel open.
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../core/locales.ts';
import { mayReach } from '../../../core/tunnels.ts';
import { loadMembership } from '../../auth/cloud-scope.ts';
import { CSRF_COOKIE, SESSION_COOKIE } from '../../auth/request-auth.ts';
import { SESSION_IDLE_MS } from '../../auth/sessions.ts';
import { newToken, tokenHash } from '../../auth/tokens.ts';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/rows.ts';
import { type MessageKey, mailText } from '../../mail/mail-text.ts';
import { markFirstUse } from './service.ts';
import { TunnelUnavailableError, tunnelRequest, waitForTunnel } from './transport.ts';

/** The tunnel host's own cookie; the device never sees it and cannot set it. */
export const TUNNEL_COOKIE = 'tunnel_access';
/** The path on a tunnel host that trades a grant for the cookie. */
export const GRANT_PATH = '/__tunnel/grant';
/** Cookies the console sets: a browser never sends them to a tunnel host, and they are never forwarded. */
const CONSOLE_COOKIES = new Set([TUNNEL_COOKIE, SESSION_COOKIE, CSRF_COOKIE]);
/** How long a request waits for a device that is still connecting. */
const CONNECT_WAIT_MS = 20_000;
/** How long the device has to start answering a request. */
const ANSWER_WAIT_MS = 60_000;
/** Largest request body a browser sends a device's page. */
const REQUEST_BODY_LIMIT = 8 * 1024 * 1024;

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
]);

/** Headers every answer of a tunnel host carries, whatever the device sends. */
export const TUNNEL_SECURITY_HEADERS: Record<string, string> = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
  'x-robots-tag': 'noindex',
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The tunnel a Host header names, or null when it names the console. */
export function tunnelHostOf(domain: string) {
  const pattern = new RegExp(`^t(\\d{1,10})-([0-9a-f]{20})\\.${escapeRegExp(domain)}(?::\\d{1,5})?$`);
  return (host: string | undefined) => {
    const match = host ? pattern.exec(host.toLowerCase()) : null;
    return match ? { tunnelId: Number(match[1]), hostKey: match[2] as string } : null;
  };
}

/** The Cookie header without the console's cookies and the tunnel's own. */
export function deviceCookies(header: string | undefined): string | null {
  if (!header) return null;
  const kept = header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !CONSOLE_COOKIES.has(part.split('=')[0]?.trim() ?? ''));
  return kept.length > 0 ? kept.join('; ') : null;
}

/** A device's Set-Cookie without a Domain attribute; null for a cookie of the console's names. */
export function deviceSetCookie(value: string): string | null {
  const [pair = '', ...attributes] = value.split(';');
  if (CONSOLE_COOKIES.has(pair.split('=')[0]?.trim() ?? '')) return null;
  return [pair.trim(), ...attributes.map((a) => a.trim()).filter((a) => !/^domain\s*=/i.test(a))]
    .filter((part) => part !== '')
    .join('; ');
}

/** What the browser's request becomes on the device: the console's cookies and proxy headers gone. */
function forwardedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name === 'cookie') continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const cookies = deviceCookies(headers.cookie);
  if (cookies) out.cookie = cookies;
  return out;
}

/** Multi-valued headers (Set-Cookie) come over the tunnel joined by newlines (docs/agent-protocol.md). */
function answerHeaders(headers: Record<string, string>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [raw, value] of Object.entries(headers)) {
    const name = raw.toLowerCase();
    if (HOP_BY_HOP.has(name) && name !== 'content-length') continue;
    if (name === 'set-cookie') {
      const cookies = value
        .split('\n')
        .map(deviceSetCookie)
        .filter((cookie): cookie is string => cookie !== null);
      if (cookies.length > 0) out[name] = cookies;
      continue;
    }
    // A device's own address never reaches the browser: an absolute redirect keeps its path only.
    if (name === 'location' && /^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
      const url = URL.canParse(value) ? new URL(value) : null;
      out[name] = url ? `${url.pathname}${url.search}${url.hash}` : '/';
      continue;
    }
    if (name === 'content-security-policy' || name === 'x-frame-options') continue;
    out[name] = value.replace(/[\r\n]/g, ' ');
  }
  return { ...out, ...TUNNEL_SECURITY_HEADERS };
}

function readCookie(header: string | undefined, name: string): string | null {
  for (const part of header?.split(';') ?? []) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

/** The browser's language among the console's, for the pages a tunnel host answers with itself. */
function languageOf(request: FastifyRequest, preferred: string | null): Locale {
  if (preferred && isLocale(preferred)) return preferred;
  const accepted = String(request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim().replace('-', '_') ?? '');
  for (const tag of accepted) {
    if (isLocale(tag)) return tag;
    const base = tag.split('_')[0];
    if (base === 'es') return 'es_419';
    if (base === 'zh') return 'zh_CN';
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page the tunnel host answers itself: why the device's page is not shown. */
function notice(reply: FastifyReply, status: number, language: Locale, title: MessageKey, text: MessageKey) {
  const t = mailText(language);
  const body = `<!doctype html><html lang="${language.replace('_', '-')}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t(title))}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5">
<main><h1 style="font-size:1.5rem">${escapeHtml(t(title))}</h1><p>${escapeHtml(t(text))}</p></main></body></html>`;
  reply.raw.writeHead(status, {
    ...TUNNEL_SECURITY_HEADERS,
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  });
  reply.raw.end(body);
}

type Grantee = {
  id: number;
  cloud_id: number;
  device_id: number | null;
  smart_nvr_id: number | null;
  site_id: number | null;
  state: string;
  user_id: number;
  ip: string | null;
  language: string | null;
};

/** The tunnel a cookie stands for, with its member, when the session is live and the tunnel not over. */
async function grantee(ctx: AppContext, tunnelId: number, hostKey: string, where: ReturnType<typeof sql>) {
  const [row] = await queryRows<Grantee>(
    ctx.db,
    sql`
    SELECT t.id, t.cloud_id, t.device_id, t.smart_nvr_id, d.site_id, t.state, s.user_id, s.ip,
      u.preferred_language AS language
    FROM tunnels t
    JOIN sessions s ON s.id_hash = t.session_hash AND s.revoked_at IS NULL AND s.expires_at > now()
      AND s.last_seen_at > now() - make_interval(secs => ${SESSION_IDLE_MS / 1000})
    JOIN users u ON u.id = s.user_id AND u.deleted_at IS NULL
    LEFT JOIN devices d ON d.id = t.device_id AND d.deleted_at IS NULL
    WHERE t.id = ${tunnelId} AND t.host_key = ${hostKey} AND t.service = 'web' AND t.state <> 'closed'
      AND t.expires_at > now() AND (t.device_id IS NULL OR d.id IS NOT NULL) AND ${where}`,
  );
  if (!row) return null;
  const membership = await loadMembership(ctx.db, row.user_id, row.cloud_id);
  if (!membership || !mayReach(membership, { smartNvrId: row.smart_nvr_id, siteId: row.site_id }))
    return null;
  return row;
}

function readBody(request: FastifyRequest): Promise<Uint8Array | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.raw.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > REQUEST_BODY_LIMIT) {
        resolve(null);
        request.raw.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.raw.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    request.raw.on('error', reject);
  });
}

async function serve(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  tunnelId: number,
  hostKey: string,
) {
  const url = new URL(request.url, 'http://tunnel');
  const secure = ctx.secureCookies(request);
  if (url.pathname === GRANT_PATH) {
    const grant = url.searchParams.get('g') ?? '';
    const access = newToken();
    // One use: the grant is gone whether or not the session still holds.
    const [taken] = await queryRows<{ id: number }>(
      ctx.db,
      sql`
      UPDATE tunnels SET grant_hash = NULL, grant_expires_at = NULL, access_hash = ${tokenHash(access)}
      WHERE id = ${tunnelId} AND host_key = ${hostKey} AND grant_hash = ${tokenHash(grant)}
        AND grant_expires_at > now() AND state <> 'closed'
      RETURNING id`,
    );
    const row = taken ? await grantee(ctx, tunnelId, hostKey, sql`true`) : null;
    if (!row) {
      return notice(
        reply,
        403,
        languageOf(request, null),
        'tunnels.host.grantTitle',
        'tunnels.host.grantText',
      );
    }
    reply.raw.writeHead(303, {
      ...TUNNEL_SECURITY_HEADERS,
      location: '/',
      'set-cookie': `${TUNNEL_COOKIE}=${access}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
    });
    reply.raw.end();
    return;
  }
  const cookie = readCookie(request.headers.cookie, TUNNEL_COOKIE);
  const row = cookie
    ? await grantee(ctx, tunnelId, hostKey, sql`t.access_hash = ${tokenHash(cookie)}`)
    : null;
  if (!row) {
    return notice(
      reply,
      403,
      languageOf(request, null),
      'tunnels.host.closedTitle',
      'tunnels.host.closedText',
    );
  }
  const language = languageOf(request, row.language);
  if (!(await waitForTunnel(tunnelId, CONNECT_WAIT_MS))) {
    return notice(reply, 504, language, 'tunnels.host.unreachableTitle', 'tunnels.host.unreachableText');
  }
  const body =
    request.method === 'GET' || request.method === 'HEAD' ? new Uint8Array() : await readBody(request);
  if (body === null) {
    return notice(reply, 413, language, 'tunnels.host.tooLargeTitle', 'tunnels.host.tooLargeText');
  }
  await markFirstUse(ctx.db, tunnelId, { userId: row.user_id, ip: request.ip });
  const hangUp = new AbortController();
  reply.raw.once('close', () => hangUp.abort());
  // A device that does not start its answer in time is given up on; a long answer may take its time.
  const slow = setTimeout(() => hangUp.abort(), ANSWER_WAIT_MS);
  try {
    const answer = await tunnelRequest(
      tunnelId,
      {
        method: request.method,
        path: `${url.pathname}${url.search}`,
        headers: forwardedHeaders(request.headers),
        body,
      },
      hangUp.signal,
    );
    clearTimeout(slow);
    reply.raw.writeHead(answer.status, answerHeaders(answer.headers));
    if (request.method === 'HEAD') {
      await answer.body.cancel();
      reply.raw.end();
      return;
    }
    Readable.fromWeb(answer.body as never)
      .on('error', () => reply.raw.destroy())
      .pipe(reply.raw);
  } catch (error) {
    clearTimeout(slow);
    if (!(error instanceof TunnelUnavailableError)) throw error;
    if (reply.raw.destroyed) return;
    return notice(reply, 502, language, 'tunnels.host.unreachableTitle', 'tunnels.host.unreachableText');
  }
}

/**
 * Answers every request to a tunnel host before the console's own hooks and routes run: nothing of the
 * console (its pages, its API, its cookies) is reachable there.
 */
export function registerTunnelHost(app: FastifyInstance, ctx: AppContext): void {
  const tunnelOf = tunnelHostOf(ctx.config.tunnelDomain);
  app.addHook('onRequest', async (request, reply) => {
    const tunnel = tunnelOf(request.headers.host);
    if (!tunnel) return;
    reply.hijack();
    try {
      await serve(ctx, request, reply, tunnel.tunnelId, tunnel.hostKey);
    } catch (error) {
      request.log.error({ err: error }, 'tunnel host request failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, TUNNEL_SECURITY_HEADERS);
        reply.raw.end();
      } else reply.raw.destroy();
    }
    return reply;
  });
}
