// API tokens (docs/api-tokens.md): GET/POST /apiv2/user/api-tokens for a person's own, and
// /apiv2/cloud/:cloudId/api-tokens for a cloud's; rotating and revoking one.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiTokenCreated,
  ApiTokenListResponse,
  CloudTokenBody,
  PersonalTokenBody,
} from '../../../../core/api/api-tokens.ts';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import { FIELD_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiDelete, apiGet, apiPost } from '../../../platform/http.ts';
import { apiTokenKeys } from './keys.ts';

/** Whose tokens a page shows: the signed-in person's, or a cloud's. */
export type TokenScope = { readonly kind: 'personal' } | { readonly kind: 'cloud'; readonly cloudId: number };

const baseOf = (scope: TokenScope) =>
  scope.kind === 'personal' ? '/apiv2/user/api-tokens' : `/apiv2/cloud/${scope.cloudId}/api-tokens`;

export function useApiTokens(scope: TokenScope, offset: number, enabled = true) {
  return useQuery({
    queryKey: apiTokenKeys.page(scope, offset),
    queryFn: () => apiGet<ApiTokenListResponse>(baseOf(scope), { offset, limit: LIST_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCreateApiToken(scope: TokenScope) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: FIELD_ERRORS,
    mutationFn: (body: PersonalTokenBody | CloudTokenBody) => apiPost<ApiTokenCreated>(baseOf(scope), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.scope(scope) }),
  });
}

type TokenChange =
  | { kind: 'rotate'; tokenId: number; graceHours: number }
  | { kind: 'revoke'; tokenId: number };

export function useApiTokenChange(scope: TokenScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TokenChange) => {
      const path = `${baseOf(scope)}/${change.tokenId}`;
      return change.kind === 'rotate'
        ? apiPost<ApiTokenCreated>(`${path}/rotate`, { grace_hours: change.graceHours })
        : apiDelete<null>(path);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.scope(scope) }),
  });
}
