// @vitest-environment node
// Voucher codes (docs/guest-access.md#voucher-batches-and-codes): only the alphabet without look-alikes,
// every character about as likely, distinct in a batch and never one already taken.
import { expect, it } from 'vitest';
import { VOUCHER_ALPHABET } from '../../../core/api/guest-accounts.ts';
import { distinctCodes, randomCode } from './codes.ts';

it('draws every character of the alphabet about evenly, and no other', () => {
  const counts = new Map<string, number>();
  const drawn = randomCode(250_000);
  for (const character of drawn) counts.set(character, (counts.get(character) ?? 0) + 1);
  expect([...counts.keys()].sort().join('')).toBe([...VOUCHER_ALPHABET].sort().join(''));
  // 10,000 expected each: a bias of the modulo (256 is not a multiple of 25) would show as 10 %.
  for (const count of counts.values()) expect(Math.abs(count - 10_000)).toBeLessThan(600);
});

it('makes distinct codes with the prefix, none of those taken', () => {
  const taken = new Set(distinctCodes(500, 'AB-', 6));
  const codes = distinctCodes(2000, 'AB-', 6, taken);
  expect(new Set(codes).size).toBe(2000);
  expect(codes.some((code) => taken.has(code))).toBe(false);
  for (const code of codes) expect(code).toMatch(new RegExp(`^AB-[${VOUCHER_ALPHABET}]{6}$`));
});
