import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { matchRoute } from '../core/routes.ts';
import { errors } from './errors.ts';

/**
 * Serves the built web app. Every route of the app gets index.html (the SPA renders it); an unknown
 * page gets index.html with 404 so the app shows its not-found page; unknown API paths get JSON.
 */
export async function registerWebApp(app: FastifyInstance, root: string): Promise<void> {
  const indexPath = join(root, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath) : null;
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: true,
      // The build writes a .br and a .gz beside each text file (vite.config.ts): sent as they are.
      preCompressed: true,
      setHeaders: (reply, path) => {
        // Hashed file names never change content, so they may be cached for good.
        if (path.includes(`${join(root, 'assets')}`))
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }

  const sendIndex = (reply: FastifyReply, path: string) =>
    reply
      .code(matchRoute(path) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(indexHtml);

  // The static plugin would refuse the root as a directory listing.
  if (indexHtml) app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply, '/'));

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !/^\/(apiv2|agent)(\/|$)/.test(path);
    if (!isPage || !indexHtml) throw errors.notFound();
    return sendIndex(reply, path);
  });
}
