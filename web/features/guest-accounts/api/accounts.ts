// The guest account and voucher calls (docs/guest-access.md#accounts-and-vouchers) under
// /apiv2/cloud/:cloudId/authport: the list, a person's account, revoke, extend, delete, voucher batches,
// and the addresses of the CSV export and of a batch's printed sheet.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedGuestAccount,
  CreateGuestAccountBody,
  CreateVoucherBatchBody,
  ExtendGuestAccountBody,
  GuestAccount,
  GuestAccountExportQuery,
  GuestAccountList,
  GuestAccountListQuery,
  VoucherBatch,
  VoucherBatchList,
} from '../../../../core/api/guest-accounts.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiDelete, apiGet, apiPost, buildQuery } from '../../../platform/http.ts';
import { guestAccountKeys } from './keys.ts';

export type AccountListParams = Omit<GuestAccountListQuery, 'limit'> & { readonly limit: number };

const base = (cloudId: number) => `/apiv2/cloud/${cloudId}/authport`;

/** The query without what it leaves out: an empty search, no filter. */
function listQuery(params: GuestAccountExportQuery): GuestAccountExportQuery {
  return Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== ''),
  ) as GuestAccountExportQuery;
}

export function useGuestAccounts(cloudId: number | null, params: AccountListParams) {
  return useQuery({
    queryKey: guestAccountKeys.list(cloudId ?? 0, params),
    queryFn: () => apiGet<GuestAccountList>(`${base(cloudId ?? 0)}/accounts`, listQuery(params)),
    enabled: cloudId !== null,
    placeholderData: keepPreviousData,
  });
}

export const accountsExportHref = (cloudId: number, params: GuestAccountExportQuery) =>
  `${base(cloudId)}/accounts/export?${buildQuery(listQuery(params))}`;

export const batchPdfHref = (cloudId: number, batchId: number) =>
  `${base(cloudId)}/voucher-batches/${batchId}/pdf`;

export function useVoucherBatches(cloudId: number | null, offset: number, limit: number) {
  return useQuery({
    queryKey: guestAccountKeys.batches(cloudId ?? 0, offset),
    queryFn: () => apiGet<VoucherBatchList>(`${base(cloudId ?? 0)}/voucher-batches`, { offset, limit }),
    enabled: cloudId !== null,
    placeholderData: keepPreviousData,
  });
}

export type AccountChange =
  | { readonly kind: 'revoke'; readonly accountId: number }
  | { readonly kind: 'extend'; readonly accountId: number; readonly body: ExtendGuestAccountBody }
  | { readonly kind: 'delete'; readonly accountId: number }
  | { readonly kind: 'deleteBatch'; readonly batchId: number };

function changeAccount(cloudId: number, change: AccountChange): Promise<unknown> {
  switch (change.kind) {
    case 'revoke':
      return apiPost<GuestAccount>(`${base(cloudId)}/accounts/${change.accountId}/revoke`);
    case 'extend':
      return apiPost<GuestAccount>(`${base(cloudId)}/accounts/${change.accountId}/extend`, change.body);
    case 'delete':
      return apiDelete(`${base(cloudId)}/accounts/${change.accountId}`);
    case 'deleteBatch':
      return apiDelete(`${base(cloudId)}/voucher-batches/${change.batchId}`);
  }
}

/** Revokes, extends or deletes; the page says what failed. */
export function useChangeAccount(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: LOCAL_ERRORS,
    mutationFn: (change: AccountChange) => changeAccount(cloudId, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guestAccountKeys.all(cloudId) }),
  });
}

export function useCreateAccount(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: LOCAL_ERRORS,
    mutationFn: (body: CreateGuestAccountBody) =>
      apiPost<CreatedGuestAccount>(`${base(cloudId)}/accounts`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guestAccountKeys.all(cloudId) }),
  });
}

export function useCreateBatch(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: LOCAL_ERRORS,
    mutationFn: (body: CreateVoucherBatchBody) =>
      apiPost<VoucherBatch>(`${base(cloudId)}/voucher-batches`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guestAccountKeys.all(cloudId) }),
  });
}
