// docs/navigation.md#side-menu Manage > Notifications (/v2/cloud/{cloudId}/notification-settings, manage_sites): who each alert
// type notifies by Web Push and by email across the cloud.
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CloudNotificationSettings } from '../../../../core/api/notification-settings.ts';
import { can } from '../../../../core/policy.ts';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { Loading, NotAllowed, PageSection } from '../../../platform/page-section.tsx';
import { useRouteParams } from '../../../shell/use-route-match.ts';
import { accessOf, useCachedMe } from '../../auth/api/get-me.ts';
import { useCloudNotificationSettings } from '../api/get-notification-settings.ts';
import { useUpdateCloudNotificationSettings } from '../api/update-notification-settings.ts';
import { channelDraft, channelSetting, type RowDraft } from '../components/drafts.ts';
import { SettingsForm } from '../components/settings-form.tsx';

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
  let content: ReactNode;
  if (!allowed) content = <NotAllowed />;
  else if (settings.isPending) content = <Loading label={t('notifications.page.loading')} />;
  else if (!settings.data)
    content = <LoadFailed message={t('notifications.page.loadFailed')} onRetry={settings.refetch} />;
  else
    content = (
      <>
        <Typography color="text.secondary">{t('notifications.page.intro')}</Typography>
        <Typography color="text.secondary">{t('notifications.page.ownChoices')}</Typography>
        <SettingsForm
          key={cloudId}
          initial={rowsOf(settings.data)}
          members={settings.data.members}
          labelledBy="page-title"
          onSave={async (rows) =>
            rowsOf(
              await update.mutateAsync({
                types: rows.map((row) => ({
                  alert_type: row.alertType,
                  push: channelSetting(row.push),
                  email: channelSetting(row.email),
                })),
              }),
            )
          }
        />
      </>
    );
  return <PageSection routeKey="notificationSettings">{content}</PageSection>;
}
