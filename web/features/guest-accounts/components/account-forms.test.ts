// The Accounts page's forms (docs/guest-access.md#accounts-and-vouchers): a batch, a person's account and a
// later end are checked as the server checks them, and send only what was given.
import { describe, expect, it } from 'vitest';
import type { GuestAccount } from '../../../../core/api/guest-accounts.ts';
import { accountBodyOf, batchBodyOf, emptyAccountForm, emptyBatchForm, endOfDay } from './account-forms.ts';
import { extendBodyOf } from './extend-dialog.tsx';

const now = new Date(2026, 5, 1, 12, 0, 0);

describe('the voucher batch form', () => {
  it('sends the batch with the prefix in capitals and the use-by day ending at midnight', () => {
    const result = batchBodyOf(
      { ...emptyBatchForm(), planId: 3, count: '250', codeLength: '6', prefix: 'ht-', expires: '2026-06-30' },
      now,
    );
    expect(result).toEqual({
      body: {
        plan_id: 3,
        count: 250,
        code_length: 6,
        prefix: 'HT-',
        shared: false,
        expires_at: new Date(2026, 5, 30, 23, 59, 59).toISOString(),
      },
    });
  });

  it('refuses counts and lengths out of range, a prefix of other characters and a day gone', () => {
    const result = batchBodyOf(
      { ...emptyBatchForm(), count: '10001', codeLength: '5', prefix: 'A_B', expires: '2026-05-31' },
      now,
    );
    expect(result).toEqual({
      errors: {
        planId: { key: 'guestAccounts.error.planRequired' },
        count: { key: 'guestAccounts.error.range', values: { min: 1, max: 10_000 } },
        codeLength: { key: 'guestAccounts.error.range', values: { min: 6, max: 16 } },
        prefix: { key: 'guestAccounts.error.prefix', values: { max: 8 } },
        expires: { key: 'guestAccounts.error.futureDate' },
      },
    });
  });
});

describe("a person's account form", () => {
  it('sends a username without a password to have one made up, or an email address alone', () => {
    expect(accountBodyOf({ ...emptyAccountForm(), planId: 1, username: 'room-12' }, now)).toEqual({
      body: { plan_id: 1, username: 'room-12' },
    });
    expect(
      accountBodyOf(
        { ...emptyAccountForm(), planId: 1, mode: 'email', username: 'ignored', email: ' ann@example.com ' },
        now,
      ),
    ).toEqual({ body: { plan_id: 1, email: 'ann@example.com' } });
  });

  it('refuses a username with spaces, a short password and an address without @', () => {
    expect(
      accountBodyOf({ ...emptyAccountForm(), planId: 1, username: 'room 12', password: 'abc' }, now),
    ).toEqual({
      errors: {
        username: { key: 'guestAccounts.error.username', values: { max: 64 } },
        password: { key: 'guestAccounts.error.password', values: { min: 6, max: 64 } },
      },
    });
    expect(accountBodyOf({ ...emptyAccountForm(), planId: 1, mode: 'email', email: 'ann' }, now)).toEqual({
      errors: { email: { key: 'guestAccounts.error.email' } },
    });
  });
});

describe('a later end', () => {
  const account = { expires_at: null } as GuestAccount;
  it('moves the validity to the end of the day, and the own last day too when there is one', () => {
    const end = endOfDay('2026-07-01')?.toISOString();
    expect(extendBodyOf(account, '2026-07-01', now)).toEqual({ valid_until: end });
    expect(extendBodyOf({ ...account, expires_at: '2026-06-01T00:00:00Z' }, '2026-07-01', now)).toEqual({
      valid_until: end,
      expires_at: end,
    });
    expect(extendBodyOf(account, '2026-05-01', now)).toBeNull();
    expect(extendBodyOf(account, '', now)).toBeNull();
  });
});
