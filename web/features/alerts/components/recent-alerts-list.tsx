// The body of the open alerts panel: the recent alerts, or why there are none, and the way to all of them.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { routes } from '../../../../core/routes.ts';
import { useRecentAlerts } from '../api/get-recent-alerts.ts';
import { recentAlertsTotalsQueryOptions } from '../api/get-recent-alerts-totals.ts';
import { AlertItem } from './alert-item.tsx';

interface RecentAlertsListProps {
  readonly cloudId: number;
  readonly onNavigate: () => void;
}

function Notice({ children }: { readonly children: ReactNode }) {
  return <Box sx={{ px: 2, py: 3, textAlign: 'center' }}>{children}</Box>;
}

/** Mounted while the panel is open, so opening it is mounting this. */
export function RecentAlertsList({ cloudId, onNavigate }: RecentAlertsListProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Opening with unviewed alerts fetches the list again even within the hour it is cached.
  const unviewed = queryClient.getQueryData(recentAlertsTotalsQueryOptions(cloudId).queryKey)?.notViewedTotal;
  const query = useRecentAlerts(cloudId, (unviewed ?? 0) > 0);
  const activity = routes.cloudActivity.href(
    { cloudId },
    { query: { health: 'HEALTH_CRITICAL+HEALTH_WARNING' }, hash: 'alert' },
  );

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Notice>
        <CircularProgress size={28} aria-label={t('alerts.panel.loading')} />
      </Notice>
    );
  } else if (query.isError) {
    body = (
      <Notice>
        <Typography variant="body2" role="alert" sx={{ mb: 1 }}>
          {t('alerts.panel.loadFailed')}
        </Typography>
        <Button size="small" onClick={() => void query.refetch()}>
          {t('alerts.panel.retry')}
        </Button>
      </Notice>
    );
  } else if (query.data.alerts.length === 0) {
    body = (
      <Notice>
        <Typography variant="body2" color="text.secondary">
          {t('alerts.panel.empty')}
        </Typography>
      </Notice>
    );
  } else {
    body = (
      <List disablePadding aria-label={t('alerts.panel.list')}>
        {query.data.alerts.map((alert) => (
          <AlertItem
            key={alert.id}
            alert={alert}
            hideSite={query.data.sees_one_site_only}
            onNavigate={onNavigate}
          />
        ))}
      </List>
    );
  }

  return (
    <>
      {body}
      {/* Stays in view at the bottom of the scrolling panel body. */}
      <Box
        sx={{
          position: 'sticky',
          bottom: 0,
          px: 2,
          py: 1.25,
          borderTop: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Link component={RouterLink} to={activity} onClick={onNavigate} variant="body2">
          {t('alerts.panel.viewAll')}
        </Link>
      </Box>
    </>
  );
}
