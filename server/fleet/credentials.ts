import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A device credential: "<agent id>.<secret>"; the console keeps only the secret's SHA-256. */
export type Credential = { agentId: number; secretHash: string };

export const newSecret = () => randomBytes(32).toString('base64url');

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export const credentialText = (agentId: number, secret: string) => `${agentId}.${secret}`;

const BEARER = /^Bearer (\d{1,10})\.([A-Za-z0-9_-]{43})$/;

/** The credential of an Authorization header, or null when there is none or it is not one. */
export function parseCredential(header: string | undefined): Credential | null {
  const match = header ? BEARER.exec(header) : null;
  if (!match) return null;
  const agentId = Number(match[1]);
  if (agentId < 1 || agentId > 2147483647) return null;
  return { agentId, secretHash: hashSecret(match[2] as string) };
}

export function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
