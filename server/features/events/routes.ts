import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isApiTokenLive } from '../../auth/api-tokens.ts';
import { SESSION_COOKIE, sessionUserId } from '../../auth/request-auth.ts';
import { findSession } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { LiveHub, LiveRow } from '../../events/hub.ts';
import { signedInErrors } from '../../http-schemas.ts';

/** A comment line keeps proxies from closing a quiet stream. */
const PING_MS = 25_000;
/** How long the browser waits before reconnecting a dropped stream. */
const RETRY_MS = 3_000;
/**
 * A stream whose data waiting to be sent passes this is ended: its reader does not keep up. The browser
 * reconnects with the last event it received and is sent the rest (docs/architecture.md, live events).
 */
export const STREAM_BUFFER_LIMIT = 1024 * 1024;
/** How long an ended stream may take to send what it holds before its connection is dropped. */
const END_GRACE_MS = 30_000;

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
        const apiTokenId = request.apiToken?.id ?? null;
        const token = apiTokenId === null ? (request.cookies[SESSION_COOKIE] ?? '') : '';
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
        let unsubscribe = () => {};
        let closed = false;
        let grace: NodeJS.Timeout | undefined;
        const end = () => {
          if (closed) return;
          closed = true;
          // Once all is sent the connection is the browser's again; a reader that never reads loses it.
          raw.once('finish', () => clearTimeout(grace));
          raw.end();
          grace = setTimeout(() => raw.destroy(), END_GRACE_MS).unref();
        };
        /** Writes unless the stream has ended; ends it when its reader falls behind. */
        const write = (text: string) => {
          if (closed) return false;
          raw.write(text);
          if (raw.writableLength <= STREAM_BUFFER_LIMIT) return true;
          request.log.info(
            { buffered: raw.writableLength },
            'live event stream ended: its reader does not keep up',
          );
          end();
          return false;
        };
        write(`retry: ${RETRY_MS}\n\n`);
        const ping = setInterval(() => write(': ping\n\n'), PING_MS);
        request.raw.once('close', () => {
          closed = true;
          clearInterval(ping);
          clearTimeout(grace);
          unsubscribe();
        });
        try {
          unsubscribe = await hub.subscribe(
            {
              userId,
              send: (row) => write(format(row)),
              // A personal API token's stream lasts while the token does (docs/api-tokens.md).
              stillSignedIn: async () =>
                apiTokenId !== null
                  ? isApiTokenLive(ctx.db, apiTokenId)
                  : (await findSession(ctx.db, token))?.userId === userId,
              end,
            },
            lastEventId,
          );
          // A browser that left while the stream was opening.
          if (closed) unsubscribe();
        } catch (error) {
          // The browser reconnects after RETRY_MS; its polling covers the gap.
          request.log.error({ err: error }, 'opening a live event stream failed');
          end();
        }
      },
    );
  };
}
