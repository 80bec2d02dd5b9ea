// docs/reports.md#the-page: the Reports page (/v2/cloud/{cloudId}/report): the cloud's schedules and the
// archive of generated files, each paged on the server; a dialog makes or changes a schedule or runs a
// report once, which waits in the archive as pending until the background job has made it.
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { ReportRun, ReportSchedule } from '../../../../core/api/reports.ts';
import { readPathIds } from '../../../../core/routes.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { confirmThen } from '../../../platform/dialogs/dialog-store.ts';
import { ListResults } from '../../../platform/list-page/list-page-frame.tsx';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { PageSection } from '../../../platform/page-section.tsx';
import { useFormatDateTime } from '../../account/index.ts';
import {
  type ReportAction,
  reportFileHref,
  useReportAction,
  useReportRuns,
  useReportSchedules,
} from '../api/reports.ts';
import { ReportDialog } from '../components/report-dialog.tsx';
import { FORMAT_LABELS, KIND_KEYS, STATE_KEYS, weekdayName } from '../components/report-texts.ts';

const SCHEDULES_ID = 'report-schedules-title';
const ARCHIVE_ID = 'report-archive-title';

const STATE_COLOURS = {
  pending: 'default',
  running: 'info',
  ready: 'success',
  failed: 'error',
} as const satisfies Record<ReportRun['state'], string>;

type Editing =
  | { readonly kind: 'schedule'; readonly schedule: ReportSchedule | null }
  | { readonly kind: 'run' };

