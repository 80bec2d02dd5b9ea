// @vitest-environment node
// The OpenAPI document clients generate from (docs/api.md#the-openapi-document).
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateSiteBody } from '../core/api/sites.ts';
import { CreateTaskBody } from '../core/api/tasks.ts';
import { CreateWebhookBody } from '../core/api/webhooks.ts';
import { operationIdOf, tagOf } from './openapi.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { bodyIssues, textIssues } from './validation.ts';

type Media = { schema?: unknown; example?: unknown; examples?: Record<string, { value?: unknown }> };
type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: { content: Record<string, Media> };
};
type Document = {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};

let t: TestApp;
let document: Document;
/** Each route's body schema as the route declares it, by `METHOD /path/{param}` as the document writes it. */
const bodies = new Map<string, unknown>();
const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');
const onRoute = (route: RouteOptions) => {
  const body = route.schema?.body;
  if (body === undefined) return;
  for (const method of [route.method].flat()) bodies.set(`${method} ${documentPath(route.url)}`, body);
};
beforeAll(async () => {
  t = await createTestApp({ onRoute }, { PUBLIC_URL: 'https://console.example.net' });
  document = (await t.app.inject({ method: 'GET', url: '/apiv2/openapi.json' })).json();
}, 60_000);
afterAll(() => t.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      route: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );

describe('the OpenAPI document', () => {
  it('names the console as its server', () => {
    expect(document.servers?.map((server) => server.url)).toEqual(['https://console.example.net']);
  });

  it('gives every operation a unique operationId, a summary, tags and its security', () => {
    const incomplete = operations()
      .filter(
        ({ operation }) =>
          !operation.operationId ||
          !operation.summary?.trim() ||
          !operation.tags?.length ||
          !Array.isArray(operation.security),
      )
      .map(({ route }) => route);
    expect(incomplete).toEqual([]);
    const routesById = new Map<string, string[]>();
    for (const { route, operation } of operations()) {
      const id = operation.operationId as string;
      routesById.set(id, [...(routesById.get(id) ?? []), route]);
    }
    expect([...routesById].filter(([, routes]) => routes.length > 1)).toEqual([]);
  });

  it('derives stable operationIds from the routes, and keeps those a route names', () => {
    const idOf = (method: string, path: string) => document.paths[path]?.[method]?.operationId;
    expect(idOf('get', '/apiv2/cloud/{cloudId}/devices')).toBe('getCloudDevices');
    expect(idOf('post', '/apiv2/auth/login')).toBe('postAuthLogin');
    expect(idOf('get', '/apiv2/cloud/{cloudId}')).toBe('getCloudByCloudId');
    expect(idOf('delete', '/apiv2/cloud/{cloudId}/tunnels/{tunnelId}')).toBe('deleteCloudTunnelsByTunnelId');
    expect(idOf('post', '/agent/v1/heartbeat')).toBe('postAgentHeartbeat');
    expect(idOf('get', '/apiv2/cloud/{cloudId}/authport/plans')).toBe('listGuestPlans');
    // A plugin's root route is named without its trailing slash.
    expect(idOf('get', '/apiv2/guest-portal')).toBe('getGuestPortal');
    expect(document.paths['/apiv2/guest-portal/']).toBeUndefined();
  });

  it('asks for a session (with the CSRF header to change anything) or an API token, and nothing on public calls', () => {
    const securityOf = (method: string, path: string) => document.paths[path]?.[method]?.security;
    expect(securityOf('get', '/apiv2/cloud/{cloudId}/devices')).toEqual([{ session: [] }, { bearer: [] }]);
    expect(securityOf('post', '/apiv2/cloud/{cloudId}/sites')).toEqual([
      { session: [], csrf: [] },
      { bearer: [] },
    ]);
    expect(securityOf('post', '/apiv2/auth/login')).toEqual([]);
    // The calls an API token never makes (docs/api-tokens.md) ask for a session alone.
    expect(securityOf('post', '/apiv2/user/api-tokens')).toEqual([{ session: [], csrf: [] }]);
    expect(securityOf('get', '/healthz')).toEqual([]);
    expect(securityOf('post', '/agent/v1/heartbeat')).toEqual([{ device: [] }]);
    expect(document.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie', name: 'sid' },
      csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
      bearer: { type: 'http', scheme: 'bearer' },
    });
  });

  it('writes tuples as OpenAPI 3.1 does', () => {
    const text = JSON.stringify(document);
    expect(text).not.toContain('"additionalItems"');
    expect(text).toContain('"prefixItems"');
  });
});

