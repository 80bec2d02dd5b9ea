// GET /apiv2/theme: the theme of the host the console is opened on, before anyone signs in (docs/vpc.md).
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiGet } from '../../../platform/http.ts';
import type { DeploymentTheme } from '../../auth/index.ts';
import { vpcKeys } from './keys.ts';

export function publicThemeQueryOptions() {
  return queryOptions({
    queryKey: vpcKeys.theme(),
    queryFn: () => apiGet<DeploymentTheme>('/apiv2/theme'),
    staleTime: 5 * 60_000,
    retry: false,
    // Without it the pages keep the default brand: nothing to tell the visitor.
    meta: LOCAL_ERRORS,
  });
}

/** The host's theme, asked once; undefined until it is known (or when it cannot be had). */
export function usePublicTheme(): DeploymentTheme | undefined {
  return useQuery(publicThemeQueryOptions()).data;
}

/** The host's theme if it is already loaded; never starts a request. */
export function useCachedPublicTheme(): DeploymentTheme | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const read = () => queryClient.getQueryData(publicThemeQueryOptions().queryKey);
  return useSyncExternalStore(subscribe, read, read);
}
