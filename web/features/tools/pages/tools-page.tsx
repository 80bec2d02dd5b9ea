// docs/tools.md: Tools (/v2/cloud/{cloudId}/tools), for members with the support tools: run a
// troubleshooting tool or a packet capture from a device, watch its result come in, and look back at
// recent runs.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { readPathIds, routes } from '../../../../core/routes.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { useCachedMe } from '../../auth/index.ts';
import { useStartRun } from '../api/tools.ts';
import { RecentRuns } from '../components/recent-runs.tsx';
import { RunPanel } from '../components/run-panel.tsx';
import { ToolForm } from '../components/tool-form.tsx';

const TITLE_ID = 'page-title';
const RUN_ID = 'tools-run-title';
const RESULT_ID = 'tools-result-title';
const RUNS_ID = 'tools-runs-title';

export function ToolsPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const cloudId = readPathIds(pathname).cloudId ?? null;
  const me = useCachedMe();
  const start = useStartRun(cloudId ?? 0);
  const [runId, setRunId] = useState<number | null>(null);
  // The support tools flag, as the side menu reads it (docs/tools.md#who-may-run-them).
  const allowed = me?.theme.support_tools_enabled === true && me.user.support_tools;

  return (
    <Box component="section" aria-labelledby={TITLE_ID} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography id={TITLE_ID} variant="h1">
        {t(routes.tools.titleKey)}
      </Typography>
      {!allowed || cloudId === null ? (
        <Alert severity="info">{t('tools.page.notAllowed')}</Alert>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
          <Paper
            component="section"
            aria-labelledby={RUN_ID}
            sx={{ p: 2, display: 'grid', gap: 2, minWidth: 0 }}
          >
            <Typography id={RUN_ID} variant="h2">
              {t('tools.page.run')}
            </Typography>
            <ToolForm
              cloudId={cloudId}
              busy={start.isPending}
              onRun={(body, device) =>
                start.mutate(body, {
                  onSuccess: (task) => {
                    setRunId(task.id);
                    showMessage({ content: t('tools.page.started', { name: device.name }), domain: 'tools' });
                  },
                })
              }
            />
          </Paper>
          <Paper
            component="section"
            aria-labelledby={RESULT_ID}
            sx={{ p: 2, display: 'grid', gap: 2, minWidth: 0 }}
          >
            <Typography id={RESULT_ID} variant="h2">
              {t('tools.page.result')}
            </Typography>
            {runId === null ? (
              <Typography color="text.secondary">{t('tools.page.noRun')}</Typography>
            ) : (
              <RunPanel cloudId={cloudId} taskId={runId} />
            )}
          </Paper>
          <Paper
            component="section"
            aria-labelledby={RUNS_ID}
            sx={{ p: 2, display: 'grid', gap: 1, minWidth: 0, gridColumn: '1 / -1' }}
          >
            <Typography id={RUNS_ID} variant="h2">
              {t('tools.page.recent')}
            </Typography>
            <RecentRuns cloudId={cloudId} labelledBy={RUNS_ID} selectedId={runId} onOpen={setRunId} />
          </Paper>
        </Box>
      )}
    </Box>
  );
}
