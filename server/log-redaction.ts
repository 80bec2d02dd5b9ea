import type { FastifyRequest } from 'fastify';
import pino from 'pino';

const EMAIL = /[^\s@"'<>()[\],;:/?=&]+@[^\s@"'<>()[\],;:/?=&]+\.[A-Za-z]{2,}/g;
// Session cookies, CSRF tokens and their SHA-256 digests: 32 bytes in base64url.
const TOKEN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;
// A failed query's message ends with the values it was given.
const PARAMS = /(\nparams: )[\s\S]*$/;

/** A log text without email addresses, session or CSRF tokens and query values. */
export const redact = (text: string) =>
  text.replace(PARAMS, '$1[redacted]').replace(EMAIL, '[email]').replace(TOKEN, '[token]');

/** Fields that carry a query's values: its parameters, and the row a database error names in its detail. */
const VALUE_KEYS = new Set(['params', 'detail']);

function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redact(value);
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      VALUE_KEYS.has(key) ? '[redacted]' : scrub(item, depth + 1),
    ]),
  );
}

// A database message quotes the values it names (`invalid input syntax for type integer: "abc"`).
const QUOTED = /"[^"]*"/g;

type DatabaseErrorFields = {
  code?: string;
  severity?: string;
  constraint?: string;
  table?: string;
  column?: string;
};

/**
 * A failure's cause as the log keeps it: what failed and why, in the database's words and error code, with
 * the quoted values taken out (names it gives apart, such as the constraint, stay).
 */
function causeOf(error: unknown, depth = 0): object | undefined {
  if (!(error instanceof Error) || depth > 4) return undefined;
  const { code, severity, constraint, table, column } = error as Error & DatabaseErrorFields;
  const named = Object.entries({ code, severity, constraint, table, column }).filter(
    ([, v]) => v !== undefined,
  );
  return {
    type: error.constructor.name,
    message: redact(error.message.replace(QUOTED, '"[redacted]"')),
    ...Object.fromEntries(named),
    cause: causeOf(error.cause, depth + 1),
  };
}

/** Fastify's request and error serializers, with personal data and secrets taken out. */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redact(request.url),
    remoteAddress: request.ip,
  }),
  // The message of a failed query ends with its values, and pino appends the causes after them: the causes
  // are kept apart, so they survive the redaction.
  err: (error: Error) =>
    ({ ...(scrub(pino.stdSerializers.err(error)) as object), cause: causeOf(error.cause) }) as ReturnType<
      typeof pino.stdSerializers.err
    >,
};
