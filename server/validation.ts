import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { errors, type ValidationIssue } from './errors.ts';

const common: Options = { removeAdditional: true, useDefaults: true, allErrors: true };

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
    const missing = (v.params as { missingProperty?: string } | undefined)?.missingProperty;
    return {
      errorCode: v.keyword,
      location: 'body' as const,
      path: `${path}${v.instancePath}${missing ? `/${missing}` : ''}`,
      message: v.message ?? 'is invalid',
    };
  });
}

export function registerValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? compilers.body : compilers.text).compile(schema),
  );
}

/** PostgreSQL text cannot hold the NUL character, and no field of the console needs it. */
const NUL = '\u0000';
const nulIssue = (location: ValidationIssue['location'], path: string): ValidationIssue => ({
  errorCode: 'nul_character',
  location,
  path,
  message: 'must not contain the NUL character',
});

class JsonBodyError extends Error {
  readonly issue: ValidationIssue;
  constructor(issue: ValidationIssue) {
    super(issue.message);
    this.issue = issue;
  }
}

/**
 * JSON bodies: an empty body is no body; a NUL character anywhere and prototype keys are refused with the
 * 400 shape, like any other invalid input.
 */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(
        null,
        JSON.parse(body as string, (key, value) => {
          if (key === '__proto__' || key === 'constructor' || key.includes(NUL)) {
            throw new JsonBodyError({
              ...nulIssue('body', `/${key}`),
              errorCode: 'forbidden_key',
              message: 'is not allowed',
            });
          }
          if (typeof value === 'string' && value.includes(NUL))
            throw new JsonBodyError(nulIssue('body', `/${key}`));
          return value;
        }),
      );
    } catch (error) {
      const issue =
        error instanceof JsonBodyError
          ? error.issue
          : {
              errorCode: 'invalid_json',
              location: 'body' as const,
              path: '/',
              message: (error as Error).message,
            };
      done(errors.validation([issue]));
    }
  });
  app.addHook('preValidation', async (request) => {
    for (const [location, values] of [
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      for (const [key, value] of Object.entries((values ?? {}) as Record<string, unknown>)) {
        if (String(value).includes(NUL)) throw errors.validation([nulIssue(location, `/${key}`)]);
      }
    }
  });
}
