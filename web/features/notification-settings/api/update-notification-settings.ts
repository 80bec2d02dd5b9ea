// PUT /apiv2/cloud/:cloudId/notification-settings and .../site/:siteId/notification-settings: the page's
// settings replace the stored ones; a 400 names the refused fields.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CloudNotificationSettings,
  CloudNotificationSettingsBody,
  SiteNotificationSettings,
  SiteNotificationSettingsBody,
} from '../../../../core/api/notification-settings.ts';
import { FIELD_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPut } from '../../../platform/http.ts';
import {
  cloudNotificationSettingsQueryOptions,
  cloudSettingsPath,
  siteNotificationSettingsQueryOptions,
  siteSettingsPath,
} from './get-notification-settings.ts';
import { notificationSettingsKeys } from './keys.ts';

export function useUpdateCloudNotificationSettings(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CloudNotificationSettingsBody) =>
      apiPut<CloudNotificationSettings>(cloudSettingsPath(cloudId), body),
    meta: FIELD_ERRORS,
    onSuccess: (saved) => {
      queryClient.setQueryData(cloudNotificationSettingsQueryOptions(cloudId).queryKey, saved);
      // A cloud's change shows on its sites' pages too ("Same as the cloud").
      return queryClient.invalidateQueries({ queryKey: notificationSettingsKeys.sites(cloudId) });
    },
  });
}

export function useUpdateSiteNotificationSettings(cloudId: number, siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteNotificationSettingsBody) =>
      apiPut<SiteNotificationSettings>(siteSettingsPath(cloudId, siteId), body),
    meta: FIELD_ERRORS,
    onSuccess: (saved) =>
      queryClient.setQueryData(siteNotificationSettingsQueryOptions(cloudId, siteId).queryKey, saved),
  });
}