export function ReportsPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language.replace('_', '-');
  const { pathname } = useLocation();
  const cloudId = readPathIds(pathname).cloudId ?? null;
  const [scheduleOffset, setScheduleOffset] = useState(0);
  const [runOffset, setRunOffset] = useState(0);
  const schedules = useReportSchedules(cloudId, scheduleOffset);
  const runs = useReportRuns(cloudId, runOffset);
  const action = useReportAction(cloudId ?? 0);
  const formatDateTime = useFormatDateTime();
  const [editing, setEditing] = useState<Editing | null>(null);

  const act = (change: ReportAction, done: string) =>
    action.mutate(change, {
      onSuccess: () => showMessage({ content: done }),
      onError: (error) =>
        showMessage({
          variant: 'error',
          content: (isApiError(error) && error.serverMessage) || t('reports.error.actionFailed'),
        }),
    });

  const when = (schedule: ReportSchedule) => {
    const at = { time: schedule.time, zone: schedule.time_zone };
    if (schedule.frequency === 'daily') return t('reports.when.daily', at);
    if (schedule.frequency === 'weekly')
      return t('reports.when.weekly', { ...at, day: weekdayName(schedule.weekday, language) });
    return t('reports.when.monthly', { ...at, date: schedule.month_day });
  };

  const scheduleColumns: ListColumn<ReportSchedule>[] = [
    {
      id: 'name',
      header: t('reports.column.name'),
      cell: (schedule) => (
        <Typography component="span" sx={{ fontWeight: 500 }}>
          {schedule.name}
        </Typography>
      ),
      text: (schedule) => schedule.name,
    },
    {
      id: 'kind',
      header: t('reports.field.kind'),
      cell: (schedule) => `${t(KIND_KEYS[schedule.kind])} · ${FORMAT_LABELS[schedule.format]}`,
      from: 'sm',
    },
    {
      id: 'when',
      header: t('reports.column.when'),
      cell: when,
      from: 'sm',
    },
    {
      id: 'next',
      header: t('reports.column.nextRun'),
      cell: (schedule) => formatDateTime(schedule.next_run_at),
      nowrap: true,
      from: 'md',
    },
    {
      id: 'actions',
      header: t('reports.column.actions'),
      headerHidden: true,
      cell: (schedule) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          <Button
            size="small"
            startIcon={<PlayArrowIcon />}
            disabled={action.isPending}
            aria-label={t('reports.action.runNowNamed', { name: schedule.name })}
            onClick={() =>
              act(
                { kind: 'runSchedule', scheduleId: schedule.id },
                t('reports.message.queued', { name: schedule.name }),
              )
            }
          >
            {t('reports.action.runNow')}
          </Button>
          <Button
            size="small"
            aria-label={t('reports.action.editNamed', { name: schedule.name })}
            onClick={() => setEditing({ kind: 'schedule', schedule })}
          >
            {t('reports.action.edit')}
          </Button>
          <Button
            size="small"
            color="error"
            disabled={action.isPending}
            aria-label={t('reports.action.deleteNamed', { name: schedule.name })}
            onClick={() =>
              void confirmThen(
                t('reports.delete.scheduleTitle'),
                t('reports.delete.scheduleContent', { name: schedule.name }),
                t('reports.action.delete'),
                () =>
                  act(
                    { kind: 'deleteSchedule', scheduleId: schedule.id },
                    t('reports.message.scheduleDeleted', { name: schedule.name }),
                  ),
              )
            }
          >
            {t('reports.action.delete')}
          </Button>
        </Box>
      ),
    },
  ];

  const runColumns: ListColumn<ReportRun>[] = [
    {
      id: 'state',
      header: t('reports.column.state'),
      cell: (run) => (
        <Chip
          size="small"
          variant="outlined"
          color={STATE_COLOURS[run.state]}
          label={t(STATE_KEYS[run.state])}
          title={run.error ?? undefined}
        />
      ),
      nowrap: true,
    },
    {
      id: 'name',
      header: t('reports.column.name'),
      cell: (run) => (
        <Typography component="span" sx={{ fontWeight: 500 }}>
          {run.name}
        </Typography>
      ),
      text: (run) => run.name,
    },
    {
      id: 'kind',
      header: t('reports.field.kind'),
      cell: (run) => `${t(KIND_KEYS[run.kind])} · ${FORMAT_LABELS[run.format]}`,
      from: 'md',
    },
    {
      id: 'period',
      header: t('reports.column.period'),
      cell: (run) => `${formatDateTime(run.period_from)} – ${formatDateTime(run.period_to)}`,
      from: 'lg',
    },
    {
      id: 'made',
      header: t('reports.column.made'),
      cell: (run) => formatDateTime(run.created_at),
      nowrap: true,
      from: 'sm',
    },
    {
      id: 'actions',
      header: t('reports.column.actions'),
      headerHidden: true,
      cell: (run) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {run.state === 'ready' && (
            <Button
              size="small"
              startIcon={<DownloadIcon />}
              href={reportFileHref(cloudId ?? 0, run.id)}
              download
              aria-label={t('reports.action.downloadNamed', { name: run.file_name ?? run.name })}
            >
              {t('reports.action.download')}
            </Button>
          )}
          <Button
            size="small"
            color="error"
            disabled={action.isPending || run.state === 'running'}
            aria-label={t('reports.action.deleteFileNamed', { name: run.name })}
            onClick={() =>
              void confirmThen(
                t('reports.delete.fileTitle'),
                t('reports.delete.fileContent', { name: run.name }),
                t('reports.action.delete'),
                () =>
                  act(
                    { kind: 'deleteRun', runId: run.id },
                    t('reports.message.fileDeleted', { name: run.name }),
                  ),
              )
            }
          >
            {t('reports.action.delete')}
          </Button>
        </Box>
      ),
    },
  ];

  return (
    <PageSection
      routeKey="reports"
      actions={
        <>
          <Button
            variant="outlined"
            startIcon={<PlayArrowIcon />}
            onClick={() => setEditing({ kind: 'run' })}
          >
            {t('reports.action.runOnce')}
          </Button>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing({ kind: 'schedule', schedule: null })}
          >
            {t('reports.action.createSchedule')}
          </Button>
        </>
      }
    >
      <Typography color="text.secondary">{t('reports.page.intro')}</Typography>
      <Typography id={SCHEDULES_ID} component="h2" variant="h6">
        {t('reports.page.schedules')}
      </Typography>
      <Paper variant="outlined" sx={{ minWidth: 0, p: 1, display: 'grid', gap: 0.5 }}>
        <ListResults
          result={{ ...schedules, isPending: schedules.isPending || cloudId === null }}
          offset={scheduleOffset}
          onOffset={setScheduleOffset}
          emptyText={t('reports.page.noSchedules')}
          columns={scheduleColumns}
          rowKey={(schedule) => schedule.id}
          labelledBy={SCHEDULES_ID}
        />
      </Paper>
      <Typography id={ARCHIVE_ID} component="h2" variant="h6">
        {t('reports.page.archive')}
      </Typography>
      <Typography color="text.secondary">{t('reports.page.archiveIntro')}</Typography>
      <Paper variant="outlined" sx={{ minWidth: 0, p: 1, display: 'grid', gap: 0.5 }}>
        <ListResults
          result={{ ...runs, isPending: runs.isPending || cloudId === null }}
          offset={runOffset}
          onOffset={setRunOffset}
          emptyText={t('reports.page.noFiles')}
          columns={runColumns}
          rowKey={(run) => run.id}
          labelledBy={ARCHIVE_ID}
        />
      </Paper>
      {editing !== null && cloudId !== null && (
        <ReportDialog
          cloudId={cloudId}
          mode={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            showMessage({
              content:
                editing.kind === 'run'
                  ? t('reports.message.queued', { name: saved.name })
                  : t('reports.message.scheduleSaved', { name: saved.name }),
            });
          }}
        />
      )}
    </PageSection>
  );
}
