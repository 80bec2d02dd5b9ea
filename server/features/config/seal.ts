// docs/configuration.md#secrets: secrets are stored sealed (AES-256-GCM), so a dump of the database alone
// does not reveal them; the key is CONFIG_SECRET_KEY, or one generated into the data directory.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mapSecrets } from '../../../core/config/secrets.ts';
import type { Json } from '../../../core/config/tree.ts';

const PREFIX = 'sealed:v1:';
const KEY_FILE = 'config-secret.key';

/** The key from the environment's value (base64 of 32 bytes), or the data directory's, made on first use. */
export function configSecretKey(fromEnvironment: string | null, dataDir: string): Buffer {
  if (fromEnvironment !== null) return Buffer.from(fromEnvironment, 'base64');
  const path = join(dataDir, KEY_FILE);
  try {
    writeFileSync(path, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
}

function seal(key: Buffer, secret: string): string {
  if (secret.startsWith(PREFIX)) return secret;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
}

function open(key: Buffer, stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

/** Seals and opens the secrets of configuration documents, and single secrets, with one key. */
export type SecretBox = {
  seal: (document: Json) => Json;
  open: (document: Json) => Json;
  sealText: (secret: string) => string;
  openText: (stored: string) => string;
};

export const secretBox = (key: Buffer): SecretBox => ({
  seal: (document) => mapSecrets(document, (secret) => seal(key, secret)),
  open: (document) => mapSecrets(document, (secret) => open(key, secret)),
  sealText: (secret) => seal(key, secret),
  openText: (stored) => open(key, stored),
});

/** The hash a device reports for the document it runs: SHA-256 of the document's canonical JSON. */
export function documentHash(document: Json): string {
  return createHash('sha256').update(canonicalJson(document)).digest('hex');
}

/** JSON with every object's keys in order, so one document has one text. */
function canonicalJson(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key] as Json)}`).join(',')}}`;
}
