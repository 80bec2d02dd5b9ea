// The top bar's panel buttons (SPEC §2.3). The panels they open are built with the panels issue.
import AssignmentIcon from '@mui/icons-material/Assignment';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import NotificationsIcon from '@mui/icons-material/Notifications';
import SearchIcon from '@mui/icons-material/Search';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BADGE_MAX } from '../../../core/constants.ts';
import { useRecentAlertsTotals } from './get-recent-alerts-totals.ts';

function TopBarButton({
  label,
  title,
  children,
}: {
  readonly label: string;
  readonly title: string;
  readonly children: ReactNode;
}) {
  return (
    <Tooltip title={title}>
      {/* panels issue: the button opens its panel, mounted beside it. */}
      <IconButton color="inherit" aria-label={label} onClick={() => undefined}>
        {children}
      </IconButton>
    </Tooltip>
  );
}

export function SearchButton() {
  const { t } = useTranslation();
  const label = t('shell.topBar.search');
  return (
    <TopBarButton label={label} title={label}>
      <SearchIcon />
    </TopBarButton>
  );
}

export function TasksButton() {
  const { t } = useTranslation();
  const label = t('shell.topBar.tasks');
  return (
    <TopBarButton label={label} title={label}>
      <AssignmentIcon />
    </TopBarButton>
  );
}

export function NewsButton() {
  const { t } = useTranslation();
  const label = t('shell.topBar.news');
  return (
    <TopBarButton label={label} title={label}>
      <NewspaperIcon />
    </TopBarButton>
  );
}

/** SPEC §9: the badge shows at most 99, then '99+'. */
export function AlertsButton({
  cloudId,
  pushAlerts,
}: {
  readonly cloudId: number;
  readonly pushAlerts: boolean;
}) {
  const { t } = useTranslation();
  const count = useRecentAlertsTotals(cloudId, pushAlerts).data?.notViewedTotal ?? 0;
  const title = t('shell.topBar.alerts');
  return (
    <TopBarButton label={count > 0 ? t('shell.topBar.alertsUnviewed', { count }) : title} title={title}>
      <Badge badgeContent={count} max={BADGE_MAX} color="error">
        <NotificationsIcon />
      </Badge>
    </TopBarButton>
  );
}
