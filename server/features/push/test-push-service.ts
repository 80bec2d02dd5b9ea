// Server tests: a stand-in push service on 127.0.0.1 (https, as web-push only speaks https) and browsers
// that subscribe to it with real keys, so a test can read exactly what a push service would receive.

import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PushSubscriptionJson } from '../../../core/api/push.ts';

export type ReceivedPush = {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

/** A self-signed certificate for 127.0.0.1, valid for a day. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'push-service-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Starts the stand-in and makes this process trust its certificate: web-push sends through https's global
 * agent, which close() puts back.
 */
export async function startPushService() {
  const { key, cert } = selfSignedCertificate();
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server = https.createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answers.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const originalAgent = https.globalAgent;
  https.globalAgent = new https.Agent({ ca: cert });
  return {
    origin: `https://127.0.0.1:${port}`,
    received,
    /** The status the service answers for a path (201 unless told). */
    answer: (path: string, status: number) => answers.set(path, status),
    close: async () => {
      https.globalAgent.destroy();
      https.globalAgent = originalAgent;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type PushServiceStandIn = Awaited<ReturnType<typeof startPushService>>;

/** A browser's subscription to the stand-in with its own P-256 key pair and auth secret (RFC 8291). */
export function subscribeBrowser(service: PushServiceStandIn, name: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const path = `/push/${name}`;
  const subscription: PushSubscriptionJson = {
    endpoint: `${service.origin}${path}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
  return {
    path,
    subscription,
    /** Decrypts an aes128gcm body (RFC 8188 header, RFC 8291 keys) as the browser would. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverPublic = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverPublic]);
      const ikm = Buffer.from(hkdfSync('sha256', ecdh.computeSecret(serverPublic), auth, keyInfo, 32));
      const derive = (info: string, length: number) =>
        Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from(`Content-Encoding: ${info}\0`), length));
      const decipher = createDecipheriv('aes-128-gcm', derive('aes128gcm', 16), derive('nonce', 12));
      decipher.setAuthTag(ciphertext.subarray(-16));
      const record = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
      // The last record ends with the 0x02 delimiter, then zero padding.
      let end = record.length - 1;
      while (end > 0 && record[end] === 0) end -= 1;
      if (record[end] !== 2) throw new Error('no last-record delimiter');
      return record.subarray(0, end).toString('utf8');
    },
  };
}

/**
 * Reads a VAPID Authorization header (RFC 8292 §3: "vapid t=<JWT>, k=<public key>") and checks the JWT's
 * ES256 signature against k; returns k and the JWT claims.
 */
export function readVapidAuthorization(header: string | undefined) {
  const match = /^vapid t=([^,\s]+), k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [jwt, publicKey] = [match[1], match[2]];
  const [head, claims, signature] = jwt.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature ?? '', 'base64url'),
  );
  return {
    publicKey,
    valid,
    claims: JSON.parse(Buffer.from(claims ?? '', 'base64url').toString()) as {
      aud: string;
      exp: number;
      sub: string;
    },
  };
}
