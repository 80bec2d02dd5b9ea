import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { routes } from '../../../../core/routes.ts';
import { isFinished } from '../../../../core/tasks.ts';
import { formatDateTime } from '../../../platform/date-time.ts';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { useUnitContext } from '../../account/index.ts';
import { AlertTime, alertDescription, alertTitle, HealthLabel } from '../../alerts/index.ts';
import { TASK_STATE_KEYS, TASK_TYPE_TITLE_KEYS } from '../../tasks/index.ts';
import { type DashboardScope, useOpenAlerts } from '../api/get-open-alerts.ts';
import { useRecentObjectTasks } from '../api/get-recent-object-tasks.ts';
import { DashboardSection } from './dashboard-section.tsx';

// docs/navigation.md#routes: the activity page's task status filters, finished or in progress.
const FINISHED_STATUS = 'SUCCESS+FAIL+TIMEOUT';
const IN_PROGRESS_STATUS = 'RUNNING+PENDING';

const listSx = { listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 } as const;

/** A list's loading, failed and empty states around its items. */
function Loaded<T>({
  query,
  empty,
  children,
}: {
  readonly query: UseQueryResult<{ items: T[] }>;
  readonly empty: string;
  readonly children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError && !query.data)
    return <LoadFailed message={t('deviceDashboard.activity.loadFailed')} onRetry={() => query.refetch()} />;
  if (!query.data) return <CircularProgress size={24} aria-label={t('deviceDashboard.page.loading')} />;
  if (query.data.items.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return <>{children(query.data.items)}</>;
}

export function ActivitySections({
  cloudId,
  scope,
  activityHref,
}: {
  readonly cloudId: number;
  readonly scope: DashboardScope;
  /** The object's Activity page at a tab; null for a device without a site. */
  readonly activityHref: ((tab: 'alert' | 'maintenance') => string) | null;
}) {
  const { t } = useTranslation();
  const units = useUnitContext();
  const alerts = useOpenAlerts(cloudId, scope);
  const tasks = useRecentObjectTasks(cloudId, scope);
  const allLink = (label: string, tab: 'alert' | 'maintenance') =>
    activityHref && (
      <Link component={RouterLink} to={activityHref(tab)}>
        {label}
      </Link>
    );
  return (
    <>
      <DashboardSection
        id="dashboard-alerts"
        title={t('deviceDashboard.alerts.title')}
        action={allLink(t('deviceDashboard.alerts.all'), 'alert')}
      >
        <Loaded query={alerts} empty={t('deviceDashboard.alerts.empty')}>
          {(items) => (
            <Box component="ul" sx={listSx}>
              {items.map((alert) => {
                const description = alertDescription(t, alert);
                return (
                  <li key={alert.id}>
                    <Typography sx={{ fontWeight: 500 }}>{alertTitle(t, alert)}</Typography>
                    {description && (
                      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                        {description}
                      </Typography>
                    )}
                    <Typography
                      component="div"
                      variant="body2"
                      color="text.secondary"
                      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}
                    >
                      <HealthLabel health={alert.health_id} />
                      <AlertTime iso={alert.problem_at} />
                    </Typography>
                  </li>
                );
              })}
            </Box>
          )}
        </Loaded>
      </DashboardSection>
      <DashboardSection
        id="dashboard-tasks"
        title={t('deviceDashboard.tasks.title')}
        action={allLink(t('deviceDashboard.tasks.all'), 'maintenance')}
      >
        <Loaded query={tasks} empty={t('deviceDashboard.tasks.empty')}>
          {(items) => (
            <Box component="ul" sx={listSx}>
              {items.map((task) => {
                const finished = isFinished(task.task_state);
                const at = task.completed_at ?? task.execute_at;
                return (
                  <li key={task.id}>
                    <Link
                      component={RouterLink}
                      to={routes.cloudActivity.href(
                        { cloudId },
                        { query: { status: finished ? FINISHED_STATUS : IN_PROGRESS_STATUS, id: task.id } },
                      )}
                      sx={{ fontWeight: 500 }}
                    >
                      {t(TASK_TYPE_TITLE_KEYS[task.type_id])}
                    </Link>
                    <Typography
                      component="div"
                      variant="body2"
                      color="text.secondary"
                      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}
                    >
                      <span>{t(TASK_STATE_KEYS[task.task_state])}</span>
                      <time dateTime={at}>{formatDateTime(new Date(at), units)}</time>
                    </Typography>
                  </li>
                );
              })}
            </Box>
          )}
        </Loaded>
      </DashboardSection>
    </>
  );
}
