// What the device and recorder dashboards share: the heading with the object's name and its actions, the
// loading, failed and not-found states, and the grid of sections.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../platform/api-error.ts';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { useFormatDateTime } from '../../account/index.ts';
import { NotFoundPage } from '../../navigation/index.ts';

const TITLE_ID = 'page-title';

export interface DashboardFrameProps<T> {
  /** The object's name as soon as the shell knows it. */
  readonly title: string | null;
  readonly subtitle?: ReactNode;
  /** The shell's call about the page's object failed (other than not found, which the shell shows). */
  readonly objectsError: unknown;
  readonly query: UseQueryResult<T>;
}

export function DashboardFrame<T>({
  title,
  subtitle,
  objectsError,
  query,
  actions,
  children,
}: DashboardFrameProps<T> & {
  readonly actions?: (data: T) => ReactNode;
  readonly children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const { data } = query;
  // Gone, moved to a site the caller does not see, or never there: like any page about a missing object.
  if (isApiError(query.error) && query.error.status === 404 && !data) return <NotFoundPage />;
  const failed = objectsError !== null || (query.isError && !data);
  return (
    <Box component="section" aria-labelledby={TITLE_ID} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography id={TITLE_ID} variant="h1" sx={{ overflowWrap: 'anywhere' }}>
            {title ?? t('deviceDashboard.page.title')}
          </Typography>
          {data && subtitle}
        </Box>
        {data && actions?.(data)}
      </Box>
      {failed ? (
        <LoadFailed message={t('deviceDashboard.page.loadFailed')} onRetry={() => query.refetch()} />
      ) : !data ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('deviceDashboard.page.loading')} />
        </Box>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            alignItems: 'start',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {children(data)}
        </Box>
      )}
    </Box>
  );
}

/** Said in place of the family's readings while the object has never sent a heartbeat. */
/** No heartbeat readings: none has arrived yet, or the device was seen but its readings are not kept. */
export function NoReport({ lastSeenAt = null }: { readonly lastSeenAt?: string | null }) {
  const { t } = useTranslation();
  const formatTime = useFormatDateTime();
  return (
    <Alert severity="info" role="status" sx={{ gridColumn: '1 / -1' }}>
      {lastSeenAt === null
        ? t('deviceDashboard.report.none')
        : t('deviceDashboard.report.lastSeen', { time: formatTime(lastSeenAt) })}
    </Alert>
  );
}
