import { createHash, timingSafeEqual } from 'node:crypto';
import { isIPv4 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { ConsoleMetrics } from './console-metrics.ts';

/** Whether an address is this machine's own: 127.0.0.0/8, ::1, or 127.x written as IPv6 (::ffff:127.x). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || (isIPv4(plain) && plain.startsWith('127.'));
}

/**
 * Without METRICS_TOKEN only this machine may scrape (docs/metrics.md#who-may-scrape): the connection, the
 * client address as TRUST_PROXY reads it, and every X-Forwarded-For hop must all be loopback, so a forwarded
 * header never makes a remote caller look local, whatever proxies are trusted.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  if (!isLoopback(request.socket.remoteAddress) || !isLoopback(request.ip)) return false;
  const forwarded = request.headers['x-forwarded-for'];
  if (forwarded === undefined) return true;
  return [forwarded]
    .flat()
    .flatMap((value) => value.split(','))
    .every((hop) => isLoopback(hop.trim()));
}

/** Compares in constant time: both sides are hashed first, so not even the token's length shows. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Records every answered request by its route's pattern (docs/metrics.md#http-requests). */
export function registerRequestMetrics(app: FastifyInstance, metrics: ConsoleMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime);
    done();
  });
}

/**
 * GET /metrics: this process's metrics in Prometheus's text format, outside /apiv2 and the OpenAPI document.
 * With METRICS_TOKEN, `Authorization: Bearer <token>` (401 otherwise); without it, loopback callers only (403).
 */
export function registerMetricsRoute(app: FastifyInstance, ctx: AppContext, metrics: ConsoleMetrics): void {
  const token = ctx.config.metricsToken;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (token !== null) {
      const header = request.headers.authorization ?? '';
      const given = /^Bearer (\S+)$/i.exec(header)?.[1] ?? '';
      if (!sameSecret(given, token)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ message: 'A valid metrics token is required (Authorization: Bearer).' });
      }
    } else if (!fromThisMachine(request)) {
      return reply
        .code(403)
        .send({ message: 'Metrics are served only to this machine unless METRICS_TOKEN is set.' });
    }
    return reply.type(metrics.contentType).send(await metrics.scrape());
  });
}
