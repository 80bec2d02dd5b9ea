// docs/navigation.md#routes /site/{siteId}/client/{clientId}: one wireless client, where it is connected and where it has
// been, and its signal and traffic hour by hour. The address's range narrows both to the last 24 hours, 7 or
// 30 days.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { routes } from '../../../../core/routes.ts';
import { isTimeRange } from '../../../../core/time-range.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { useRouteParams } from '../../../platform/use-route-match.ts';
import { usePageObjects } from '../../navigation/index.ts';
import { useClient } from '../api/get-client.ts';
import { useClientStays } from '../api/get-client-stays.ts';
import { ClientCharts } from '../components/client-charts.tsx';
import { ClientHistory } from '../components/client-history.tsx';
import { ClientSummary } from '../components/client-summary.tsx';

export function ClientPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { siteId, clientId } = useRouteParams('siteClient');
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const asked = query.get('range');
  const range = isTimeRange(asked) ? asked : undefined;
  const { cloudId } = usePageObjects(pathname);
  const result = useClient(cloudId, clientId, range);
  // The connection history is paged on its own, asked for beside the client; another period starts again
  // at its first page.
  const [paging, setPaging] = useState({ range, offset: 0 });
  const offset = paging.range === range ? paging.offset : 0;
  const stays = useClientStays(cloudId, clientId, range, offset);

  let content: ReactNode;
  if (result.isPending) {
    content = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('clients.detail.loading')} />
      </Box>
    );
  } else if (!result.data) {
    content =
      isApiError(result.error) && result.error.status === 404 ? (
        <Alert severity="info">{t('clients.detail.notFound')}</Alert>
      ) : (
        <LoadFailed message={t('clients.detail.loadFailed')} onRetry={() => result.refetch()} />
      );
  } else {
    content = (
      <>
        <ClientSummary client={result.data} />
        <ClientCharts samples={result.data.samples} />
        <ClientHistory
          client={result.data}
          stays={stays}
          offset={offset}
          onOffset={(next) => setPaging({ range, offset: next })}
          range={range}
          onRange={(next) =>
            navigate(routes.siteClient.href({ siteId, clientId }, { query: { range: next } }), {
              replace: true,
              preventScrollReset: true,
            })
          }
        />
      </>
    );
  }
  return (
    <Box component="section" aria-labelledby="page-title" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography id="page-title" variant="h1">
        {t(routes.siteClient.titleKey)}
      </Typography>
      {content}
    </Box>
  );
}
