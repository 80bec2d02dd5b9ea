// A management page: its title as the page heading, and its content.
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type RouteKey, routes } from '../../core/routes.ts';

const TITLE_ID = 'page-title';

export function PageSection({
  routeKey,
  children,
}: {
  readonly routeKey: RouteKey;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby={TITLE_ID} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography id={TITLE_ID} variant="h1">
        {t(routes[routeKey].titleKey)}
      </Typography>
      {children}
    </Box>
  );
}

export function Loading({ label }: { readonly label: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

/** What a page says to someone whose role may not use it (SPEC §6: the page offers them nothing). */
export function NotAllowed() {
  const { t } = useTranslation();
  return <Typography>{t('platform.errors.forbidden')}</Typography>;
}
