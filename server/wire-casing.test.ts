// @vitest-environment node
// One casing on the wire (docs/api-conventions.md, One casing): every property name of every request and
// answer schema of every /apiv2 route in the OpenAPI document the server builds is snake_case, or one of
// the names core/api/wire-names.ts lists for that route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedOnWire } from '../core/api/wire-names.ts';
import { createTestApp, type TestApp } from './test/app.ts';

type Schema = Record<string, unknown>;
const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Each property name a schema declares, at any depth, with where it stands ('/items/[]/site_id'). */
function propertyNames(schema: unknown, at = ''): { name: string; at: string }[] {
  if (!isSchema(schema)) return [];
  const found: { name: string; at: string }[] = [];
  if (isSchema(schema.properties)) {
    for (const [name, inner] of Object.entries(schema.properties)) {
      found.push({ name, at: `${at}/${name}` }, ...propertyNames(inner, `${at}/${name}`));
    }
  }
  for (const key of ['items', 'additionalProperties', 'not'])
    found.push(...propertyNames(schema[key], `${at}/[]`));
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const list = schema[key];
    if (Array.isArray(list)) for (const part of list) found.push(...propertyNames(part, at));
  }
  if (isSchema(schema.patternProperties)) {
    for (const inner of Object.values(schema.patternProperties))
      found.push(...propertyNames(inner, `${at}/{}`));
  }
  return found;
}

type Operation = {
  parameters?: { name: string; in: string; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};

/**
 * Names not yet renamed, by route. The bulk firmware update's `rolling` is the rolling update's own task
 * parameters (core/task-types.ts), which the console stores with the task and the rollout engine reads; they
 * move to snake_case together with every task type's parameters. The test fails when a name is gone from
 * its route, so the list only shrinks. Path parameters are left out: they name places in the URL a client
 * fills in, not fields it reads or writes.
 */
const NOT_YET_RENAMED: Record<string, readonly string[]> = {
  'POST /apiv2/cloud/{cloudId}/devices/bulk/firmware': ['batchSize', 'canarySize', 'failureThresholdPct'],
};

let t: TestApp;
let document: { paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  t = await createTestApp();
  document = (await t.app.inject({ method: 'GET', url: '/apiv2/openapi.json' })).json();
}, 60_000);
afterAll(() => t.close());

/** Every route of the console API with its request and answer property names. */
function routes() {
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/apiv2/'))
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => {
        const route = `${method.toUpperCase()} ${path}`;
        const names = [
          ...(operation.parameters ?? [])
            .filter((parameter) => parameter.in === 'query')
            .map((parameter) => ({ name: parameter.name, at: `query ${parameter.name}` })),
          ...Object.values(operation.requestBody?.content ?? {}).flatMap((content) =>
            propertyNames(content.schema, 'body'),
          ),
          ...Object.entries(operation.responses ?? {}).flatMap(([status, answer]) =>
            Object.values(answer.content ?? {}).flatMap((content) => propertyNames(content.schema, status)),
          ),
        ];
        return { route, operation, names };
      }),
    );
}

describe('one casing on the wire', () => {
  it('names every property of every request and answer in snake_case, or as the listed exceptions', () => {
    expect(routes().length).toBeGreaterThan(150);
    const off = routes().flatMap(({ route, names }) =>
      names
        .filter(({ name }) => !allowedOnWire(name, route) && !NOT_YET_RENAMED[route]?.includes(name))
        .map(({ at }) => `${route} ${at}`),
    );
    expect([...new Set(off)]).toEqual([]);
  });

  it('has no name left on the not-yet-renamed list that the route no longer carries', () => {
    const carried = new Map(routes().map(({ route, names }) => [route, new Set(names.map((n) => n.name))]));
    const stale = Object.entries(NOT_YET_RENAMED).flatMap(([route, names]) =>
      names.filter((name) => !carried.get(route)?.has(name)).map((name) => `${route} ${name}`),
    );
    expect(stale).toEqual([]);
  });

  it('gives every answer with a body a schema (a 204 has none; the event stream is checked by its own test)', () => {
    const bare = routes()
      .filter(({ route }) => route !== 'GET /apiv2/events')
      .filter(({ operation }) =>
        Object.entries(operation.responses ?? {}).some(
          ([status, answer]) => status.startsWith('2') && status !== '204' && !answer.content,
        ),
      )
      .map(({ route }) => route);
    expect(bare).toEqual([]);
  });

  it('refuses a camelCase name, takes a listed exception only on its own route', () => {
    expect(allowedOnWire('site_id', 'GET /apiv2/x')).toBe(true);
    expect(allowedOnWire('siteId', 'GET /apiv2/x')).toBe(false);
    expect(allowedOnWire('TASK_SUCCESS', 'GET /apiv2/x')).toBe(true);
    expect(allowedOnWire('alertCount', 'PUT /apiv2/user/alert/{name}')).toBe(true);
    expect(allowedOnWire('alertCount', 'GET /apiv2/cloud/{cloudId}/devices')).toBe(false);
    expect(
      propertyNames({
        type: 'object',
        properties: { a: { type: 'array', items: { properties: { bB: {} } } } },
      }),
    ).toEqual([
      { name: 'a', at: '/a' },
      { name: 'bB', at: '/a/[]/bB' },
    ]);
  });
});
