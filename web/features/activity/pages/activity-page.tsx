// docs/navigation.md#routes /cloud/{cloudId}/activity: the cloud's alert history (#alert) and task history (#maintenance),
// and the same for one site, device or smart NVR. The panels' links land here with their query: health
// for alerts, status and id for tasks.
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { matchRoute, readPathIds, routes } from '../../../../core/routes.ts';
import { usePageObjects } from '../../navigation/index.ts';
import { HEALTH_FILTERS, STATUS_FILTERS } from '../api/activity.ts';
import { AlertHistory } from '../components/alert-history.tsx';
import { TaskHistory } from '../components/task-history.tsx';

type TabName = 'alert' | 'maintenance';

/** The filter a query value names ('+' encoded or typed, which reads back as a space); 'all' otherwise. */
function filterOf<K extends string>(filters: Record<K, readonly string[]>, value: string | null): K | 'all' {
  const names = value?.split(/[+ ]/).sort().join('+');
  const found = (Object.keys(filters) as K[]).find(
    (key) => filters[key].length > 0 && [...filters[key]].sort().join('+') === names,
  );
  return found ?? 'all';
}

export function ActivityPage() {
  const { t } = useTranslation();
  const { hash, pathname } = useLocation();
  const ids = readPathIds(pathname);
  // Site, device and recorder addresses carry no cloud id: the shell has already read their cloud.
  const objects = usePageObjects(pathname);
  const cloudId = ids.cloudId ?? objects.cloudId;
  const match = matchRoute(pathname);
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const status = query.get('status');
  const id = Number(query.get('id'));
  // Without a hash, a task query opens the task history.
  const tab: TabName =
    hash === '#maintenance' || (hash !== '#alert' && (status !== null || id > 0)) ? 'maintenance' : 'alert';
  const health = filterOf(HEALTH_FILTERS, query.get('health'));
  if (cloudId === null || !match) return null;
  // A device's page names its site too: the device alone narrows the history.
  const scope = ids.smartNvrId
    ? { smartNvrId: ids.smartNvrId }
    : ids.deviceId
      ? { deviceId: ids.deviceId }
      : ids.siteId
        ? { siteId: ids.siteId }
        : {};
  const key = `${cloudId}-${JSON.stringify(scope)}`;
  return (
    <Box component="section" aria-labelledby="page-title" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography id="page-title" variant="h1">
        {t(routes[match.key].titleKey)}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_event, next: TabName) => navigate({ search: '', hash: next })}
        aria-label={t('activity.tab.label')}
      >
        <Tab
          value="alert"
          label={t('activity.tab.alerts')}
          id="activity-tab-alert"
          aria-controls="activity-panel"
        />
        <Tab
          value="maintenance"
          label={t('activity.tab.maintenance')}
          id="activity-tab-maintenance"
          aria-controls="activity-panel"
        />
      </Tabs>
      <Box role="tabpanel" id="activity-panel" aria-labelledby={`activity-tab-${tab}`} sx={{ minWidth: 0 }}>
        {tab === 'alert' ? (
          <AlertHistory key={key} cloudId={cloudId} scope={scope} initialHealth={health} />
        ) : (
          <TaskHistory
            key={`${key}-${status}-${id}`}
            cloudId={cloudId}
            scope={scope}
            initialStatus={filterOf(STATUS_FILTERS, status)}
            initialId={id > 0 ? id : null}
          />
        )}
      </Box>
    </Box>
  );
}
