// /v2/cloud/{cloudId}/authport/captive-portals (docs/guest-access.md#captive-portals): the cloud's captive
// portals by site, and the designer of the one chosen or of a new one (manage_sites).
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Portal } from '../../../../core/api/guest-portals.ts';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import { can } from '../../../../core/policy.ts';
import { parseId } from '../../../../core/route-definition.ts';
import { routes } from '../../../../core/routes.ts';
import { ListPager } from '../../../platform/list-page/list-pager.tsx';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { PageLoader } from '../../../platform/page-loader.tsx';
import { accessOf, useCachedMe } from '../../auth/index.ts';
import { SiteSelect } from '../../sites/index.ts';
import { usePortals } from '../api/portals.ts';
import { PortalDesigner } from '../components/portal-designer.tsx';

const TITLE_ID = 'page-title';

export function CaptivePortalsPage() {
  const { t } = useTranslation();
  const cloudId = parseId(useParams().cloudId ?? '') ?? 0;
  const membership = useCachedMe()?.memberships.find((candidate) => candidate.cloud_id === cloudId);
  const allowed = membership !== undefined && can(accessOf(membership), 'manage_sites');
  return (
    <Box component="section" aria-labelledby={TITLE_ID} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography id={TITLE_ID} variant="h1">
        {t(routes.authportCaptivePortals.titleKey)}
      </Typography>
      {allowed ? <Portals cloudId={cloudId} /> : <Typography>{t('platform.errors.forbidden')}</Typography>}
    </Box>
  );
}

/** The designer shows the portal chosen, a new one ('new'), or none yet. */
type Chosen = { readonly kind: 'portal'; readonly portal: Portal } | { readonly kind: 'new' } | null;

function Portals({ cloudId }: { readonly cloudId: number }) {
  const { t } = useTranslation();
  const [siteId, setSiteId] = useState<number | null>(null);
  const [offset, setOffset] = useState(0);
  const [chosen, setChosen] = useState<Chosen>(null);
  const result = usePortals(cloudId, siteId, offset, LIST_PAGE_SIZE);
  const page = result.data;
  const chosenId = chosen?.kind === 'portal' ? chosen.portal.id : null;

  const list = (
    <Paper variant="outlined" sx={{ display: 'grid', gap: 1.5, p: 2, alignContent: 'start', minWidth: 0 }}>
      <SiteSelect
        cloudId={cloudId}
        label={t('guestPortals.list.site')}
        value={siteId}
        size="small"
        onChange={(id) => {
          setSiteId(id);
          setOffset(0);
        }}
      />
      <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setChosen({ kind: 'new' })}>
        {t('guestPortals.action.add')}
      </Button>
      {result.isPending ? (
        <PageLoader />
      ) : result.isError ? (
        <LoadFailed message={t('guestPortals.list.loadFailed')} onRetry={() => void result.refetch()} />
      ) : page && page.items.length === 0 ? (
        <Typography color="text.secondary">{t('guestPortals.list.empty')}</Typography>
      ) : (
        <List dense aria-label={t('guestPortals.list.label')} sx={{ p: 0 }}>
          {page?.items.map((portal) => (
            <ListItem key={portal.id} disablePadding>
              <ListItemButton
                selected={portal.id === chosenId}
                onClick={() => setChosen({ kind: 'portal', portal })}
              >
                <ListItemText
                  primary={portal.name}
                  secondary={`${portal.site_name} · ${portal.ssid ?? t('guestPortals.list.everySsid')}`}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      {page && page.total > LIST_PAGE_SIZE && (
        <ListPager
          offset={offset}
          count={page.items.length}
          total={page.total}
          totalCapped={page.total_capped}
          onOffset={setOffset}
        />
      )}
    </Paper>
  );

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '280px minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      {list}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
        {chosen === null ? (
          <Typography color="text.secondary">{t('guestPortals.designer.choose')}</Typography>
        ) : (
          <>
            <Typography variant="h2" sx={{ mb: 2 }}>
              {chosen.kind === 'new' ? t('guestPortals.designer.newTitle') : chosen.portal.name}
            </Typography>
            <PortalDesigner
              key={chosen.kind === 'new' ? 'new' : chosen.portal.id}
              cloudId={cloudId}
              portal={chosen.kind === 'new' ? null : chosen.portal}
              siteId={siteId}
              onSaved={(portal) => setChosen({ kind: 'portal', portal })}
              onDeleted={() => setChosen(null)}
            />
          </>
        )}
      </Paper>
    </Box>
  );
}
