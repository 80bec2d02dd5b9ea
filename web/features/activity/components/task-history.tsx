// The Maintenance tab of the activity page: every task of the cloud, filtered, each opening its targets.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../../core/api/tasks.ts';
import { TASK_TYPES } from '../../../../core/domain.ts';
import { errorCount, percentComplete } from '../../../../core/tasks.ts';
import { ExportButton, HistoryFilter, RangeFilter } from '../../../platform/list-page/history-filter.tsx';
import { ListResults } from '../../../platform/list-page/list-page-frame.tsx';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { DateTime } from '../../account/index.ts';
import { TASK_STATE_KEYS, TASK_TYPE_TITLE_KEYS } from '../../tasks/index.ts';
import {
  type HistoryScope,
  STATUS_FILTERS,
  type StatusFilter,
  type TaskFilters,
  taskExportHref,
  useTaskHistory,
} from '../api/activity.ts';
import { TaskDetailDialog } from './task-detail-dialog.tsx';

const TABLE_ID = 'task-history-title';

const STATUS_KEYS = {
  all: 'activity.filter.all',
  finished: 'activity.taskStatus.finished',
  inProgress: 'activity.taskStatus.inProgress',
  success: 'activity.taskStatus.success',
  fail: 'activity.taskStatus.fail',
  timeout: 'activity.taskStatus.timeout',
  running: 'activity.taskStatus.running',
  pending: 'activity.taskStatus.pending',
} as const satisfies Record<StatusFilter, string>;

interface TaskHistoryProps {
  readonly cloudId: number;
  readonly scope: HistoryScope;
  readonly initialStatus: StatusFilter;
  /** The one task the address names (the task panel's links), until the filter is cleared. */
  readonly initialId: number | null;
}

export function TaskHistory({ cloudId, scope, initialStatus, initialId }: TaskHistoryProps) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<TaskFilters>({
    ...scope,
    status: initialStatus,
    type: 'all',
    range: 'all',
    id: initialId,
  });
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<Task | null>(null);
  const result = useTaskHistory(cloudId, filters, offset);
  const change = (next: Partial<TaskFilters>) => {
    setFilters({ ...filters, ...next });
    setOffset(0);
  };

  const columns: ListColumn<Task>[] = [
    {
      id: 'task',
      header: t('activity.taskColumn.task'),
      cell: (task) => (
        <Button
          size="small"
          onClick={() => setOpen(task)}
          aria-label={t('activity.tasks.details', {
            id: task.id,
            task: t(TASK_TYPE_TITLE_KEYS[task.type_id]),
          })}
          sx={{ textAlign: 'left', justifyContent: 'flex-start', p: 0, minWidth: 0 }}
        >
          {t(TASK_TYPE_TITLE_KEYS[task.type_id])}
        </Button>
      ),
    },
    {
      id: 'state',
      nowrap: true,
      header: t('activity.taskColumn.state'),
      cell: (task) => (
        <Box sx={{ display: 'grid' }}>
          <span>{t(TASK_STATE_KEYS[task.task_state])}</span>
          <Typography variant="caption" color="text.secondary">
            {t('tasks.panel.percentComplete', {
              percent: percentComplete(task.stateCounts, task.task_state),
            })}
          </Typography>
        </Box>
      ),
    },
    {
      id: 'target',
      header: t('activity.taskColumn.target'),
      from: 'sm',
      cell: (task) => task.device_name ?? task.snvr_device_name ?? task.site_name,
    },
    {
      id: 'errors',
      numeric: true,
      header: t('activity.taskColumn.errors'),
      from: 'md',
      cell: (task) => errorCount(task.stateCounts),
    },
    {
      id: 'scheduled',
      nowrap: true,
      header: t('activity.taskColumn.scheduled'),
      cell: (task) => <DateTime iso={task.execute_at} />,
    },
    {
      id: 'completed',
      nowrap: true,
      header: t('activity.taskColumn.completed'),
      from: 'md',
      cell: (task) => task.completed_at && <DateTime iso={task.completed_at} />,
    },
  ];

  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Typography id={TABLE_ID} variant="h2" sx={{ fontSize: '1.1rem' }}>
        {t('activity.tab.maintenance')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <HistoryFilter
          label={t('activity.taskFilter.status')}
          value={filters.status}
          onChange={(status) => change({ status })}
          options={(Object.keys(STATUS_FILTERS) as StatusFilter[]).map((value) => ({
            value,
            label: t(STATUS_KEYS[value]),
          }))}
        />
        <HistoryFilter
          label={t('activity.taskFilter.type')}
          value={filters.type}
          onChange={(type) => change({ type })}
          options={[
            { value: 'all' as const, label: t('activity.filter.all') },
            ...TASK_TYPES.map((type) => ({ value: type, label: t(TASK_TYPE_TITLE_KEYS[type]) })),
          ]}
        />
        <RangeFilter value={filters.range} onChange={(range) => change({ range })} />
        <ExportButton href={taskExportHref(cloudId, filters)} />
        {filters.id !== null && (
          <Chip
            label={t('activity.tasks.onlyTask', { id: filters.id })}
            onDelete={() => change({ id: null })}
          />
        )}
      </Box>
      <ListResults
        result={result}
        offset={offset}
        onOffset={setOffset}
        columns={columns}
        rowKey={(task) => task.id}
        labelledBy={TABLE_ID}
      />
      {open && <TaskDetailDialog cloudId={cloudId} task={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}
