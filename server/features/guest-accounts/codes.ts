// Voucher codes and made-up passwords (docs/guest-access.md#accounts-and-vouchers): crypto randomness over
// an alphabet without look-alike characters.
import { randomBytes } from 'node:crypto';
import { VOUCHER_ALPHABET } from '../../../core/api/guest-accounts.ts';

/** Bytes at or over this are thrown away, so every character of the alphabet is as likely. */
const CUTOFF = 256 - (256 % VOUCHER_ALPHABET.length);

/** `length` characters of the alphabet, each drawn evenly from crypto randomness. */
export function randomCode(length: number): string {
  let code = '';
  while (code.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= CUTOFF) continue;
      code += VOUCHER_ALPHABET[byte % VOUCHER_ALPHABET.length];
      if (code.length === length) break;
    }
  }
  return code;
}

/** `count` codes, distinct from each other and from those `taken` (compared in capitals). */
export function distinctCodes(
  count: number,
  prefix: string,
  length: number,
  taken: ReadonlySet<string> = new Set(),
): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    const code = `${prefix}${randomCode(length)}`;
    if (!taken.has(code)) codes.add(code);
  }
  return [...codes];
}

/** A password for a guest's account when the operator gives none: 10 characters of the same alphabet. */
export const randomPassword = () => randomCode(10);
