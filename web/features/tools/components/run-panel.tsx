// One run as its device reports it (docs/tools.md#results-as-they-come): its state and progress, what the
// tool has found so far, why it failed, and a capture's file to download.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../../core/api/tasks.ts';
import type { TroubleshootResult } from '../../../../core/fleet/troubleshoot.ts';
import { isFinished } from '../../../../core/tasks.ts';
import { TASK_STATE_KEYS } from '../../tasks/index.ts';
import { useToolRun } from '../api/tools.ts';
import { ToolResultView } from './tool-results.tsx';

/** A run in a few words: its tool and what it was pointed at. */
export function runTitle(t: TFunction, task: Task): string {
  const params = task.task_params;
  if (task.type_id === 'TASK_NETCAP') return t('tools.tool.netcap');
  if (task.type_id === 'TASK_PACKET_DUMP') return t('tools.tool.packetDump');
  const tool = String(params.tool ?? 'ping');
  const aim = params.host ?? params.name ?? params.url ?? params.server;
  const name = t(`tools.tool.${tool}` as 'tools.tool.ping');
  return typeof aim === 'string' ? t('tools.run.titleTo', { tool: name, target: aim }) : name;
}

const TABLE_ID = 'tool-result-title';

export function RunPanel({ cloudId, taskId }: { readonly cloudId: number; readonly taskId: number }) {
  const { t } = useTranslation();
  const run = useToolRun(cloudId, taskId);
  const task = run.data?.task;
  const target = run.data?.targets.items[0];
  if (!task)
    return run.isError ? <Alert severity="error">{t('tools.run.loadFailed')}</Alert> : <LinearProgress />;
  const done = isFinished(task.task_state);
  const result = (target?.result as { troubleshoot?: TroubleshootResult } | null)?.troubleshoot;
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box>
        <Typography id={TABLE_ID} variant="h3" component="h3">
          {runTitle(t, task)}
        </Typography>
        <Typography variant="body2" color="text.secondary" role="status">
          {t('tools.run.fromDevice', {
            device: task.device_name ?? '',
            state: t(TASK_STATE_KEYS[target?.state ?? task.task_state]),
          })}
        </Typography>
      </Box>
      {!done && (
        <LinearProgress
          variant={target && target.progress > 0 ? 'determinate' : 'indeterminate'}
          value={target?.progress ?? 0}
          aria-label={t('tools.run.progress')}
        />
      )}
      {target?.error && <Alert severity="error">{target.error}</Alert>}
      {result ? (
        <ToolResultView result={result} labelledBy={TABLE_ID} />
      ) : (
        !done && <Typography color="text.secondary">{t('tools.run.waiting')}</Typography>
      )}
      {target?.file &&
        (target.file.downloadable ? (
          <Link href={`/apiv2/cloud/${cloudId}/tasks/${task.id}/targets/${target.id}/file`} download>
            {t('tools.run.download', { name: target.file.name })}
          </Link>
        ) : (
          <Typography variant="body2">{t('tools.run.noDownload', { name: target.file.name })}</Typography>
        ))}
    </Box>
  );
}
