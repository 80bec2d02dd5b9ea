// Two-factor sign-in: TOTP codes from an authenticator app (RFC 6238) and one-time recovery codes.
import { createHash, randomInt } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Database } from '../db/connect.ts';
import { users } from '../db/schema/accounts.ts';

export const RECOVERY_CODE_COUNT = 10;

export const newTotpSecret = (): string => generateSecret();

export const totpUri = (secret: string, email: string, issuer: string): string =>
  generateURI({ issuer, label: email, secret });

/**
 * The time step of a valid code, or null. A code of the step before or after is accepted (clocks
 * drift), and never one of a step at or before the last accepted, so a seen code cannot be replayed.
 */
export async function acceptedTotpStep(
  secret: string,
  code: string,
  lastStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: 30,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  // The functional API's result also covers HOTP, which has no time step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

// Letters and digits that cannot be mistaken for one another when copied from paper.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Fresh recovery codes (xxxxx-xxxxx, about 49 bits each) and the hashes to keep. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: codes.map(recoveryCodeHash) };
}

/** The kept form of a recovery code, however it was typed. */
export function recoveryCodeHash(code: string): string {
  const plain = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(plain).digest('base64url');
}

/**
 * Marks a code's time step used, unless a code of that step or a later one was used already (two
 * requests racing with the same code: one wins).
 */
export async function claimTotpStep(db: Database, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Uses up a recovery code; false when the account has no such unused code. */
export async function spendRecoveryCode(db: Database, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ recoveryCodeHashes: sql`array_remove(${users.recoveryCodeHashes}, ${codeHash})` })
    .where(and(eq(users.id, userId), sql`${codeHash} = any(${users.recoveryCodeHashes})`))
    .returning({ id: users.id });
  return rows.length > 0;
}
