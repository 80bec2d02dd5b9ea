// GET /apiv2/auth/me: who is signed in, their clouds, the deployment theme and the server's version.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { MapTiles } from '../../../../core/api/site-map.ts';
import type { MeasurementUnits, RoleId } from '../../../../core/domain.ts';
import type { Access } from '../../../../core/policy.ts';
import { apiGet } from '../../../platform/http.ts';
import { authKeys } from './keys.ts';

export interface MeUser {
  readonly id: number;
  readonly firstname: string;
  readonly lastname: string;
  readonly email: string;
  readonly timezone: string;
  readonly preferred_language: string;
  readonly date_format: string;
  readonly time_format: string;
  readonly measurement_units: MeasurementUnits;
  readonly subscribe_newsletter: boolean;
  readonly support_tools: boolean;
  readonly is_administrator: boolean;
  /** Whether the email was shown to reach the person; invitations show only to a verified one. */
  readonly email_verified: boolean;
  /** An address waiting for its mailed link to be opened; null for none. */
  readonly pending_email: string | null;
}

export interface Membership {
  readonly cloud_id: number;
  readonly cloud_name: string;
  readonly role_id: RoleId;
  readonly permissions: number;
  readonly push_alerts: boolean;
}

/** White-label settings: the deployment's (docs/decisions.md), or a vpc cloud's on its host name (docs/vpc.md). */
export interface DeploymentTheme {
  readonly product_name: string;
  readonly logo_url: string | null;
  readonly favicon_url: string | null;
  readonly primary_color: string | null;
  readonly news_enabled: boolean;
  readonly addons_enabled: boolean;
  readonly support_tools_enabled: boolean;
  readonly privacy_policy_url: string | null;
  readonly help_url: string | null;
  /** Shown on the sign-in page under the product name (docs/vpc.md). */
  readonly sign_in_text: string | null;
  readonly path_analysis_url: string;
}

export interface Me {
  readonly user: MeUser;
  readonly memberships: readonly Membership[];
  readonly default_cloud_id: number | null;
  readonly theme: DeploymentTheme;
  readonly map_tiles: MapTiles;
  readonly app_version: string;
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

/** A membership as the console's access rules (core/policy.ts) take it. */
export const accessOf = (membership: Membership): Access => ({
  roleId: membership.role_id,
  permissions: membership.permissions,
});
