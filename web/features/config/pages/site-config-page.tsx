// docs/navigation.md#site-menu Site Configuration (/site/{siteId}/config): a section per kind of device the
// site holds (its anchors those of the site menu; each kind's General and locale folded, unfolded in the
// first kind when the address names it), the drafts and "Review and apply", where each device stands with
// them, the site's variables and its revision history. Read-only for whoever may not change it.
import Alert from '@mui/material/Alert';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { SiteConfig } from '../../../../core/api/config.ts';
import { CONFIG_TYPES, type ConfigType } from '../../../../core/config/document.ts';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { Loading, PageSection } from '../../../platform/page-section.tsx';
import { useRouteParams } from '../../../platform/use-route-match.ts';
import { usePageObjects } from '../../navigation/index.ts';
import { useSiteConfig } from '../api/get-site-config.ts';
import { useSaveSiteConfig } from '../api/save-site-config.ts';
import { ApplyDialog } from '../components/apply-dialog.tsx';
import { ConfigLock } from '../components/config-lock.tsx';
import { DeviceProgress } from '../components/device-progress.tsx';
import { DraftBanner } from '../components/draft-banner.tsx';
import { RevisionHistory } from '../components/revision-history.tsx';
import { TypeConfigCard } from '../components/type-config-card.tsx';
import { GENERAL_ANCHOR } from '../components/type-labels.ts';
import { VariablesEditor } from '../components/variables-editor.tsx';

/** The kinds shown, in the order of the site menu's anchors; SD-WAN only where the site has it. */
export function shownTypes(config: SiteConfig) {
  return CONFIG_TYPES.flatMap((type) => {
    const found = config.types.find((one) => one.config_type === type);
    return found && (type !== 'gateway' || config.sdwan_enabled) ? [found] : [];
  });
}

export function SiteConfigPage() {
  const { t } = useTranslation();
  const { siteId } = useRouteParams('siteConfig');
  const { pathname, hash } = useLocation();
  const objects = usePageObjects(pathname);
  const cloudId = objects.cloudId;
  const result = useSiteConfig(cloudId, siteId);
  const data = result.data;
  const save = useSaveSiteConfig(cloudId ?? 0, siteId);
  // The kinds being applied: the dialog stays open with its tasks once their drafts are gone.
  const [applying, setApplying] = useState<readonly ConfigType[] | null>(null);
  // The page's sections come after its data: go to the anchor the address names once they are drawn.
  useEffect(() => {
    if (data && hash) document.getElementById(hash.slice(1))?.scrollIntoView?.();
  }, [data, hash]);

  let content: React.ReactNode;
  if (objects.error !== null || (result.isError && !data)) {
    content = <LoadFailed message={t('config.site.loadFailed')} onRetry={() => result.refetch()} />;
  } else if (!data || cloudId === null) {
    content = <Loading label={t('config.site.loading')} />;
  } else if (!data.config_enabled) {
    content = <Alert severity="info">{t('config.site.disabled')}</Alert>;
  } else {
    const types = shownTypes(data);
    const drafts = types.filter((one) => one.draft !== null).map((one) => one.config_type);
    content = (
      <>
        {!data.can_change && <Alert severity="info">{t('config.site.readOnly')}</Alert>}
        {!data.can_view_secrets && <Alert severity="info">{t('config.site.secretsMasked')}</Alert>}
        {drafts.length > 0 && (
          <DraftBanner types={drafts} onReview={data.can_change ? () => setApplying(drafts) : undefined} />
        )}
        {applying && (
          <ApplyDialog cloudId={cloudId} siteId={siteId} types={applying} onClose={() => setApplying(null)} />
        )}
        {types.length === 0 && <Alert severity="info">{t('config.site.empty')}</Alert>}
        {types.map((one, index) => (
          <TypeConfigCard
            // A new draft or apply from the server starts the form again from it.
            key={`${one.config_type}:${JSON.stringify(one.draft ?? one.applied)}`}
            cloudId={cloudId}
            siteId={siteId}
            config={one}
            canChange={data.can_change}
            first={index === 0}
            generalOpen={index === 0 && hash === `#${GENERAL_ANCHOR}`}
          />
        ))}
        {types.length > 0 && (
          <DeviceProgress
            // Another site's devices start from every kind and state again.
            key={siteId}
            cloudId={cloudId}
            siteId={siteId}
            types={types.filter((one) => one.devices > 0).map((one) => one.config_type)}
          />
        )}
        <ConfigLock
          cloudId={cloudId}
          siteId={siteId}
          locked={data.config_lock}
          canChange={data.can_change_lock}
        />
        <VariablesEditor
          key={JSON.stringify(data.variables)}
          variables={data.variables}
          canChange={data.can_change}
          help={t('config.variables.help')}
          saved={t('config.variables.saved')}
          saving={save.isPending}
          onSave={(variables) => save.mutateAsync({ variables })}
        />
        <RevisionHistory cloudId={cloudId} owner={{ kind: 'site', id: siteId }} canChange={data.can_change} />
      </>
    );
  }
  return <PageSection routeKey="siteConfig">{content}</PageSection>;
}
