// docs/navigation.md#side-menu Manage > Notifications (/v2/cloud/{cloudId}/notification-settings, manage_sites): who each alert
// type notifies by Web Push and by email across the cloud.
import { useTranslation } from 'react-i18next';
import type { CloudNotificationSettings } from '../../../../core/api/notification-settings.ts';
import { can } from '../../../../core/policy.ts';
import { useRouteParams } from '../../../platform/use-route-match.ts';
import { accessOf, useCachedMe } from '../../auth/index.ts';
import { useCloudNotificationSettings } from '../api/get-notification-settings.ts';
import { useUpdateCloudNotificationSettings } from '../api/update-notification-settings.ts';
import { channelDraft, channelSetting, type RowDraft } from '../components/drafts.ts';
import { SettingsPage } from '../components/settings-page.tsx';

const rowsOf = (settings: CloudNotificationSettings): RowDraft[] =>
  settings.types.map((type) => ({
    alertType: type.alert_type,
    push: channelDraft(type.push),
    email: channelDraft(type.email),
  }));

export function NotificationSettingsPage() {
  const { t } = useTranslation();
  const { cloudId } = useRouteParams('notificationSettings');
  const membership = useCachedMe()?.memberships.find((candidate) => candidate.cloud_id === cloudId);
  const allowed = membership !== undefined && can(accessOf(membership), 'manage_sites');
  const settings = useCloudNotificationSettings(cloudId, allowed);
  const update = useUpdateCloudNotificationSettings(cloudId);
  return (
    <SettingsPage
      routeKey="notificationSettings"
      allowed={allowed}
      settings={settings}
      intro={() => t('notifications.page.intro')}
      formKey={String(cloudId)}
      rowsOf={rowsOf}
      save={(rows) =>
        update.mutateAsync({
          types: rows.map((row) => ({
            alert_type: row.alertType,
            push: channelSetting(row.push),
            email: channelSetting(row.email),
          })),
        })
      }
    />
  );
}
