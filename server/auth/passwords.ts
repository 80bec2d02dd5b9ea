import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with its default cost: about 12 ms a hash here.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // Thrown only for a stored value that is not an argon2 hash: no password matches it.
    return false;
  }
}

// Verifying against a fixed hash when the account is unknown keeps both answers equally slow.
const unknownAccountHash = hash('not a password of any account');
export async function verifyUnknownAccount(password: string): Promise<false> {
  await verifyPassword(await unknownAccountHash, password);
  return false;
}