/** Every request body's media type in the document, with the schema its route validates that body with. */
const requestBodies = () =>
  operations().flatMap(({ route, operation }) =>
    Object.entries(operation.requestBody?.content ?? {}).map(([type, media]) => {
      const body = bodies.get(route) as { content?: Record<string, { schema: unknown }> } | undefined;
      return {
        route: `${route} (${type})`,
        media,
        schema: body?.content ? body.content[type]?.schema : body,
      };
    }),
  );

const examplesOf = (media: Media) => [
  ...(media.example === undefined ? [] : [media.example]),
  ...Object.values(media.examples ?? {}).map((example) => example.value),
];

/** What the server's validator says of a body: the problems of its text, else those its schema finds. */
const problemsOf = (schema: object, body: unknown) => {
  const value = structuredClone(body);
  const text = textIssues(value, 'body');
  return text.length > 0 ? text : bodyIssues(schema, value, '');
};

describe('the examples of request bodies (docs/api.md#examples)', () => {
  it('give every operation with a body an example of it', () => {
    const found = requestBodies();
    expect(found.length).toBeGreaterThan(100);
    expect(found.filter(({ media }) => examplesOf(media).length === 0).map(({ route }) => route)).toEqual([]);
  });

  it('are bodies the route accepts: each passes the schema the route validates its body with', () => {
    const refused = requestBodies().flatMap(({ route, media, schema }) => {
      if (typeof schema !== 'object' || schema === null) return [{ route, problem: 'no body schema' }];
      return examplesOf(media).flatMap((example) =>
        problemsOf(schema, example).map((issue) => ({ route, problem: `${issue.path} ${issue.message}` })),
      );
    });
    expect(refused).toEqual([]);
  });

  it("show the example written beside a body's schema", () => {
    const examplesOfBody = (method: string, path: string) => {
      const media = document.paths[path]?.[method]?.requestBody?.content['application/json'];
      return media ? examplesOf(media) : [];
    };
    const written = (schema: object) => (schema as { examples?: unknown[] }).examples;
    expect(examplesOfBody('post', '/apiv2/cloud/{cloudId}/webhooks')).toEqual(written(CreateWebhookBody));
    expect(examplesOfBody('post', '/apiv2/cloud/{cloudId}/sites')).toEqual(written(CreateSiteBody));
    // Two examples: each under a name of its own.
    expect(examplesOfBody('post', '/apiv2/cloud/{cloudId}/tasks')).toEqual(written(CreateTaskBody));
    expect(written(CreateTaskBody)).toHaveLength(2);
  });
});

describe('the names a route gets when it gives none', () => {
  it('reads the method and the path, Fastify or OpenAPI style', () => {
    expect(operationIdOf('GET', '/apiv2/cloud/:cloudId/sites/:siteId/floors')).toBe('getCloudSitesFloors');
    expect(operationIdOf('PUT', '/apiv2/user/alert/{name}')).toBe('putUserAlertByName');
    expect(operationIdOf('POST', '/apiv2/auth/sign-in-link/complete')).toBe('postAuthSignInLinkComplete');
    expect(tagOf('/apiv2/cloud/:cloudId/sites/:siteId/floors')).toBe('sites');
    expect(tagOf('/apiv2/cloud/{cloudId}')).toBe('clouds');
    expect(tagOf('/apiv2/user/api-tokens')).toBe('user');
    expect(tagOf('/agent/v1/events')).toBe('agent');
  });
});
