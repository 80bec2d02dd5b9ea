import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { isDatabaseUnavailable } from './db/unavailable.ts';

/** One entry of the 400 answer (docs/api.md#http-conventions). */
export type ValidationIssue = {
  errorCode: string;
  location: 'body' | 'query' | 'params' | 'headers';
  path: string;
  message: string;
};

/** An error with an HTTP status and a stable id; the error handler turns it into the docs/api.md#http-conventions shapes. */
type HttpErrorExtra = {
  issues?: ValidationIssue[];
  retryAfterSeconds?: number;
  /** Fields the answer carries beside its message (a device learns its pace from a 429). */
  fields?: Record<string, number>;
};

export class HttpError extends Error {
  readonly statusCode: number;
  readonly id: string;
  readonly extra: HttpErrorExtra;
  constructor(statusCode: number, id: string, message: string, extra: HttpErrorExtra = {}) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.id = id;
    this.extra = extra;
  }
}

export const errors = {
  validation: (issues: ValidationIssue[]) => new HttpError(400, 'validation', 'Invalid request.', { issues }),
  unauthorized: (message = 'Login required.') => new HttpError(401, 'unauthorized', message),
  csrf: () => new HttpError(403, 'csrf', 'Missing or invalid CSRF token.'),
  forbidden: (message = 'Access denied: your account does not have sufficient permissions.') =>
    new HttpError(403, 'forbidden', message),
  notFound: (message = 'Not found.') => new HttpError(404, 'not_found', message),
  conflict: (message: string) => new HttpError(409, 'conflict', message),
  tooLarge: (message: string) => new HttpError(413, 'too_large', message),
  tooManyRequests: (
    retryAfterSeconds: number,
    message = 'Too many requests. Try again later.',
    fields?: Record<string, number>,
  ) => new HttpError(429, 'too_many_requests', message, { retryAfterSeconds, fields }),
  unavailable: (message: string) => new HttpError(503, 'unavailable', message),
};

/** Response schemas for the OpenAPI document. */
export const ErrorSchemas = {
  validation: Type.Object({
    errors: Type.Array(
      Type.Object({
        errorCode: Type.String(),
        location: Type.String(),
        path: Type.String(),
        message: Type.String(),
      }),
    ),
  }),
  message: Type.Object({ message: Type.String() }),
  incident: Type.Object({ message: Type.String(), incidentId: Type.String() }),
};

const LOCATIONS: Record<string, ValidationIssue['location']> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

/** A key as one step of a JSON pointer (RFC 6901). */
export const pointerPart = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * The path a schema error names: where it is, down to the property that is missing or not allowed there
 * (an unknown property is named, so the caller sees which one).
 */
export function issuePath(instancePath: string, params: unknown): string {
  const { missingProperty, additionalProperty } = (params ?? {}) as {
    missingProperty?: string;
    additionalProperty?: string;
  };
  const key = missingProperty ?? additionalProperty;
  const last = key === undefined ? '' : `/${pointerPart(key)}`;
  return `${instancePath}${last}` || '/';
}

/** Converts Fastify's schema validation failure into the 400 list. */
function validationIssues(error: FastifyError): ValidationIssue[] {
  const location = LOCATIONS[error.validationContext ?? 'body'] ?? 'body';
  return (error.validation ?? []).map((v) => ({
    errorCode: v.keyword,
    location,
    path: issuePath(v.instancePath, v.params),
    message: v.message ?? 'is invalid',
  }));
}

export const DATABASE_UNAVAILABLE = 'The database is not answering. Try again shortly.';
const DATABASE_RETRY_AFTER_S = 5;

export const GENERIC_500 = 'Sorry, there was an error while processing your request.';

/** One error handler for the whole app: same shapes always, internals of 5xx only in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode === 400) return reply.code(400).send({ errors: error.extra.issues ?? [] });
      if (error.extra.retryAfterSeconds !== undefined) {
        reply.header('Retry-After', String(error.extra.retryAfterSeconds));
      }
      if (error.statusCode >= 500) return sendIncident(error.statusCode, error.message);
      return reply.code(error.statusCode).send({ ...error.extra.fields, message: error.message });
    }
    if (error.validation) return reply.code(400).send({ errors: validationIssues(error) });
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Framework client errors (malformed JSON, body too large, wrong content type).
      const issue: ValidationIssue = {
        errorCode: error.code ?? 'invalid',
        location: 'body',
        path: '/',
        message: error.message,
      };
      if (status === 400) return reply.code(400).send({ errors: [issue] });
      return reply.code(status).send({ message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
      return sendIncident(503, DATABASE_UNAVAILABLE);
    }
    return sendIncident(500, GENERIC_500);

    function sendIncident(statusCode: number, message: string) {
      const incidentId = randomUUID();
      request.log.error({ err: error, incidentId }, 'request failed');
      return reply.code(statusCode).send({ message, incidentId });
    }
  });
}
