// GET /apiv2/cloud/:cloudId/notification-settings (manage_sites) and
// GET /apiv2/cloud/:cloudId/site/:siteId/notification-settings (edit_site): who each alert type notifies.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CloudNotificationSettings,
  SiteNotificationSettings,
} from '../../../../core/api/notification-settings.ts';
import { apiGet } from '../../../platform/http.ts';
import { notificationSettingsKeys } from './keys.ts';

export const cloudSettingsPath = (cloudId: number) => `/apiv2/cloud/${cloudId}/notification-settings`;
export const siteSettingsPath = (cloudId: number, siteId: number) =>
  `/apiv2/cloud/${cloudId}/site/${siteId}/notification-settings`;

export function cloudNotificationSettingsQueryOptions(cloudId: number) {
  return queryOptions({
    queryKey: notificationSettingsKeys.cloud(cloudId),
    queryFn: () => apiGet<CloudNotificationSettings>(cloudSettingsPath(cloudId)),
  });
}

export function siteNotificationSettingsQueryOptions(cloudId: number, siteId: number) {
  return queryOptions({
    queryKey: notificationSettingsKeys.site(cloudId, siteId),
    queryFn: () => apiGet<SiteNotificationSettings>(siteSettingsPath(cloudId, siteId)),
  });
}

/** Asks only once the page knows the caller may see the settings. */
export function useCloudNotificationSettings(cloudId: number, allowed: boolean) {
  return useQuery({ ...cloudNotificationSettingsQueryOptions(cloudId), enabled: allowed });
}

export function useSiteNotificationSettings(cloudId: number, siteId: number, allowed: boolean) {
  return useQuery({ ...siteNotificationSettingsQueryOptions(cloudId, siteId), enabled: allowed });
}
