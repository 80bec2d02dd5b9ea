// A management page: its title as the page heading, and its content.
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type RouteKey, routes } from '../../core/routes.ts';

/** The page heading's id, for the regions and tables it names. */
export const PAGE_TITLE_ID = 'page-title';

export function PageSection({
  routeKey,
  maxWidth,
  actions,
  children,
}: {
  readonly routeKey: RouteKey;
  /** A form page keeps its lines readable on wide screens. */
  readonly maxWidth?: number;
  /** The page's own buttons, beside its title (below it when the screen is narrow). */
  readonly actions?: ReactNode;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation();
  const title = (
    <Typography id={PAGE_TITLE_ID} variant="h1">
      {t(routes[routeKey].titleKey)}
    </Typography>
  );
  return (
    <Box
      component="section"
      aria-labelledby={PAGE_TITLE_ID}
      sx={{ display: 'grid', gap: 2, minWidth: 0, maxWidth }}
    >
      {actions === undefined ? (
        title
      ) : (
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
          }}
        >
          {title}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions}</Box>
        </Box>
      )}
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

/** What a page says to someone whose role may not use it (docs/roles.md: the page offers them nothing). */
export function NotAllowed() {
  const { t } = useTranslation();
  return <Typography>{t('platform.errors.forbidden')}</Typography>;
}
