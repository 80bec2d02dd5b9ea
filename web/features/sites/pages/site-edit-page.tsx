import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SiteProperties } from '../../../../core/api/sites.ts';
import { routes } from '../../../../core/routes.ts';
import { confirmDialog } from '../../../platform/dialogs/dialog-store.ts';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { NotAllowed, PageSection } from '../../../platform/page-section.tsx';
import { useRouteParams } from '../../../platform/use-route-match.ts';
import { useDeleteSite } from '../api/delete-site.ts';
import { useSiteProperties } from '../api/get-site-properties.ts';
import { useUpdateSite } from '../api/update-site.ts';
import { SiteForm } from '../components/site-form.tsx';

/** docs/navigation.md#navigation-drawer Site Properties (/v2/cloud/{cloudId}/site/{siteId}/edit): change or delete a site (edit_site). */
export function SiteEditPage() {
  const { t } = useTranslation();
  const { cloudId, siteId } = useRouteParams('siteEdit');
  const site = useSiteProperties(cloudId, siteId);
  let content: ReactNode;
  if (site.isPending) {
    content = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('sites.edit.loading')} />
      </Box>
    );
  } else if (!site.data) {
    content = <LoadFailed message={t('sites.edit.loadFailed')} onRetry={site.refetch} />;
  } else if (!site.data.can_edit) {
    content = <NotAllowed />;
  } else {
    // Keyed by the site, so the form starts again from another site's values.
    content = <EditForm key={site.data.id} cloudId={cloudId} site={site.data} />;
  }
  return <PageSection routeKey="siteEdit">{content}</PageSection>;
}

function EditForm({ cloudId, site }: { readonly cloudId: number; readonly site: SiteProperties }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateSite(cloudId, site.id);
  const remove = useDeleteSite(cloudId, site.id);
  const deleteSite = async () => {
    const confirmed = await confirmDialog({
      title: t('sites.delete.title', { name: site.name }),
      // Says what becomes of the site's devices before anything is deleted.
      content:
        site.device_count === 0
          ? t('sites.delete.contentEmpty')
          : t('sites.delete.content', { count: site.device_count }),
      confirmLabel: t('sites.delete.confirm'),
    });
    if (!confirmed) return;
    const deleted = await remove.mutateAsync();
    showMessage({
      content: t('sites.delete.done', { name: site.name, count: deleted.unassigned_devices }),
    });
    navigate(routes.sites.href({ cloudId }));
  };
  return (
    <SiteForm
      initial={site}
      submitLabel={t('sites.edit.submit')}
      onSubmit={async (body) => {
        await update.mutateAsync(body);
        showMessage({ content: t('sites.edit.saved', { name: body.name }) });
      }}
      extraActions={
        site.can_delete && (
          <Button color="error" disabled={remove.isPending} onClick={() => void deleteSite()}>
            {t('sites.delete.action')}
          </Button>
        )
      }
    />
  );
}
