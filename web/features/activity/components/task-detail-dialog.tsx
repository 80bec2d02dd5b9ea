// A task's targets: each device's state, progress or error, and the file it left (a capture, a report).
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task, TaskTarget } from '../../../../core/api/tasks.ts';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';
import { ListResults } from '../../../platform/list-page/list-page-frame.tsx';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { visuallyHidden } from '../../../platform/visually-hidden.ts';
import { DateTime } from '../../account/index.ts';
import { TASK_STATE_KEYS, TASK_TYPE_TITLE_KEYS } from '../../tasks/index.ts';
import { useTaskDetail } from '../api/activity.ts';

const TITLE_ID = 'task-detail-title';

interface TaskDetailDialogProps {
  readonly cloudId: number;
  readonly task: Task;
  readonly onClose: () => void;
}

export function TaskDetailDialog({ cloudId, task, onClose }: TaskDetailDialogProps) {
  const { t } = useTranslation();
  const title = t('activity.taskDetail.title', { task: t(TASK_TYPE_TITLE_KEYS[task.type_id]), id: task.id });
  const [offset, setOffset] = useState(0);
  const detail = useTaskDetail(cloudId, task.id, offset);
  const targets = detail.data?.targets;
  const result = {
    ...detail,
    data: targets && { items: targets.items, total: targets.total, total_capped: false },
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
        target.file &&
        (target.file.downloadable ? (
          <Link href={`/apiv2/cloud/${cloudId}/tasks/${task.id}/targets/${target.id}/file`} download>
            {target.file.name}
          </Link>
        ) : (
          target.file.name
        )),
    },
  ];
  return (
    <ModalShell open title={title} onClose={onClose} maxWidth="md">
      {/* The dialog's title, again, names the table for screen readers. */}
      <Box id={TITLE_ID} sx={visuallyHidden}>
        {title}
      </Box>
      <ListResults
        result={result}
        offset={offset}
        onOffset={setOffset}
        emptyText={t('activity.taskDetail.noTargets')}
        columns={columns}
        rowKey={(target) => target.id}
        labelledBy={TITLE_ID}
      />
    </ModalShell>
  );
}
