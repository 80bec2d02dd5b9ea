// One page of a site's devices with where each stands with the console's document: its kind, state, why
// (the reason it is skipped, or what it said when it failed), its last configuration task and when.
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { SiteConfigDevices } from '../../../../core/api/config.ts';
import { routes } from '../../../../core/routes.ts';
import { type ListColumn, ListTable } from '../../../platform/list-page/list-table.tsx';
import { useFormatDateTime } from '../../account/index.ts';
import { APPLY_STATE_KEYS, SKIP_REASON_KEYS } from './apply-labels.ts';
import { TaskLink } from './task-link.tsx';
import { TYPE_TITLE_KEYS } from './type-labels.ts';

type Row = SiteConfigDevices['devices'][number];

export function ProgressTable({
  cloudId,
  siteId,
  rows,
  busy,
  labelledBy,
}: {
  readonly cloudId: number;
  readonly siteId: number;
  readonly rows: readonly Row[];
  readonly busy: boolean;
  readonly labelledBy: string;
}) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const reason = (row: Row) =>
    row.skip_reason === null ? (row.error ?? '') : t(SKIP_REASON_KEYS[row.skip_reason]);
  const columns: ListColumn<Row>[] = [
    {
      id: 'name',
      header: t('config.progress.name'),
      text: (row) => row.name,
      cell: (row) => (
        <Link component={RouterLink} to={routes.deviceConfig.href({ siteId, deviceId: row.device_id })}>
          {row.name}
        </Link>
      ),
    },
    {
      id: 'kind',
      from: 'md',
      header: t('config.progress.kind'),
      cell: (row) => t(TYPE_TITLE_KEYS[row.config_type]),
    },
    {
      id: 'state',
      nowrap: true,
      header: t('config.progress.state'),
      cell: (row) => t(APPLY_STATE_KEYS[row.state]),
    },
    // Shown whole: a reason cut short says nothing (the table scrolls when one is long).
    { id: 'reason', nowrap: true, header: t('config.progress.reason'), cell: reason },
    {
      id: 'task',
      nowrap: true,
      from: 'sm',
      header: t('config.progress.task'),
      cell: (row) =>
        row.task_id === null ? (
          ''
        ) : (
          <TaskLink cloudId={cloudId} taskId={row.task_id} finished={row.state !== 'pending'} />
        ),
    },
    {
      id: 'time',
      nowrap: true,
      from: 'md',
      header: t('config.progress.time'),
      cell: (row) => (row.updated_at === null ? '' : formatDateTime(row.updated_at)),
    },
  ];
  return (
    <ListTable
      labelledBy={labelledBy}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.device_id}
      busy={busy}
    />
  );
}
