import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type RouteOptions } from 'fastify';
import { registerRateLimit } from './auth/rate-limit.ts';
import { registerRequestAuth } from './auth/request-auth.ts';
import { mapTileOrigin } from './config.ts';
import type { AppContext } from './context.ts';
import { registerErrorHandler } from './errors.ts';
import { createLiveHub } from './events/hub.ts';
import { type ConsoleMetrics, createConsoleMetrics } from './features/console-metrics/console-metrics.ts';
import { registerMetricsRoute, registerRequestMetrics } from './features/console-metrics/routes.ts';
import { eventRoutes } from './features/events/routes.ts';
import { registerTunnelAgent } from './features/tunnels/agent-route.ts';
import { registerTunnelHost } from './features/tunnels/host.ts';
import { themeOfRequest } from './features/vpc/host-brands.ts';
import { createFleet, type Fleet, type MetricsWriter } from './fleet/fleet.ts';
import { ensureMetricPartitions } from './fleet/metric-store.ts';
import { writeHeartbeatMetrics } from './fleet/metrics-writer.ts';
import { agentRoutes } from './fleet/routes.ts';
import { logSerializers } from './log-redaction.ts';
import { SECURITY_SCHEMES, transformDocument, transformRoute } from './openapi.ts';
import { registerRoutes } from './routes.ts';
import { registerJsonParser, registerValidation } from './validation.ts';
import { registerWebApp } from './web-static.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The fleet engine of this process: heartbeat batches and alert pushes. */
    fleet: Fleet;
    /** This process's metrics (docs/metrics.md): the job runner and the RADIUS service record in them too. */
    metrics: ConsoleMetrics;
  }
}

export type BuildOptions = {
  /** Logging (none when absent); the request and error serializers redact personal data. */
  logger?: { level: string; stream?: { write: (line: string) => void } };
  /** Folder of the built web app; defaults to the configured one (WEB_DIST_DIR). */
  webRoot?: string;
  /** Where heartbeats' metric samples go; the time-series store unless a benchmark says otherwise. */
  writeMetrics?: MetricsWriter;
  /** Called with every route as it is registered, before any of them: for tests that walk every route. */
  onRoute?: (route: RouteOptions) => void;
};

/**
 * A hop count trusts that many proxies nearest the console, whoever they are (Fastify's own number option
 * trusts none); an address list trusts those proxies only.
 */
const trustedHops = (trust: AppContext['config']['trustProxy']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/**
 * Answers over 1 KiB are compressed for a browser that takes brotli or gzip (docs/architecture.md, Page
 * speed): brotli at a quality that costs about as much CPU as gzip. The web app's files come compressed
 * from the build, and the live event stream, hijacked, is never buffered by it.
 */
const COMPRESSION: FastifyCompressOptions = {
  threshold: 1024,
  encodings: ['br', 'gzip'],
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
};

/** Builds the console's HTTP app: plugins, API routes and the web app. Tests call inject on it. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}) {
  const app = Fastify({
    logger: options.logger ? { ...options.logger, serializers: logSerializers } : false,
    trustProxy: trustedHops(ctx.config.trustProxy),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<TypeBoxTypeProvider>();
  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route as RouteOptions));

  registerValidation(app);
  registerJsonParser(app);
  registerErrorHandler(app);
  // A tunnel's own host is answered before any of the console's hooks (docs/remote-access.md).
  registerTunnelHost(app, ctx);
  await registerTunnelAgent(app, ctx);
  const metrics = createConsoleMetrics();
  registerRequestMetrics(app, metrics);
  if (ctx.database.pool) metrics.databasePool(ctx.database.pool);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-App-Version', ctx.appVersion);
    reply.header('X-Request-Id', request.id);
    // API answers carry personal data, and the agent API's device credentials: no shared cache or
    // browser cache keeps them.
    const noStore = request.url.startsWith('/apiv2/') || request.url.startsWith('/agent/');
    if (noStore && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store');
    }
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // MUI's styling engine inserts <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The site map's tiles (docs/site-map.md#tiles).
        imgSrc: ["'self'", 'data:', 'blob:', mapTileOrigin(ctx.config.mapTiles)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // Streaming plays through MediaSource, whose object URLs are blob: (docs/streaming.md#the-player).
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  await app.register(fastifyCompress, COMPRESSION);
  await app.register(fastifyCookie);
  registerRequestAuth(app, ctx.db);
  registerRateLimit(app, ctx.db, ctx.config.apiRateLimit);

  // Every operation gets an operationId, tags and its security from its route (docs/api.md#the-openapi-document).
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${ctx.config.theme.product_name} API`,
        version: ctx.appVersion,
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: ctx.config.publicUrl, description: 'this console' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    stripBasePath: false,
    transform: transformRoute,
    transformObject: transformDocument,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/apiv2/docs',
    uiConfig: { url: '/apiv2/openapi.json' },
  });
  app.get('/apiv2/openapi.json', { config: { public: true }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  const hub = createLiveHub(ctx.database, app.log);
  metrics.liveStreams(() => hub.streams);
  await registerRoutes(app, ctx, hub);
  // Before the first heartbeat: the background job keeps them ahead from then on.
  await ensureMetricPartitions(ctx.db, new Date());
  const fleet = createFleet(ctx, app.log, options.writeMetrics ?? writeHeartbeatMetrics, metrics);
  // Devices report every minute: a line per request would drown the log (server errors are still logged).
  await app.register(agentRoutes(ctx, fleet), { prefix: '/agent/v1', logLevel: 'warn' });
  await app.register(eventRoutes(ctx, hub), { prefix: '/apiv2' });
  app.addHook('onReady', async () => {
    await fleet.start();
    await hub.start();
  });
  // Streams and long polls last: end them before the server waits for its requests to finish.
  app.addHook('preClose', async () => {
    fleet.tasks.channel.release();
    await hub.stop();
  });
  app.addHook('onClose', fleet.idle);
  app.decorate('fleet', fleet);
  app.decorate('metrics', metrics);
  registerMetricsRoute(app, ctx, metrics);

  await registerWebApp(app, options.webRoot ?? ctx.config.webDistDir, (request) =>
    themeOfRequest(ctx.db, ctx.config, request),
  );
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
