// Single sign-on's calls (docs/single-sign-on.md): whether an email's domain signs in with it, where the
// browser goes to do so, and a cloud's provider settings.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SsoDiscoverResponse,
  SsoSettings,
  SsoSettingsBody,
  SsoTestResponse,
} from '../../../../core/api/single-sign-on.ts';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../platform/http.ts';
import { singleSignOnKeys } from './keys.ts';

/** An address complete enough to ask about: something@domain.tld. */
const COMPLETE_EMAIL = /^[^\s@]+@([^\s@]+\.[^\s@]{2,})$/;

/** Whether the typed email's domain signs in with single sign-on; asked once per domain. */
export function useSsoAvailable(email: string): boolean {
  const domain = COMPLETE_EMAIL.exec(email.trim())?.[1]?.toLowerCase() ?? null;
  const query = useQuery({
    queryKey: singleSignOnKeys.discover(domain ?? ''),
    queryFn: () => apiPost<SsoDiscoverResponse>('/apiv2/auth/sso/discover', { email: `sign-in@${domain}` }),
    enabled: domain !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return domain !== null && query.data?.sso === true;
}

/** Where the browser goes to sign in with the provider (a whole page load, not an API call). */
export function ssoStartHref(email: string, next: string | null): string {
  const query = new URLSearchParams({ email: email.trim() });
  if (next) query.set('next', next);
  return `/auth/sso/start?${query}`;
}

const settingsUrl = (cloudId: number) => `/apiv2/cloud/${cloudId}/single-sign-on`;

export function useSsoSettings(cloudId: number) {
  return useQuery({
    queryKey: singleSignOnKeys.settings(cloudId),
    queryFn: () => apiGet<SsoSettings>(settingsUrl(cloudId)),
  });
}

export function useSaveSsoSettings(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoSettingsBody) => apiPut<SsoSettings>(settingsUrl(cloudId), body),
    onSuccess: (saved) => queryClient.setQueryData(singleSignOnKeys.settings(cloudId), saved),
  });
}

export function useDeleteSsoSettings(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiDelete(settingsUrl(cloudId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: singleSignOnKeys.settings(cloudId) }),
  });
}

export function useTestSsoIssuer(cloudId: number) {
  return useMutation({
    mutationFn: (issuerUrl: string) =>
      apiPost<SsoTestResponse>(`${settingsUrl(cloudId)}/test`, { issuer_url: issuerUrl }),
  });
}
