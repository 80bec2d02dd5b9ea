import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useRouteParams } from '../../../shell/use-route-match.ts';
import { useCachedMe } from '../../auth/api/get-me.ts';

/** The cloud dashboard; for now its title and the cloud it belongs to. */
export function CloudDashboardPage() {
  const { t } = useTranslation();
  const { cloudId } = useRouteParams('cloudDashboard');
  const cloudName = useCachedMe()?.memberships.find(
    (membership) => membership.cloudId === cloudId,
  )?.cloudName;
  return (
    <Box component="section" aria-labelledby="page-title" sx={{ display: 'grid', gap: 0.5 }}>
      <Typography id="page-title" variant="h1">
        {t('routes.title.cloudDashboard')}
      </Typography>
      {cloudName && (
        <Typography variant="subtitle1" color="text.secondary">
          {cloudName}
        </Typography>
      )}
    </Box>
  );
}
