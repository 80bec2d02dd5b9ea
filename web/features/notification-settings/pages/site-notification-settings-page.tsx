// docs/navigation.md#navigation-drawer site menu > Notifications (/v2/cloud/{cloudId}/site/{siteId}/notification-settings, edit_site):
// each alert type of the site follows the cloud's Notifications page or has the site's own setting.
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { SiteNotificationSettings } from '../../../../core/api/notification-settings.ts';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { Loading, NotAllowed, PageSection } from '../../../platform/page-section.tsx';
import { usePageObjects } from '../../../shell/drawer/use-page-objects.ts';
import { useRouteParams } from '../../../shell/use-route-match.ts';
import { useSiteNotificationSettings } from '../api/get-notification-settings.ts';
import { useUpdateSiteNotificationSettings } from '../api/update-notification-settings.ts';
import { channelDraft, channelSetting, type RowDraft } from '../components/drafts.ts';
import { SettingsForm } from '../components/settings-form.tsx';

const rowsOf = (settings: SiteNotificationSettings): RowDraft[] =>
  settings.types.map((type) => ({
    alertType: type.alert_type,
    followsCloud: type.follows_cloud,
    push: channelDraft(type.push),
    email: channelDraft(type.email),
    cloud: { push: channelDraft(type.cloud.push), email: channelDraft(type.cloud.email) },
  }));

export function SiteNotificationSettingsPage() {
  const { t } = useTranslation();
  const { cloudId, siteId } = useRouteParams('siteNotificationSettings');
  // The same site permissions the site menu shows the entry by.
  const site = usePageObjects(useLocation().pathname).site;
  const allowed = site?.site_permissions.includes('edit_site') ?? false;
  const settings = useSiteNotificationSettings(cloudId, siteId, allowed);
  const update = useUpdateSiteNotificationSettings(cloudId, siteId);
  let content: ReactNode;
  if (!allowed) content = <NotAllowed />;
  else if (settings.isPending) content = <Loading label={t('notifications.page.loading')} />;
  else if (!settings.data)
    content = <LoadFailed message={t('notifications.page.loadFailed')} onRetry={settings.refetch} />;
  else
    content = (
      <>
        <Typography color="text.secondary">
          {t('notifications.page.siteIntro', { site: settings.data.site_name })}
        </Typography>
        <Typography color="text.secondary">{t('notifications.page.ownChoices')}</Typography>
        <SettingsForm
          key={`${cloudId}-${siteId}`}
          initial={rowsOf(settings.data)}
          members={settings.data.members}
          labelledBy="page-title"
          onSave={async (rows) =>
            rowsOf(
              await update.mutateAsync({
                types: rows.map((row) =>
                  row.followsCloud
                    ? { alert_type: row.alertType, follows_cloud: true }
                    : {
                        alert_type: row.alertType,
                        follows_cloud: false,
                        push: channelSetting(row.push),
                        email: channelSetting(row.email),
                      },
                ),
              }),
            )
          }
        />
      </>
    );
  return <PageSection routeKey="siteNotificationSettings">{content}</PageSection>;
}
