import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { can } from '../../../../core/policy.ts';
import { matchRoute, readPathIds } from '../../../../core/routes.ts';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { Loading, NotAllowed, PageSection } from '../../../platform/page-section.tsx';
import { useCloud } from '../../clouds/index.ts';
import { usePageObjects } from '../../navigation/index.ts';
import { AddonList } from '../components/addon-list.tsx';
import { LicenseDevices } from '../components/license-devices.tsx';
import { PlanSummary } from '../components/plan-summary.tsx';

/**
 * docs/navigation.md#routes /cloud/{cloudId}/licenses (the plan, its licenses and the devices holding them),
 * /cloud/{cloudId}/addons and /site/{siteId}/addons (the add-ons, and on a site its devices' licenses).
 * All need manage_licenses (docs/roles.md).
 */
export function LicensesPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const key = matchRoute(pathname)?.key;
  const ids = readPathIds(pathname);
  // Site addresses carry no cloud id: the shell has already read the site's cloud.
  const objects = usePageObjects(pathname);
  const cloudId = ids.cloudId ?? objects.cloudId;
  const cloud = useCloud(cloudId);
  const routeKey = key === 'siteAddons' || key === 'cloudAddons' ? key : 'cloudLicenses';
  let content: ReactNode;
  if (cloudId === null || cloud.isPending) content = <Loading label={t('licenses.page.loading')} />;
  else if (!cloud.data)
    content = <LoadFailed message={t('licenses.page.loadFailed')} onRetry={cloud.refetch} />;
  else if (!can({ roleId: cloud.data.role_id, permissions: cloud.data.permissions }, 'manage_licenses'))
    content = <NotAllowed />;
  else if (routeKey === 'cloudLicenses')
    content = (
      <>
        <PlanSummary cloudId={cloudId} planType={cloud.data.plan_type} />
        <LicenseDevices cloudId={cloudId} />
      </>
    );
  else
    content = (
      <>
        <AddonList cloudId={cloudId} />
        {ids.siteId !== undefined && (
          <LicenseDevices key={ids.siteId} cloudId={cloudId} siteId={ids.siteId} />
        )}
      </>
    );
  return <PageSection routeKey={routeKey}>{content}</PageSection>;
}
