import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { can } from '../../../../core/policy.ts';
import { routes } from '../../../../core/routes.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { NotAllowed, PageSection } from '../../../platform/page-section.tsx';
import { useRouteParams } from '../../../platform/use-route-match.ts';
import { accessOf, useCachedMe } from '../../auth/index.ts';
import { useCreateSiteFilter } from '../api/create-site-filter.ts';
import { SiteFilterForm } from '../components/site-filter-form.tsx';

/** docs/navigation.md#routes /v2/cloud/{cloudId}/site-filter/add: saves a site grouping (manage_sites, docs/roles.md). */
export function SiteFilterAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { cloudId } = useRouteParams('siteFilterAdd');
  const membership = useCachedMe()?.memberships.find((candidate) => candidate.cloud_id === cloudId);
  const create = useCreateSiteFilter(cloudId);
  return (
    <PageSection routeKey="siteFilterAdd">
      {membership && can(accessOf(membership), 'manage_sites') ? (
        <SiteFilterForm
          cloudId={cloudId}
          initial={{ name: '', site_ids: [] }}
          submitLabel={t('sites.filterAdd.submit')}
          onSubmit={async (body) => {
            const created = await create.mutateAsync(body);
            showMessage({ content: t('sites.filterAdd.created', { name: created.name }) });
            navigate(routes.sites.href({ cloudId }));
          }}
        />
      ) : (
        <NotAllowed />
      )}
    </PageSection>
  );
}
