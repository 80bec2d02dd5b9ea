// @vitest-environment node
// The OpenAPI document clients generate from (docs/api.md#the-openapi-document).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf, tagOf } from './openapi.ts';
import { createTestApp, type TestApp } from './test/app.ts';

type Operation = { operationId?: string; summary?: string; tags?: string[]; security?: unknown[] };
type Document = {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};

let t: TestApp;
let document: Document;
beforeAll(async () => {
  t = await createTestApp({}, { PUBLIC_URL: 'https://console.example.net' });
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
