// The open alerts and the tasks under way of the cloud or site, with links to the whole histories.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { routes } from '../../../../core/routes.ts';
import { type HistoryScope, useAlertHistory, useTaskHistory } from '../../activity/index.ts';
import { AlertTime, alertTitle, HealthLabel } from '../../alerts/index.ts';
import { TaskItem } from '../../tasks/index.ts';
import { DashboardCard } from './dashboard-card.tsx';

/** Rows each list shows; the history pages have the rest. */
const SHOWN = 5;
// docs/navigation.md#routes: the activity page's queries.
const PROBLEMS = 'HEALTH_CRITICAL+HEALTH_WARNING' as const;
const IN_PROGRESS = 'RUNNING+PENDING' as const;

type Scope = { readonly cloudId: number; readonly siteId?: number };

const activityHref = (
  { cloudId, siteId }: Scope,
  query: { health: typeof PROBLEMS } | { status: typeof IN_PROGRESS },
  hash: 'alert' | 'maintenance',
) =>
  siteId === undefined
    ? routes.cloudActivity.href({ cloudId }, { query, hash })
    : routes.siteActivity.href({ siteId }, { query, hash });

/** A site's own, or the cloud's as far as the active site grouping narrows the dashboard. */
const historyScope = ({ siteId }: Scope): HistoryScope =>
  siteId === undefined ? { grouping: 'active' } : { siteId };

function Pending({ error }: { readonly error: boolean }) {
  const { t } = useTranslation();
  return (
    <Typography color={error ? 'error' : 'text.secondary'} role={error ? 'alert' : undefined}>
      {error ? t('dashboards.load.failed') : t('dashboards.load.pending')}
    </Typography>
  );
}

export function OpenAlerts(scope: Scope) {
  const { t } = useTranslation();
  const alerts = useAlertHistory(
    scope.cloudId,
    { ...historyScope(scope), state: 'open', health: 'problems', type: 'all', range: 'all' },
    0,
    SHOWN,
  );
  return (
    <DashboardCard
      title={t('dashboards.alerts.title')}
      action={
        <Link component={RouterLink} to={activityHref(scope, { health: PROBLEMS }, 'alert')}>
          {t('dashboards.alerts.all')}
        </Link>
      }
    >
      {!alerts.data ? (
        <Pending error={alerts.isError} />
      ) : alerts.data.items.length === 0 ? (
        <Typography color="text.secondary">{t('dashboards.alerts.none')}</Typography>
      ) : (
        <List dense disablePadding>
          {alerts.data.items.map((alert) => (
            <ListItem key={alert.id} disableGutters divider sx={{ display: 'block' }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
                <HealthLabel health={alert.health_id} />
                <Typography component="span" variant="body2" sx={{ fontWeight: 500 }}>
                  {alertTitle(t, alert)}
                </Typography>
              </Box>
              <Typography variant="body2" color="text.secondary">
                {[
                  alert.device?.name ?? alert.smartnvr?.name,
                  scope.siteId === undefined ? alert.site?.name : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}{' '}
                <AlertTime iso={alert.problem_at} />
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </DashboardCard>
  );
}

export function RunningTasks(scope: Scope) {
  const { t } = useTranslation();
  const tasks = useTaskHistory(
    scope.cloudId,
    { ...historyScope(scope), status: 'inProgress', type: 'all', range: 'all', id: null },
    0,
    SHOWN,
  );
  return (
    <DashboardCard
      title={t('dashboards.tasks.title')}
      action={
        <Link component={RouterLink} to={activityHref(scope, { status: IN_PROGRESS }, 'maintenance')}>
          {t('dashboards.tasks.all')}
        </Link>
      }
    >
      {!tasks.data ? (
        <Pending error={tasks.isError} />
      ) : tasks.data.items.length === 0 ? (
        <Typography color="text.secondary">{t('dashboards.tasks.none')}</Typography>
      ) : (
        <List dense disablePadding>
          {tasks.data.items.map((task) => (
            <TaskItem
              key={task.id}
              cloudId={scope.cloudId}
              task={task}
              unseen={false}
              onFollow={() => undefined}
            />
          ))}
        </List>
      )}
    </DashboardCard>
  );
}
