import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { SiteListItem } from '../../../../core/api/sites.ts';
import { can } from '../../../../core/policy.ts';
import { routes } from '../../../../core/routes.ts';
import { ListPageFrame } from '../../../platform/list-page/list-page-frame.tsx';
import { useListPageParams } from '../../../platform/list-page/list-page-params.ts';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { accessOf, useCachedMe } from '../../auth/index.ts';
import { useSites } from '../api/get-sites.ts';
import { SiteGroupingsPanel } from '../components/site-groupings-panel.tsx';
import { SiteHealth } from '../components/site-health.tsx';

/**
 * docs/navigation.md#routes /v2/cloud/{cloudId}/sites?search=: the cloud's sites the caller sees with their devices and
 * health; with manage_sites (docs/roles.md) also adding sites and the saved site groupings.
 */
export function SitesListPage() {
  const { t, i18n } = useTranslation();
  const list = useListPageParams('sites');
  const result = useSites(list.cloudId, list.params);
  const membership = useCachedMe()?.memberships.find((candidate) => candidate.cloud_id === list.cloudId);
  const managesSites = membership !== undefined && can(accessOf(membership), 'manage_sites');
  const number = new Intl.NumberFormat(i18n.language);
  const columns: ListColumn<SiteListItem>[] = [
    {
      id: 'name',
      header: t('sites.column.name'),
      // docs/navigation.md#navigation-drawer: choosing a site goes to its default dashboard.
      cell: (site) => (
        <Link component={RouterLink} to={routes.siteDashboard.href({ siteId: site.id }, { hash: 'default' })}>
          {site.name}
        </Link>
      ),
    },
    { id: 'location', header: t('sites.column.location'), from: 'md', cell: (site) => site.location },
    {
      id: 'devices',
      header: t('sites.column.devices'),
      numeric: true,
      cell: (site) => number.format(site.device_count),
    },
    {
      id: 'online',
      header: t('sites.column.online'),
      numeric: true,
      from: 'sm',
      cell: (site) => number.format(site.online_count),
    },
    { id: 'health', header: t('sites.column.health'), cell: (site) => <SiteHealth site={site} /> },
    {
      id: 'actions',
      header: t('sites.column.actions'),
      headerHidden: true,
      // A phone reaches Site Properties from the site's menu; the shortcut would widen the table past the screen.
      from: 'sm',
      nowrap: true,
      cell: (site) =>
        site.can_edit && (
          <Tooltip title={t('sites.list.edit')}>
            <IconButton
              size="small"
              component={RouterLink}
              to={routes.siteEdit.href({ cloudId: list.cloudId, siteId: site.id })}
              aria-label={t('sites.list.editNamed', { name: site.name })}
            >
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
    },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
      <ListPageFrame
        searchLabel={t('sites.list.search')}
        list={list}
        emptyText={t('sites.list.empty')}
        result={result}
        columns={columns}
        rowKey={(site) => site.id}
        actions={
          managesSites && (
            <Button
              variant="contained"
              component={RouterLink}
              to={routes.sitesAdd.href({ cloudId: list.cloudId })}
              startIcon={<AddIcon />}
            >
              {t('sites.list.add')}
            </Button>
          )
        }
      />
      {managesSites && <SiteGroupingsPanel cloudId={list.cloudId} />}
    </Box>
  );
}
