import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type RouteKey, routes } from '../../core/routes.ts';

/** Stands in for a page that is not built yet, so no route ever shows a blank screen. */
export function PlaceholderPage({ routeKey }: { readonly routeKey: RouteKey }) {
  const { t } = useTranslation();
  const route = routes[routeKey];
  return (
    <Box component="section" aria-labelledby="page-title" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="page-title" variant="h1">
        {t(route.titleKey)}
      </Typography>
      <Typography>{t('shell.placeholder.notBuilt')}</Typography>
      <Typography color="text.secondary" sx={{ fontFamily: 'monospace' }}>
        {t('shell.placeholder.path', { path: route.path })}
      </Typography>
    </Box>
  );
}
