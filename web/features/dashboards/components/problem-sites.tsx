// The sites with the most devices in trouble, worst first, each linking to its dashboard.
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ProblemSite } from '../../../../core/api/dashboards.ts';
import { routes } from '../../../../core/routes.ts';
import { DashboardCard } from './dashboard-card.tsx';

export function ProblemSites({ sites }: { readonly sites: readonly ProblemSite[] }) {
  const { t } = useTranslation();
  return (
    <DashboardCard title={t('dashboards.sites.title')}>
      {sites.length === 0 ? (
        <Typography color="text.secondary">{t('dashboards.sites.none')}</Typography>
      ) : (
        <List dense disablePadding>
          {sites.map((site) => (
            <ListItem key={site.id} disableGutters divider sx={{ display: 'block' }}>
              <Link
                component={RouterLink}
                to={routes.siteDashboard.href({ siteId: site.id }, { hash: 'default' })}
              >
                {site.name}
              </Link>
              <Stack
                direction="row"
                spacing={2}
                useFlexGap
                sx={{ flexWrap: 'wrap', color: 'text.secondary' }}
              >
                <Typography variant="body2">
                  {t('dashboards.sites.critical', { total: site.critical })}
                </Typography>
                <Typography variant="body2">
                  {t('dashboards.sites.warning', { total: site.warning })}
                </Typography>
                <Typography variant="body2">
                  {t('dashboards.sites.offline', { total: site.offline })}
                </Typography>
                <Typography variant="body2">
                  {t('dashboards.sites.devices', { total: site.total })}
                </Typography>
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
    </DashboardCard>
  );
}
