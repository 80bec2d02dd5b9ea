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

function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redact(value);
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === 'params' ? '[redacted]' : scrub(item, depth + 1),
    ]),
  );
}

/** Fastify's request and error serializers, with personal data and secrets taken out. */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redact(request.url),
    remoteAddress: request.ip,
  }),
  err: (error: Error) => scrub(pino.stdSerializers.err(error)) as ReturnType<typeof pino.stdSerializers.err>,
};
