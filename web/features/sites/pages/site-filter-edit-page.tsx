import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SiteFilter } from '../../../../core/api/sites.ts';
import { can } from '../../../../core/policy.ts';
import { routes } from '../../../../core/routes.ts';
import { confirmDialog } from '../../../platform/dialogs/dialog-store.ts';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { NotAllowed, PageSection } from '../../../platform/page-section.tsx';
import { useRouteParams } from '../../../platform/use-route-match.ts';
import { accessOf, useCachedMe } from '../../auth/index.ts';
import { useDeleteSiteFilter } from '../api/delete-site-filter.ts';
import { useSiteFilter } from '../api/get-site-filter.ts';
import { useUpdateSiteFilter } from '../api/update-site-filter.ts';
import { SiteFilterForm } from '../components/site-filter-form.tsx';

/** A saved site grouping's edit page: rename it, change its sites or delete it (manage_sites, docs/roles.md). */
export function SiteFilterEditPage() {
  const { t } = useTranslation();
  const { cloudId, siteFilterId } = useRouteParams('siteFilterEdit');
  const membership = useCachedMe()?.memberships.find((candidate) => candidate.cloud_id === cloudId);
  const allowed = membership !== undefined && can(accessOf(membership), 'manage_sites');
  const grouping = useSiteFilter(cloudId, siteFilterId, allowed);
  let content: ReactNode;
  if (!allowed) content = <NotAllowed />;
  else if (grouping.isPending)
    content = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('sites.filterEdit.loading')} />
      </Box>
    );
  else if (!grouping.data)
    content = <LoadFailed message={t('sites.filterEdit.loadFailed')} onRetry={grouping.refetch} />;
  else content = <EditForm key={grouping.data.id} cloudId={cloudId} grouping={grouping.data} />;
  return <PageSection routeKey="siteFilterEdit">{content}</PageSection>;
}

function EditForm({ cloudId, grouping }: { readonly cloudId: number; readonly grouping: SiteFilter }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateSiteFilter(cloudId, grouping.id);
  const remove = useDeleteSiteFilter(cloudId, grouping.id);
  const deleteGrouping = async () => {
    const confirmed = await confirmDialog({
      title: t('sites.filterDelete.title', { name: grouping.name }),
      content: t('sites.filterDelete.content'),
      confirmLabel: t('sites.filterDelete.confirm'),
    });
    if (!confirmed) return;
    await remove.mutateAsync();
    showMessage({ content: t('sites.filterDelete.done', { name: grouping.name }) });
    navigate(routes.sites.href({ cloudId }));
  };
  return (
    <SiteFilterForm
      cloudId={cloudId}
      initial={grouping}
      submitLabel={t('sites.filterEdit.submit')}
      onSubmit={async (body) => {
        await update.mutateAsync(body);
        showMessage({ content: t('sites.filterEdit.saved', { name: body.name }) });
      }}
      extraActions={
        <Button color="error" disabled={remove.isPending} onClick={() => void deleteGrouping()}>
          {t('sites.filterDelete.action')}
        </Button>
      }
    />
  );
}
