// The OpenAPI document of the console's API: what every operation gets without its route naming it, so
// clients can be generated from it (docs/api.md#the-openapi-document).
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { SESSION_ONLY } from './auth/request-auth.ts';
import { bodyWithExamples } from './openapi-examples.ts';

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type TransformObject = NonNullable<FastifyDynamicSwaggerOptions['transformObject']>;
type Security = Record<string, string[]>[];

/** The ways a caller proves who it is (docs/api.md#security-schemes). */
export const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'sid',
    description: 'The browser session the login call sets (docs/api.md#signing-in-and-out).',
  },
  csrf: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRF-Token',
    description: 'With a session, every state-changing call repeats the `csrf_token` cookie here.',
  },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      "An API token, personal or a cloud's, as `Authorization: Bearer <token>`; no cookie, no CSRF token.",
  },
  device: { type: 'http', scheme: 'bearer', description: 'A device credential (the agent API).' },
} as const;

const READS = new Set(['GET', 'HEAD']);

/** A piece of a path written as a word: `sign-in-link` is `SignInLink`. */
const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('');

/** A path's parameter name, written `:cloudId` (Fastify) or `{cloudId}` (OpenAPI); null for a literal. */
const parameterOf = (segment: string) =>
  /^:(\w+)$/.exec(segment)?.[1] ?? /^\{(\w+)\}$/.exec(segment)?.[1] ?? null;

/** A path's segments, without the API's name and version (`/apiv2`, the `v1` of `/agent/v1`). */
const segmentsOf = (url: string) =>
  url
    .split('/')
    .filter(
      (segment, index) =>
        segment && !(index === 1 && segment === 'apiv2') && !(index === 2 && /^v\d+$/.test(segment)),
    );

/**
 * The operationId of a route that names none (docs/api.md#operation-ids): the method in lower case, then
 * each literal segment of the path after `/apiv2` in PascalCase, then `By` and the name of a parameter
 * that ends the path. GET /apiv2/cloud/{cloudId}/devices is getCloudDevices, DELETE
 * /apiv2/cloud/{cloudId}/tunnels/{tunnelId} is deleteCloudTunnelsByTunnelId.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = segmentsOf(url);
  const last = segments.at(-1);
  const trailing = last === undefined ? null : parameterOf(last);
  const words = segments.filter((segment) => parameterOf(segment) === null).map(pascal);
  return `${method.toLowerCase()}${words.join('')}${trailing ? `By${pascal(trailing)}` : ''}`;
}

/**
 * The tag of a route that names none: the feature its path names, the first literal segment after
 * `/apiv2` and after `/apiv2/cloud/{cloudId}` (`clouds` for the cloud itself).
 */
export function tagOf(url: string): string {
  const segments = segmentsOf(url);
  if (segments[0] === 'cloud' && segments[1] && parameterOf(segments[1])) {
    const feature = segments.slice(2).find((segment) => parameterOf(segment) === null);
    return feature ?? 'clouds';
  }
  return segments.find((segment) => parameterOf(segment) === null) ?? 'console';
}

/**
 * Who may call a route (its path as the route declares it, `:cloudId`), unless its schema says: anyone for
 * a public route and for every route outside `/apiv2` that names none (the health checks); else a session,
 * with the CSRF header for a call that changes something, or an API token where a token may make the call.
 */
export function securityOf(method: string, url: string, isPublic: boolean): Security {
  if (isPublic || !url.startsWith('/apiv2/')) return [];
  const session: Security[number] = READS.has(method) ? { session: [] } : { session: [], csrf: [] };
  return SESSION_ONLY.some((pattern) => pattern.test(url)) ? [session] : [session, { bearer: [] }];
}

/**
 * Every route's operation gets an operationId, tags and its security, unless its schema names them, and an
 * example of its body (docs/api.md#examples).
 */
export const transformRoute: Transform = ({ schema, url, route }) => {
  const given = (schema ?? {}) as Record<string, unknown>;
  const method = (Array.isArray(route.method) ? route.method[0] : route.method) as string;
  // A plugin's root route is registered with and without the slash: the document names it without.
  const path = url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url;
  return {
    url: path,
    schema: {
      ...given,
      ...(given.body === undefined ? {} : { body: bodyWithExamples(given.body) }),
      operationId: given.operationId ?? operationIdOf(method, path),
      tags: given.tags ?? [tagOf(path)],
      security: given.security ?? securityOf(method, route.url, route.config?.public === true),
    } as typeof schema,
  };
};

type Json = unknown;

/**
 * A tuple as TypeBox writes it (draft 7: `items` a list, `additionalItems`) in the OpenAPI 3.1 form
 * (JSON Schema 2020-12: `prefixItems`, then `items`).
 */
function tuplesAs2020(node: Json): Json {
  if (Array.isArray(node)) return node.map(tuplesAs2020);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node)) out[key] = tuplesAs2020(value);
  if (Array.isArray(out.items)) {
    out.prefixItems = out.items;
    if (out.additionalItems === undefined) delete out.items;
    else out.items = out.additionalItems;
    delete out.additionalItems;
  }
  return out;
}

/** The whole document, its tuples in the 3.1 form. */
export const transformDocument: TransformObject = (document) =>
  tuplesAs2020(
    'openapiObject' in document ? document.openapiObject : document.swaggerObject,
  ) as ReturnType<TransformObject>;
