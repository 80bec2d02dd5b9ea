import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors, issuePath, pointerPart, type ValidationIssue } from './errors.ts';

// No removeAdditional: a property a schema does not name is refused, never dropped (docs/api-conventions.md).
const common: Options = { useDefaults: true, allErrors: true };

/**
 * JSON bodies are validated strictly: a string is never taken for a number or a boolean. Query strings,
 * params and headers arrive as text, so their values are converted to the declared types.
 */
const compilers = {
  body: addFormats.default(new Ajv({ ...common, coerceTypes: false })),
  text: addFormats.default(new Ajv({ ...common, coerceTypes: 'array' })),
};

const compiled = new WeakMap<object, ValidateFunction>();

/**
 * Checks a value against a schema the route could not name up front (a task's parameters depend on its
 * type), as strictly as a body, defaults filled in; answers the problems in the 400 list's shape.
 */
export function bodyIssues(schema: object, value: unknown, path: string): ValidationIssue[] {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = compilers.body.compile(schema);
    compiled.set(schema, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map((v) => {
    const where = issuePath(v.instancePath, v.params);
    return {
      errorCode: v.keyword,
      location: 'body' as const,
      path: where === '/' ? path : `${path}${where}`,
      message: v.message ?? 'is invalid',
    };
  });
}

export function registerValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? compilers.body : compilers.text).compile(schema),
  );
}

/**
 * Text the console refuses in every key and string of every request: PostgreSQL text cannot hold the NUL
 * character, and a lone surrogate (half of a UTF-16 pair) is no text at all (jsonb refuses it). No field of
 * the console needs either (docs/api-conventions.md).
 */
function textProblem(text: string): Pick<ValidationIssue, 'errorCode' | 'message'> | null {
  if (text.includes('\u0000')) {
    return { errorCode: 'nul_character', message: 'must not contain the NUL character' };
  }
  if (!text.isWellFormed()) {
    return {
      errorCode: 'ill_formed_text',
      message: 'must be well-formed Unicode text: a lone surrogate (\\ud800-\\udfff) is not a character',
    };
  }
  return null;
}

/** Keys that would reach an object's prototype once the value is copied or merged. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor']);
/** An answer names this many problems at most: the caller fixes them and learns of the rest. */
const TEXT_ISSUES_MAX = 20;

/**
 * Every problem of the keys and strings of a value (a parsed body, a query, the params), by its JSON pointer.
 * The walk keeps its own stack: a body nested a hundred thousand deep is refused, not a stack overflow.
 */
export function textIssues(value: unknown, location: ValidationIssue['location']): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0 && issues.length < TEXT_ISSUES_MAX) {
    const [item, path] = stack.pop() as [unknown, string];
    if (typeof item === 'string') {
      const problem = textProblem(item);
      if (problem) issues.push({ ...problem, location, path: path || '/' });
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], `${path}/${i}`]);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item).reverse()) {
        const childPath = `${path}/${pointerPart(key)}`;
        const problem = FORBIDDEN_KEYS.has(key)
          ? { errorCode: 'forbidden_key', message: 'is not allowed' }
          : textProblem(key);
        if (problem) issues.push({ ...problem, location, path: childPath });
        else stack.push([child, childPath]);
      }
    }
  }
  return issues;
}

/**
 * The query parameter every GET of the web app carries (`v=<app version>`, docs/api-conventions.md): it
 * tells a proxy's cache one build from the next and means nothing to a route, so it is taken out here,
 * before any route's query schema sees it, instead of being declared by every one.
 */
const APP_VERSION_PARAMETER = 'v';

const isPlainObject = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const unknownKey = (location: ValidationIssue['location'], key: string): ValidationIssue => ({
  errorCode: 'additionalProperties',
  location,
  path: `/${pointerPart(key)}`,
  message: 'must NOT have additional properties',
});

/** The routes of the console API and the agent API; pages and the web app's files read their own query. */
const API_ROUTE = /^\/(apiv2|agent)\//;

/**
 * A route of the API without a body or query schema takes none, as if its schema were an empty closed
 * object: each key is refused by name (an empty object is no body), and any other body as a whole. Not the
 * web app's pages and files, nor what the API document leaves out (its own page), nor an unknown path (404).
 */
function undeclaredIssues(request: FastifyRequest): ValidationIssue[] {
  const { url, schema = {} } = request.routeOptions;
  if (request.is404 || !API_ROUTE.test(url ?? '') || schema.hide) return [];
  const issues: ValidationIssue[] = [];
  const { body } = request;
  if (!schema.body && body !== undefined) {
    // Loops, not spreads: a 1 MB body holds more keys than a call's arguments may number.
    if (isPlainObject(body)) for (const key of Object.keys(body)) issues.push(unknownKey('body', key));
    else
      issues.push({
        errorCode: 'unexpected_body',
        location: 'body',
        path: '/',
        message: 'this call takes no body',
      });
  }
  if (!schema.querystring) {
    for (const key of Object.keys(request.query ?? {})) issues.push(unknownKey('query', key));
  }
  return issues;
}

/**
 * JSON bodies: an empty body is no body; NUL characters, lone surrogates and prototype keys anywhere are
 * refused with the 400 shape, like any other invalid input. Queries and params are held to the same text
 * rules, and a route refuses input it declares no schema for.
 */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    let value: unknown;
    try {
      value = JSON.parse(body as string);
    } catch (error) {
      const message = (error as Error).message;
      return done(errors.validation([{ errorCode: 'invalid_json', location: 'body', path: '/', message }]));
    }
    const issues = textIssues(value, 'body');
    if (issues.length > 0) return done(errors.validation(issues));
    done(null, value);
  });
  app.addHook('preValidation', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (query && Object.hasOwn(query, APP_VERSION_PARAMETER)) delete query[APP_VERSION_PARAMETER];
    let issues = [...textIssues(query ?? {}, 'query'), ...textIssues(request.params ?? {}, 'params')];
    if (issues.length === 0) issues = undeclaredIssues(request);
    if (issues.length > 0) throw errors.validation(issues);
  });
}
