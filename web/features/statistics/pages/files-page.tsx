// A switch's Files (docs/navigation.md#navigation-drawer, docs/constants.md: management daemon 1.5.0 or newer): what it keeps, as its last heartbeat
// listed it. Fetching a file runs a task on the switch; the copy it sends is kept for download.
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { DeviceFileReading } from '../../../../core/api/metrics.ts';
import { routes } from '../../../../core/routes.ts';
import { isFinished } from '../../../../core/tasks.ts';
import { formatDateTime } from '../../../platform/date-time.ts';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { formatBytes } from '../../../platform/units.ts';
import { useRouteParams } from '../../../platform/use-route-match.ts';
import { useUnitContext } from '../../account/index.ts';
import { usePageObjects } from '../../navigation/index.ts';
import { TASK_STATE_KEYS, useCreateTask } from '../../tasks/index.ts';
import { deviceFilesQueryOptions, useDeviceFiles } from '../api/get-device-files.ts';

const TITLE_ID = 'page-title';

/** The latest fetch of a file: its state, when it ended, and why it failed. */
function FetchState({ file }: { readonly file: DeviceFileReading }) {
  const { t } = useTranslation();
  const units = useUnitContext();
  const fetch = file.last_fetch;
  if (!fetch) return <>{t('statistics.files.notFetched')}</>;
  const state = t(TASK_STATE_KEYS[fetch.state]);
  return (
    <>
      {fetch.finished_at
        ? t('statistics.files.fetchEnded', {
            state,
            time: formatDateTime(new Date(fetch.finished_at), units),
          })
        : state}
      {fetch.error && (
        <Typography variant="body2" color="error">
          {fetch.error}
        </Typography>
      )}
    </>
  );
}

export function FilesPage() {
  const { t } = useTranslation();
  const units = useUnitContext();
  const queryClient = useQueryClient();
  const { deviceId } = useRouteParams('deviceFiles');
  const objects = usePageObjects(useLocation().pathname);
  const result = useDeviceFiles(objects.cloudId, deviceId);
  const createTask = useCreateTask(objects.cloudId ?? 0);
  const data = result.data;

  const fetchFile = (name: string) =>
    createTask.mutate(
      { type: 'TASK_REPORT', params: { file: name }, targets: { device_ids: [deviceId] } },
      {
        onSuccess: () =>
          queryClient.invalidateQueries({
            queryKey: deviceFilesQueryOptions(objects.cloudId ?? 0, deviceId).queryKey,
          }),
      },
    );

  return (
    <Box component="section" aria-labelledby={TITLE_ID} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography id={TITLE_ID} variant="h1">
        {t(routes.deviceFiles.titleKey)}
      </Typography>
      {objects.error !== null || (result.isError && !data) ? (
        <LoadFailed message={t('statistics.files.loadFailed')} onRetry={() => result.refetch()} />
      ) : !data ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('statistics.page.loading')} />
        </Box>
      ) : !data.keeps_files || data.at === null || data.files.length === 0 ? (
        <Typography role="status" sx={{ py: 2 }}>
          {!data.keeps_files
            ? t('statistics.files.notKept')
            : data.at === null
              ? t('statistics.files.neverReported')
              : t('statistics.files.empty')}
        </Typography>
      ) : (
        <>
          <Box sx={{ display: 'grid', gap: 0.5 }}>
            <Typography>
              {data.can_fetch ? t('statistics.files.intro') : t('statistics.files.readOnly')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('statistics.files.listedAt', {
                time: formatDateTime(new Date(data.at), units),
              })}
            </Typography>
          </Box>
          {/* A keyboard can scroll it, so every column can be read at 375 px; the actions come first. */}
          <Box tabIndex={0} sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" aria-labelledby={TITLE_ID}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('statistics.files.name')}</TableCell>
                  <TableCell>{t('statistics.files.actions')}</TableCell>
                  <TableCell>{t('statistics.files.lastFetch')}</TableCell>
                  <TableCell align="right">{t('statistics.files.size')}</TableCell>
                  <TableCell>{t('statistics.files.modified')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.files.map((file) => {
                  const fetch = file.last_fetch;
                  const busy = fetch !== null && !isFinished(fetch.state);
                  return (
                    <TableRow key={file.name}>
                      <TableCell component="th" scope="row" sx={{ wordBreak: 'break-all', minWidth: 140 }}>
                        {file.name}
                      </TableCell>
                      <TableCell>
                        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                          {fetch?.downloadable && (
                            <Link
                              href={`/apiv2/cloud/${objects.cloudId}/tasks/${fetch.task_id}/targets/${fetch.target_id}/file`}
                              download
                              aria-label={t('statistics.files.downloadLabel', { name: file.name })}
                              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                            >
                              <DownloadIcon fontSize="small" aria-hidden />
                              {t('statistics.files.download')}
                            </Link>
                          )}
                          {data.can_fetch && (
                            <Button
                              size="small"
                              variant="outlined"
                              disabled={busy || createTask.isPending}
                              aria-label={t('statistics.files.fetchLabel', { name: file.name })}
                              onClick={() => fetchFile(file.name)}
                            >
                              {fetch ? t('statistics.files.fetchAgain') : t('statistics.files.fetch')}
                            </Button>
                          )}
                        </Box>
                      </TableCell>
                      <TableCell sx={{ minWidth: 160 }}>
                        <FetchState file={file} />
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatBytes(file.size, units)}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(new Date(file.modified_at), units)}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
    </Box>
  );
}
