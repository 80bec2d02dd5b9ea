// docs/topology.md: the site's devices and the links between them, as a graph (pannable, zoomable, laid out
// the same at every refresh) or as a table of links, the phone's default; live with the device events.
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { readPathIds, routes } from '../../../../core/routes.ts';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { PageLoader } from '../../../platform/page-loader.tsx';
import { usePageObjects } from '../../navigation/index.ts';
import { useTopology } from '../api/get-topology.ts';
import { LinkTable } from '../components/link-table.tsx';
import { TopologyGraph } from '../components/topology-graph.tsx';
import { TopologyLegend } from '../components/topology-legend.tsx';

const TITLE_ID = 'page-title';
type View = 'graph' | 'list';

export function TopologyPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const { pathname } = useLocation();
  const siteId = readPathIds(pathname).siteId ?? 0;
  const { cloudId } = usePageObjects(pathname);
  const result = useTopology(cloudId, siteId);
  // Below 600 px the table is the default; a choice made on the page holds.
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [chosen, setChosen] = useState<View | null>(null);
  const view: View = chosen ?? (narrow ? 'list' : 'graph');
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim().toLowerCase());

  const topology = result.data;
  const found = useMemo(
    () =>
      new Set(
        term === ''
          ? []
          : (topology?.nodes ?? [])
              .filter(
                (node) =>
                  node.name.toLowerCase().includes(term) ||
                  topology?.models[node.model]?.name?.toLowerCase().includes(term),
              )
              .map((node) => node.id),
      ),
    [topology, term],
  );
  // The table shows the links of the devices found.
  const listed = useMemo(
    () =>
      term === ''
        ? (topology?.edges ?? [])
        : (topology?.edges ?? []).filter(
            (edge) => found.has(edge.from_device_id) || found.has(edge.to_device_id),
          ),
    [topology, found, term],
  );

  if (result.isError)
    return <LoadFailed message={t('topology.page.loadFailed')} onRetry={() => void result.refetch()} />;

  return (
    <Box component="section" aria-labelledby={TITLE_ID} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography id={TITLE_ID} variant="h1">
        {t(routes.siteTopology.titleKey)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('topology.page.about')}
      </Typography>
      {!topology ? (
        <PageLoader />
      ) : topology.nodes.length === 0 ? (
        <Typography>{t('topology.page.empty')}</Typography>
      ) : (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={view}
              aria-label={t('topology.view.label')}
              onChange={(_event, next: View | null) => {
                if (next) setChosen(next);
              }}
            >
              <ToggleButton value="graph">{t('topology.view.graph')}</ToggleButton>
              <ToggleButton value="list">{t('topology.view.list')}</ToggleButton>
            </ToggleButtonGroup>
            <TextField
              type="search"
              size="small"
              label={t('topology.search.label')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              sx={{ minWidth: 220, flex: { xs: '1 1 100%', sm: '0 1 320px' } }}
            />
            <Typography role="status" variant="body2" color="text.secondary">
              {term === ''
                ? ''
                : found.size === 0
                  ? t('topology.search.none')
                  : t('topology.search.matches', { count: found.size })}
            </Typography>
          </Box>
          {topology.edges.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('topology.page.noLinks')}
            </Typography>
          )}
          {view === 'graph' ? (
            <TopologyGraph
              nodes={topology.nodes}
              models={topology.models}
              edges={topology.edges}
              siteId={siteId}
              highlighted={found}
              label={t('topology.graph.label')}
            />
          ) : (
            <LinkTable nodes={topology.nodes} edges={listed} siteId={siteId} compact={narrow} />
          )}
          <TopologyLegend />
        </>
      )}
    </Box>
  );
}
