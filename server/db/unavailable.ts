/**
 * Errors that say the database cannot answer now rather than that the request is wrong: connections
 * refused, dropped or timed out, a server shutting down or starting, and statements or locks given up on.
 * The API answers them 503 with Retry-After (docs/errors.md's maintenance text) instead of 500.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
// SQLSTATE: admin or crash shutdown, cannot connect now, statement timeout or cancel, lock timeout, too many connections.
const SQL_STATES = new Set(['57P01', '57P02', '57P03', '57014', '55P03', '53300']);
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection refused/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (NETWORK_CODES.has(code) || SQL_STATES.has(code) || code.startsWith('08'))
    )
      return true;
    if (MESSAGES.test(cause.message)) return true;
    cause = cause.cause;
  }
  return false;
}
