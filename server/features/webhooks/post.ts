// docs/webhooks.md#receivers: one delivery's request, sent to the address checked before it (whatever the
// name resolves to by now), with no redirect followed, answering the status code and the answer's first bytes.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_EXCERPT_BYTES } from '../../../core/api/webhooks.ts';

/** Requests in flight at once (docs/webhooks.md#delivery). */
export const REQUESTS_IN_FLIGHT = 64;

const keepAlive = { keepAlive: true, maxSockets: REQUESTS_IN_FLIGHT };
const httpAgent = new http.Agent(keepAlive);
const httpsAgent = new https.Agent(keepAlive);

/** Sends one request to the address checked before, with no redirect followed; answers code and excerpt. */
export function post(
  url: string,
  address: { address: string; family: 4 | 6 },
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<{ code: number | null; excerpt: string }> {
  const target = new URL(url);
  // The connection goes to the address that was checked, whatever the name resolves to by now.
  const lookup: LookupFunction = (_host, options, done) => {
    if ((options as { all?: boolean }).all) done(null, [address]);
    else done(null, address.address, address.family);
  };
  const send = target.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: { code: number | null; excerpt: string }) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    const request = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup,
        agent: target.protocol === 'https:' ? httpsAgent : httpAgent,
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < WEBHOOK_EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => {
          const text = Buffer.concat(chunks).subarray(0, WEBHOOK_EXCERPT_BYTES).toString('utf8');
          const code = response.statusCode ?? null;
          const location = response.headers.location;
          finish({
            code,
            excerpt:
              code !== null && code >= 300 && code < 400
                ? `Redirect to ${location ?? '(no location)'} not followed. ${text}`.slice(
                    0,
                    WEBHOOK_EXCERPT_BYTES,
                  )
                : text,
          });
        });
        response.on('error', (error) =>
          finish({ code: response.statusCode ?? null, excerpt: error.message }),
        );
      },
    );
    request.on('timeout', () => {
      request.destroy(new Error(`No answer within ${timeoutMs / 1000} s.`));
    });
    request.on('error', (error) =>
      finish({ code: null, excerpt: error.message.slice(0, WEBHOOK_EXCERPT_BYTES) }),
    );
    request.end(body);
  });
}
