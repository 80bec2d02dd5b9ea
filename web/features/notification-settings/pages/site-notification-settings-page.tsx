// docs/navigation.md#navigation-drawer site menu > Notifications (/v2/cloud/{cloudId}/site/{siteId}/notification-settings, edit_site):
// each alert type of the site follows the cloud's Notifications page or has the site's own setting.
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { SiteNotificationSettings } from '../../../../core/api/notification-settings.ts';
import { useRouteParams } from '../../../platform/use-route-match.ts';
import { usePageObjects } from '../../navigation/index.ts';
import { useSiteNotificationSettings } from '../api/get-notification-settings.ts';
import { useUpdateSiteNotificationSettings } from '../api/update-notification-settings.ts';
import { channelDraft, channelSetting, type RowDraft } from '../components/drafts.ts';
import { SettingsPage } from '../components/settings-page.tsx';

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
  return (
    <SettingsPage
      routeKey="siteNotificationSettings"
      allowed={allowed}
      settings={settings}
      intro={(data) => t('notifications.page.siteIntro', { site: data.site_name })}
      formKey={`${cloudId}-${siteId}`}
      rowsOf={rowsOf}
      save={(rows) =>
        update.mutateAsync({
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
        })
      }
    />
  );
}
