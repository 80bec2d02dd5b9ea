import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink } from 'react-router';
import { routes } from '../../../../core/routes.ts';
import { useRouteParams } from '../../../platform/use-route-match.ts';
import { useCachedMe } from '../../auth/index.ts';

/** docs/navigation.md#routes /cloud/{id}: switches to one of the user's clouds and opens its dashboard. */
export function CloudSwitchPage() {
  const { t } = useTranslation();
  const { cloudId } = useRouteParams('cloudSwitch');
  const me = useCachedMe();
  if (me?.memberships.some((membership) => membership.cloud_id === cloudId))
    return <Navigate replace to={routes.cloudDashboard.href({ cloudId })} />;
  const fallback =
    me?.default_cloud_id == null
      ? routes.noCloud.href()
      : routes.cloudDashboard.href({ cloudId: me.default_cloud_id });
  return (
    <Box component="section" aria-labelledby="page-title" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="page-title" variant="h1">
        {t('routes.title.cloudSwitch')}
      </Typography>
      <Typography>{t('clouds.switch.notMember')}</Typography>
      <Link component={RouterLink} to={fallback}>
        {t('platform.errors.openDefaultCloud')}
      </Link>
    </Box>
  );
}
