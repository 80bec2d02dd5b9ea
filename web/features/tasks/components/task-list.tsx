// The tasks of one tab of the task panel, newest first, or what to say when there are none.
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RecentTasks } from '../../../../core/api/tasks.ts';
import { isFinished, isTaskUnseen } from '../../../../core/tasks.ts';
import { TaskItem } from './task-item.tsx';

export type TaskTab = 'finished' | 'inProgress';

// docs/errors.md texts of an empty tab.
const EMPTY_KEYS = {
  finished: 'tasks.panel.noFinished',
  inProgress: 'tasks.panel.noInProgress',
} as const satisfies Record<TaskTab, string>;

interface TaskListProps {
  /** The tab panel's id, which the tabs name in aria-controls. */
  readonly id: string;
  /** The id of the selected tab, which names the tab panel. */
  readonly labelledBy: string;
  readonly cloudId: number;
  readonly tab: TaskTab;
  readonly recent: UseQueryResult<RecentTasks>;
  readonly onFollow: () => void;
}

function Note({ children }: { readonly children: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 3, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}

function TaskListBody({ cloudId, tab, recent, onFollow }: Omit<TaskListProps, 'id' | 'labelledBy'>) {
  const { t } = useTranslation();
  const { data } = recent;
  if (!data) {
    if (recent.isError) return <Note>{t('tasks.panel.loadFailed')}</Note>;
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress size={28} aria-label={t('tasks.panel.loading')} />
      </Box>
    );
  }
  const shown = data.tasks.filter((task) => isFinished(task.task_state) === (tab === 'finished'));
  if (shown.length === 0) return <Note>{t(EMPTY_KEYS[tab])}</Note>;
  return (
    <List disablePadding>
      {shown.map((task) => (
        <TaskItem
          key={task.id}
          cloudId={cloudId}
          task={task}
          unseen={isTaskUnseen(task, data.tasks_viewed_at)}
          onFollow={onFollow}
        />
      ))}
    </List>
  );
}

export function TaskList({ id, labelledBy, ...body }: TaskListProps) {
  return (
    <div role="tabpanel" id={id} aria-labelledby={labelledBy}>
      <TaskListBody {...body} />
    </div>
  );
}
