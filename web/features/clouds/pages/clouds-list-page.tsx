import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { CloudSummary } from '../../../../core/api/clouds.ts';
import { LIST_PAGE_SIZE, type ListPage } from '../../../../core/api/list-query.ts';
import type { PlanType } from '../../../../core/domain.ts';
import { routes } from '../../../../core/routes.ts';
import { ListPageFrame } from '../../../platform/list-page/list-page-frame.tsx';
import { useListPageParams } from '../../../platform/list-page/list-page-params.ts';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { roleLabelKey } from '../../../platform/list-page/role-labels.ts';
import { useRouteParams } from '../../../platform/use-route-match.ts';
import { useCloudList } from '../api/get-clouds.ts';
import { useCloudActions } from '../components/cloud-actions.ts';

const PLAN_LABEL_KEYS = {
  trial: 'clouds.plan.trial',
  intro: 'clouds.plan.intro',
  vpc: 'clouds.plan.vpc',
} as const satisfies Record<PlanType, string>;

/** A user has few clouds, all in GET /apiv2/clouds: the page filters and pages them itself. */
function pageOf(clouds: readonly CloudSummary[], search: string, offset: number): ListPage<CloudSummary> {
  const wanted = search.toLocaleLowerCase();
  const matching = clouds.filter(
    (cloud) =>
      cloud.name.toLocaleLowerCase().includes(wanted) || cloud.company.toLocaleLowerCase().includes(wanted),
  );
  return {
    items: matching.slice(offset, offset + LIST_PAGE_SIZE),
    total: matching.length,
    total_capped: false,
  };
}

/** docs/navigation.md#routes /v2/cloud/{cloudId}/clouds?search=: Manage Clouds, the clouds the user belongs to. */
export function CloudsListPage() {
  const { t } = useTranslation();
  const list = useListPageParams('clouds');
  const { cloudId } = useRouteParams('clouds');
  const actions = useCloudActions(cloudId);
  const query = useCloudList();
  const result = {
    ...query,
    data: query.data ? pageOf(query.data.clouds, list.params.search, list.params.offset) : undefined,
  };
  const columns: ListColumn<CloudSummary>[] = [
    {
      id: 'name',
      header: t('clouds.column.name'),
      cell: (cloud) => (
        <Link component={RouterLink} to={routes.cloudDashboard.href({ cloudId: cloud.id })}>
          {cloud.name}
        </Link>
      ),
    },
    { id: 'company', header: t('clouds.column.company'), from: 'sm', cell: (cloud) => cloud.company },
    {
      id: 'plan',
      header: t('clouds.column.plan'),
      from: 'md',
      cell: (cloud) => t(PLAN_LABEL_KEYS[cloud.plan_type]),
    },
    {
      id: 'role',
      header: t('clouds.column.role'),
      from: 'sm',
      cell: (cloud) => t(roleLabelKey(cloud.role_id)),
    },
    {
      id: 'status',
      header: t('clouds.column.status'),
      cell: (cloud) => (cloud.suspended ? t('clouds.status.suspended') : t('clouds.status.active')),
    },
    {
      id: 'actions',
      header: t('clouds.column.actions'),
      headerHidden: true,
      cell: (cloud) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
          <Button
            size="small"
            disabled={actions.busy}
            aria-label={t('clouds.leave.action', { name: cloud.name })}
            onClick={() => void actions.leaveCloud(cloud)}
          >
            {t('clouds.leave.button')}
          </Button>
          {/* Only an Owner may delete a cloud (the server refuses anyone else). */}
          {cloud.role_id === 'ROLE_OWNER' && (
            <Button
              size="small"
              color="error"
              disabled={actions.busy}
              aria-label={t('clouds.delete.action', { name: cloud.name })}
              onClick={() => void actions.deleteCloud(cloud)}
            >
              {t('clouds.delete.button')}
            </Button>
          )}
        </Box>
      ),
    },
  ];
  return (
    <ListPageFrame
      searchLabel={t('clouds.list.search')}
      list={list}
      result={result}
      columns={columns}
      rowKey={(cloud) => cloud.id}
      actions={
        <Button variant="contained" disabled={actions.busy} onClick={() => void actions.createCloud()}>
          {t('clouds.create.button')}
        </Button>
      }
    />
  );
}
