// One task of the panel: what it is, what it targets, how far it got, and a link to it on the activity page.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Task } from '../../../../core/api/tasks.ts';
import { routes } from '../../../../core/routes.ts';
import { errorCount, isFinished, percentComplete } from '../../../../core/tasks.ts';
import { TASK_STATE_KEYS, TASK_TYPE_DESCRIPTION_KEYS, TASK_TYPE_TITLE_KEYS } from '../task-labels.ts';
import { TaskTime } from './task-time.tsx';

// docs/navigation.md#routes: the activity page's status filter for each tab.
const FINISHED_STATUS = 'SUCCESS+FAIL+TIMEOUT';
const IN_PROGRESS_STATUS = 'RUNNING+PENDING';

interface TaskItemProps {
  readonly cloudId: number;
  readonly task: Task;
  readonly unseen: boolean;
  /** Following the link closes the panel. */
  readonly onFollow: () => void;
}

export function TaskItem({ cloudId, task, unseen, onFollow }: TaskItemProps) {
  const { t } = useTranslation();
  const finished = isFinished(task.task_state);
  const percent = percentComplete(task.stateCounts, task.task_state);
  const errors = errorCount(task.stateCounts);
  const target = task.device_name ?? task.snvr_device_name ?? task.site_name;
  const href = routes.cloudActivity.href(
    { cloudId },
    { query: { status: finished ? FINISHED_STATUS : IN_PROGRESS_STATUS, id: task.id } },
  );
  return (
    <li>
      <ListItemButton
        component={Link}
        to={href}
        onClick={onFollow}
        divider
        sx={{ display: 'block', py: 1.25 }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="subtitle2" component="span" sx={{ flexGrow: 1, minWidth: 0 }} noWrap>
            {t(TASK_TYPE_TITLE_KEYS[task.type_id])}
          </Typography>
          {unseen && <Chip label={t('tasks.panel.unseen')} color="primary" size="small" />}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t(TASK_TYPE_DESCRIPTION_KEYS[task.type_id])}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, mt: 0.5 }}>
          {target !== null && (
            <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
              {target}
            </Typography>
          )}
          <Typography variant="body2" component="span">
            {t(TASK_STATE_KEYS[task.task_state])}
          </Typography>
          {errors > 0 && (
            <Typography variant="body2" component="span" color="error">
              {t('tasks.panel.errors', { count: errors })}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={t('tasks.panel.progress')}
            color={errors > 0 ? 'error' : 'primary'}
            sx={{ flexGrow: 1 }}
          />
          <Typography variant="caption" component="span" sx={{ whiteSpace: 'nowrap' }}>
            {t('tasks.panel.percentComplete', { percent })}
          </Typography>
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.25 }}>
          <TaskTime
            iso={finished ? (task.completed_at ?? task.execute_at) : task.execute_at}
            finished={finished}
          />
        </Typography>
      </ListItemButton>
    </li>
  );
}
