// The query keys of the Accounts page (docs/guest-access.md).
import type { AccountListParams } from './accounts.ts';

export const guestAccountKeys = {
  all: (cloudId: number) => ['guest-accounts', cloudId] as const,
  list: (cloudId: number, params: AccountListParams) =>
    [...guestAccountKeys.all(cloudId), 'list', params] as const,
  batches: (cloudId: number, offset: number) =>
    [...guestAccountKeys.all(cloudId), 'batches', offset] as const,
};
