import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SESSION_COOKIE, sessionUserId } from '../../auth/request-auth.ts';
import { findSession } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { LiveHub, LiveRow } from '../../events/hub.ts';
import { signedInErrors } from '../../http-schemas.ts';

/** A comment line keeps proxies from closing a quiet stream. */
const PING_MS = 25_000;
/** How long the browser waits before reconnecting a dropped stream. */
const RETRY_MS = 3_000;

const format = (row: LiveRow) => `id: ${row.id}\nevent: ${row.kind}\ndata: ${JSON.stringify(row.data)}\n\n`;

/** GET /apiv2/events: the signed-in user's live event stream (Server-Sent Events). */
export function eventRoutes(ctx: AppContext, hub: LiveHub): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/events',
      {
        schema: {
          tags: ['events'],
          summary:
            'Server-Sent Events: alerts raised and resolved, task progress, device status and health, for the ' +
            'clouds and sites the caller sees. Reconnect with Last-Event-ID to get what was missed (5 minutes)',
          response: signedInErrors,
        },
      },
      async (request, reply) => {
        const userId = sessionUserId(request);
        const token = request.cookies[SESSION_COOKIE] ?? '';
        const header = request.headers['last-event-id'];
        const lastEventId = typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : null;
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
          'x-app-version': ctx.appVersion,
        });
        raw.write(`retry: ${RETRY_MS}\n\n`);
        let unsubscribe = () => {};
        let closed = false;
        const ping = setInterval(() => raw.write(': ping\n\n'), PING_MS);
        request.raw.once('close', () => {
          closed = true;
          clearInterval(ping);
          unsubscribe();
        });
        try {
          unsubscribe = await hub.subscribe(
            {
              userId,
              send: (row) => raw.write(format(row)),
              stillSignedIn: async () => (await findSession(ctx.db, token))?.userId === userId,
              end: () => raw.end(),
            },
            lastEventId,
          );
          // A browser that left while the stream was opening.
          if (closed) unsubscribe();
        } catch (error) {
          // The browser reconnects after RETRY_MS; its polling covers the gap.
          request.log.error({ err: error }, 'opening a live event stream failed');
          raw.end();
        }
      },
    );
  };
}
