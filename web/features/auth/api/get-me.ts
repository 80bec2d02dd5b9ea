// GET /apiv2/auth/me: who is signed in, their clouds, the deployment theme and the server's version.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { MeasurementUnits, RoleId } from '../../../../core/domain.ts';
import { apiGet } from '../../../platform/http.ts';
import { authKeys } from './keys.ts';

export interface MeUser {
  readonly id: number;
  readonly firstname: string;
  readonly lastname: string;
  readonly email: string;
  readonly timezone: string;
  readonly preferredLanguage: string;
  readonly dateFormat: string;
  readonly timeFormat: string;
  readonly measurementUnits: MeasurementUnits;
  readonly subscribeNewsletter: boolean;
  readonly supportTools: boolean;
  readonly isAdministrator: boolean;
  /** Whether the email was shown to reach the person; invitations show only to a verified one. */
  readonly email_verified: boolean;
  /** An address waiting for its mailed link to be opened; null for none. */
  readonly pending_email: string | null;
}

export interface Membership {
  readonly cloudId: number;
  readonly cloudName: string;
  readonly roleId: RoleId;
  readonly permissions: number;
  readonly pushAlerts: boolean;
}

/** Deployment-level white-label settings (docs/decisions.md). */
export interface DeploymentTheme {
  readonly productName: string;
  readonly logoUrl: string | null;
  readonly primaryColor: string | null;
  readonly newsEnabled: boolean;
  readonly addonsEnabled: boolean;
  readonly supportToolsEnabled: boolean;
  readonly privacyPolicyUrl: string | null;
  readonly helpUrl: string | null;
  readonly pathAnalysisUrl: string;
}

export interface Me {
  readonly user: MeUser;
  readonly memberships: readonly Membership[];
  readonly defaultCloudId: number | null;
  readonly theme: DeploymentTheme;
  readonly appVersion: string;
}

export function getMe(): Promise<Me> {
  return apiGet<Me>('/apiv2/auth/me');
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: authKeys.me(),
    queryFn: getMe,
    staleTime: 5 * 60_000,
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}

/**
 * The signed-in user's data if it is already loaded; never starts a request (e.g. on the login page).
 * It reads the cache itself, so it follows the data across login and logout, which replace the query.
 */
export function useCachedMe(): Me | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const read = () => queryClient.getQueryData(meQueryOptions().queryKey);
  return useSyncExternalStore(subscribe, read, read);
}
