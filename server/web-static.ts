import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchRoute } from '../core/routes.ts';
import { errors } from './errors.ts';
import type { Theme } from './theme.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page with the theme's product name as its title and the theme's icon, if it has one (docs/vpc.md). */
export function themedIndex(html: string, theme: Theme): string {
  const titled = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(theme.product_name)}</title>`);
  if (!theme.favicon_url) return titled;
  return titled.replace(
    /<link rel="icon"[^>]*>/,
    `<link rel="icon" href="${escapeHtml(theme.favicon_url)}" />`,
  );
}

/**
 * Serves the built web app. Every route of the app gets index.html (the SPA renders it); an unknown
 * page gets index.html with 404 so the app shows its not-found page; unknown API paths get JSON.
 */
export async function registerWebApp(
  app: FastifyInstance,
  root: string,
  themeOf?: (request: FastifyRequest) => Promise<Theme>,
): Promise<void> {
  const indexPath = join(root, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath) : null;
  // One page per theme object: the deployment's, and each brand's until its host table is read again.
  const themedPages = new WeakMap<Theme, string>();
  const pageFor = async (request: FastifyRequest) => {
    if (!indexHtml || !themeOf) return indexHtml;
    const theme = await themeOf(request);
    let page = themedPages.get(theme);
    if (page === undefined) {
      page = themedIndex(indexHtml.toString('utf8'), theme);
      themedPages.set(theme, page);
    }
    return page;
  };
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

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, path: string) =>
    reply
      .code(matchRoute(path) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(await pageFor(request));

  // The static plugin would refuse the root as a directory listing.
  if (indexHtml) app.get('/', { schema: { hide: true } }, (request, reply) => sendIndex(request, reply, '/'));

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !/^\/(apiv2|agent)(\/|$)/.test(path);
    if (!isPage || !indexHtml) throw errors.notFound();
    return sendIndex(request, reply, path);
  });
}
