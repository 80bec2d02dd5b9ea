import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { can } from '../../../../core/policy.ts';
import { routes } from '../../../../core/routes.ts';
import { isTimeZone } from '../../../../core/time-zones.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { NotAllowed, PageSection } from '../../../platform/page-section.tsx';
import { useRouteParams } from '../../../platform/use-route-match.ts';
import { accessOf, useCachedMe } from '../../auth/index.ts';
import { useCreateSite } from '../api/create-site.ts';
import { SiteForm } from '../components/site-form.tsx';

/** docs/navigation.md#routes /v2/cloud/{cloudId}/sites/add: creates a site, for those with manage_sites (docs/roles.md). */
export function SiteAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { cloudId } = useRouteParams('sitesAdd');
  const me = useCachedMe();
  const membership = me?.memberships.find((candidate) => candidate.cloud_id === cloudId);
  const create = useCreateSite(cloudId, 'fields');
  if (!membership || !can(accessOf(membership), 'manage_sites')) {
    return (
      <PageSection routeKey="sitesAdd">
        <NotAllowed />
      </PageSection>
    );
  }
  // A new site starts in its creator's own time zone.
  const timezone = me && isTimeZone(me.user.timezone) ? me.user.timezone : 'UTC';
  return (
    <PageSection routeKey="sitesAdd">
      <SiteForm
        initial={{ name: '', location: '', latitude: null, longitude: null, timezone, allow_config: true }}
        submitLabel={t('sites.add.submit')}
        onSubmit={async (body) => {
          const created = await create.mutateAsync(body);
          showMessage({ content: t('sites.add.created', { name: created.name }) });
          navigate(routes.sites.href({ cloudId }));
        }}
      />
    </PageSection>
  );
}
