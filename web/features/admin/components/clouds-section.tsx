// Find clouds: every cloud of the platform by id or part of the name, with its owner, plan and devices;
// suspending one (after a confirmation) shows its members the suspended-cloud notice until it is lifted.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type AdminCloud, isAdminCloudSearch } from '../../../../core/api/admin.ts';
import type { PlanType } from '../../../../core/domain.ts';
import { confirmDialog } from '../../../platform/dialogs/dialog-store.ts';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { SearchField } from '../../../platform/search-field/search-field.tsx';
import { useFormatDateTime } from '../../account/index.ts';
import { useCloudSuspension } from '../api/cloud-suspension.ts';
import { usePlatformClouds } from '../api/get-platform-clouds.ts';
import { AdminList, usePageOffset } from './admin-list.tsx';

const PLAN_LABEL_KEYS = {
  trial: 'clouds.plan.trial',
  intro: 'clouds.plan.intro',
  vpc: 'clouds.plan.vpc',
} as const satisfies Record<PlanType, string>;

export function CloudsSection({
  search,
  onSearch,
}: {
  readonly search: string;
  readonly onSearch: (term: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const formatDateTime = useFormatDateTime();
  // An id, or enough of a name; while the text is neither, every cloud is listed under a hint.
  const searchable = isAdminCloudSearch(search);
  const term = searchable ? search.trim() : '';
  const [offset, setOffset] = usePageOffset(term);
  const result = usePlatformClouds(term, offset);
  const suspension = useCloudSuspension();
  const number = new Intl.NumberFormat(i18n.language);

  const suspend = async (cloud: AdminCloud) => {
    const confirmed = await confirmDialog({
      title: t('admin.clouds.suspendTitle', { cloud: cloud.name }),
      content: t('admin.clouds.suspendContent', { cloud: cloud.name }),
      confirmLabel: t('admin.clouds.suspend'),
    });
    if (!confirmed) return;
    suspension.mutate(
      { cloudId: cloud.id, suspend: true },
      { onSuccess: () => showMessage({ content: t('admin.clouds.suspended', { cloud: cloud.name }) }) },
    );
  };
  const unsuspend = (cloud: AdminCloud) =>
    suspension.mutate(
      { cloudId: cloud.id, suspend: false },
      { onSuccess: () => showMessage({ content: t('admin.clouds.unsuspended', { cloud: cloud.name }) }) },
    );

  const columns: ListColumn<AdminCloud>[] = [
    { id: 'id', header: t('admin.clouds.id'), from: 'md', numeric: true, cell: (cloud) => cloud.id },
    {
      id: 'name',
      header: t('admin.clouds.name'),
      cell: (cloud) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {cloud.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {cloud.owner_email ?? t('admin.clouds.noOwner')}
          </Typography>
          {/* What the columns of wider screens say. */}
          <Typography variant="body2" color="text.secondary" sx={{ display: { md: 'none' } }}>
            {t('admin.clouds.summary', {
              id: cloud.id,
              plan: t(PLAN_LABEL_KEYS[cloud.plan_type]),
              devices: number.format(cloud.device_count),
            })}
          </Typography>
        </>
      ),
    },
    {
      id: 'plan',
      header: t('admin.clouds.plan'),
      from: 'md',
      cell: (cloud) => t(PLAN_LABEL_KEYS[cloud.plan_type]),
    },
    {
      id: 'devices',
      header: t('admin.clouds.devices'),
      from: 'md',
      numeric: true,
      cell: (cloud) => number.format(cloud.device_count),
    },
    {
      id: 'state',
      header: t('admin.clouds.state'),
      cell: (cloud) =>
        cloud.suspended_at === null ? (
          <Chip size="small" variant="outlined" color="success" label={t('admin.clouds.active')} />
        ) : (
          <>
            <Chip size="small" variant="outlined" color="warning" label={t('admin.clouds.suspendedState')} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t('admin.clouds.suspendedSince', { date: formatDateTime(cloud.suspended_at) })}
            </Typography>
          </>
        ),
    },
    {
      id: 'actions',
      header: t('admin.list.actions'),
      cell: (cloud) =>
        cloud.suspended_at === null ? (
          <Button
            size="small"
            color="error"
            disabled={suspension.isPending}
            aria-label={t('admin.clouds.suspendLabel', { cloud: cloud.name })}
            onClick={() => void suspend(cloud)}
          >
            {t('admin.clouds.suspend')}
          </Button>
        ) : (
          <Button
            size="small"
            disabled={suspension.isPending}
            aria-label={t('admin.clouds.unsuspendLabel', { cloud: cloud.name })}
            onClick={() => unsuspend(cloud)}
          >
            {t('admin.clouds.unsuspend')}
          </Button>
        ),
    },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ maxWidth: { sm: 420 } }}>
        <SearchField
          label={t('admin.clouds.search')}
          placeholder={t('admin.clouds.search')}
          value={search}
          onSearch={onSearch}
        />
        {!searchable && (
          <Typography role="status" variant="body2" color="text.secondary" sx={{ mt: 0.5, mx: 1.75 }}>
            {t('admin.clouds.searchHint')}
          </Typography>
        )}
      </Box>
      <AdminList
        result={result}
        offset={offset}
        onOffset={setOffset}
        emptyText={term === '' ? t('admin.clouds.empty') : undefined}
        columns={columns}
        rowKey={(cloud) => cloud.id}
        labelledBy="admin-tab-clouds"
      />
    </Box>
  );
}
