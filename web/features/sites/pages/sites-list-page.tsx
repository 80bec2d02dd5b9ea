import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { SiteListItem } from '../../../../core/api/sites.ts';
import { routes } from '../../../../core/routes.ts';
import { ListPageFrame } from '../../../platform/list-page/list-page-frame.tsx';
import { useListPageParams } from '../../../platform/list-page/list-page-params.ts';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { useSites } from '../api/get-sites.ts';

/** SPEC §2.1 /v2/cloud/{cloudId}/sites?search=: the cloud's sites the caller sees. */
export function SitesListPage() {
  const { t, i18n } = useTranslation();
  const list = useListPageParams('sites');
  const result = useSites(list.cloudId, list.params);
  const number = new Intl.NumberFormat(i18n.language);
  const columns: ListColumn<SiteListItem>[] = [
    {
      id: 'name',
      header: t('sites.column.name'),
      // SPEC §2.4: choosing a site goes to its default dashboard.
      cell: (site) => (
        <Link component={RouterLink} to={routes.siteDashboard.href({ siteId: site.id }, { hash: 'default' })}>
          {site.name}
        </Link>
      ),
    },
    { id: 'location', header: t('sites.column.location'), from: 'sm', cell: (site) => site.location },
    {
      id: 'devices',
      header: t('sites.column.devices'),
      numeric: true,
      cell: (site) => number.format(site.device_count),
    },
  ];
  return (
    <ListPageFrame
      searchLabel={t('sites.list.search')}
      list={list}
      emptyText={t('sites.list.empty')}
      result={result}
      columns={columns}
      rowKey={(site) => site.id}
    />
  );
}
