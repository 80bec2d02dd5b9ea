// A link to a configuration task in the cloud's task history, filtered to where the task stands.
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { routes } from '../../../../core/routes.ts';

// The task history's filters of tasks under way and finished (core/routes.ts activityQuery).
const IN_PROGRESS_STATUS = 'RUNNING+PENDING';
const FINISHED_STATUS = 'SUCCESS+FAIL+TIMEOUT';

export function TaskLink({
  cloudId,
  taskId,
  finished = false,
}: {
  readonly cloudId: number;
  readonly taskId: number;
  readonly finished?: boolean;
}) {
  const { t } = useTranslation();
  const status = finished ? FINISHED_STATUS : IN_PROGRESS_STATUS;
  return (
    <Link
      component={RouterLink}
      to={routes.cloudActivity.href({ cloudId }, { query: { status, id: taskId } })}
    >
      {t('config.apply.task', { id: taskId })}
    </Link>
  );
}
