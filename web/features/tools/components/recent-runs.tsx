// The cloud's troubleshooting runs, newest first and a page at a time: the task history of
// TASK_TROUBLESHOOT (docs/tools.md#the-page). Choosing one shows its result.
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../../core/api/tasks.ts';
import { ListResults } from '../../../platform/list-page/list-page-frame.tsx';
import { DateTime } from '../../account/index.ts';
import { TASK_STATE_KEYS } from '../../tasks/index.ts';
import { useToolRuns } from '../api/tools.ts';
import { runTitle } from './run-panel.tsx';

export function RecentRuns({
  cloudId,
  labelledBy,
  selectedId,
  onOpen,
}: {
  readonly cloudId: number;
  readonly labelledBy: string;
  readonly selectedId: number | null;
  readonly onOpen: (taskId: number) => void;
}) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const runs = useToolRuns(cloudId, offset);
  return (
    <ListResults<Task>
      result={runs}
      offset={offset}
      onOffset={setOffset}
      emptyText={t('tools.runs.empty')}
      labelledBy={labelledBy}
      rowKey={(task) => task.id}
      selectedKey={selectedId ?? undefined}
      columns={[
        {
          id: 'run',
          header: t('tools.runs.run'),
          cell: (task) => (
            <Link
              component="button"
              type="button"
              onClick={() => onOpen(task.id)}
              sx={{ textAlign: 'start' }}
            >
              {runTitle(t, task)}
            </Link>
          ),
        },
        { id: 'device', header: t('tools.runs.device'), from: 'sm', cell: (task) => task.device_name ?? '' },
        {
          id: 'state',
          header: t('tools.runs.state'),
          nowrap: true,
          cell: (task) => t(TASK_STATE_KEYS[task.task_state]),
        },
        {
          id: 'started',
          header: t('tools.runs.started'),
          nowrap: true,
          from: 'md',
          cell: (task) => <DateTime iso={task.execute_at} />,
        },
      ]}
    />
  );
}
