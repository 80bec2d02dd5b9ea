// A task's targets: each device's state, progress or error, and the file it left (a capture, a report).
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task, TaskTarget } from '../../../../core/api/tasks.ts';
import { ListResults } from '../../../platform/list-page/list-page-frame.tsx';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { TASK_STATE_KEYS, TASK_TYPE_TITLE_KEYS } from '../../tasks/task-labels.ts';
import { useTaskDetail } from '../api/activity.ts';
import { DateTime } from './date-time.tsx';

const TITLE_ID = 'task-detail-title';

interface TaskDetailDialogProps {
  readonly cloudId: number;
  readonly task: Task;
  readonly onClose: () => void;
}

export function TaskDetailDialog({ cloudId, task, onClose }: TaskDetailDialogProps) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [offset, setOffset] = useState(0);
  const detail = useTaskDetail(cloudId, task.id, offset);
  const targets = detail.data?.targets;
  const result = {
    ...detail,
    data: targets && { items: targets.items, total: targets.total, totalCapped: false },
  };
  const columns: ListColumn<TaskTarget>[] = [
    { id: 'name', header: t('activity.targetColumn.name'), cell: (target) => target.name },
    {
      id: 'state',
      nowrap: true,
      header: t('activity.targetColumn.state'),
      cell: (target) => t(TASK_STATE_KEYS[target.state]),
    },
    { id: 'error', header: t('activity.targetColumn.error'), cell: (target) => target.error },
    {
      id: 'finished',
      nowrap: true,
      header: t('activity.targetColumn.finished'),
      from: 'sm',
      cell: (target) => target.finished_at && <DateTime iso={target.finished_at} />,
    },
    {
      id: 'file',
      header: t('activity.targetColumn.file'),
      from: 'sm',
      cell: (target) =>
        target.file && (
          <Link href={`/apiv2/cloud/${cloudId}/tasks/${task.id}/targets/${target.id}/file`} download>
            {target.file.name}
          </Link>
        ),
    },
  ];
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby={TITLE_ID}>
      <DialogTitle id={TITLE_ID}>
        {t('activity.taskDetail.title', { task: t(TASK_TYPE_TITLE_KEYS[task.type_id]), id: task.id })}
      </DialogTitle>
      <DialogContent>
        <ListResults
          result={result}
          offset={offset}
          onOffset={setOffset}
          emptyText={t('activity.taskDetail.noTargets')}
          columns={columns}
          rowKey={(target) => target.id}
          labelledBy={TITLE_ID}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('activity.dialog.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
