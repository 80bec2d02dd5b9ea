// GET /apiv2/user/security: whether two-factor sign-in is on, recovery codes left, the live sessions.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountSecurity } from '../../../../core/api/account.ts';
import { apiGet } from '../../../platform/http.ts';
import { accountKeys } from './keys.ts';

export const securityQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.security(),
    queryFn: () => apiGet<AccountSecurity>('/apiv2/user/security'),
  });

export const useSecurity = () => useQuery(securityQueryOptions());
