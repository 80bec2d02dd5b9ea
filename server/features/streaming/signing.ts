// Signed media URLs (docs/streaming.md#views-and-signed-urls, docs/security.md#video): a view's files are reached only by
// URLs the console signed, each naming one file of one view and when it stops working. The key lives in the
// console process only, so a restart ends every view's URLs.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const KEY = randomBytes(32);

function signature(viewId: number, file: string, exp: number): string {
  return createHmac('sha256', KEY).update(`${viewId}\n${file}\n${exp}`).digest('base64url').slice(0, 32);
}

/** The query of a signed URL to one file of a view, valid until exp (Unix seconds). */
export function signedQuery(viewId: number, file: string, exp: number): string {
  return `exp=${exp}&sig=${signature(viewId, file, exp)}`;
}

/** Whether the signature is the console's for this file of this view and has not expired. */
export function validSignature(
  viewId: number,
  file: string,
  exp: number,
  sig: string,
  nowMs = Date.now(),
): boolean {
  if (exp * 1000 < nowMs) return false;
  const expected = Buffer.from(signature(viewId, file, exp));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
