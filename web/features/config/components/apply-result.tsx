// What an apply or a rollback did, or (dry run) would do: the batches of devices, the devices skipped and
// why, and a link to each task made.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ApplyResult } from '../../../../core/api/config.ts';
import { SKIP_REASON_KEYS } from './apply-labels.ts';
import { TaskLink } from './task-link.tsx';

export function ApplyResultView({
  cloudId,
  result,
}: {
  readonly cloudId: number;
  readonly result: ApplyResult;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {result.dry_run ? (
        <Box>
          <Typography variant="subtitle1" component="h3">
            {t('config.apply.batchesTitle')}
          </Typography>
          {result.batches.length === 0 ? (
            <Typography>{t('config.apply.noDevices')}</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {result.batches.map((batch) => (
                <li key={batch.batch}>
                  {t('config.apply.batch', {
                    batch: batch.batch,
                    devices: batch.devices.map((device) => device.name).join(', '),
                  })}
                </li>
              ))}
            </Box>
          )}
        </Box>
      ) : (
        <Box>
          <Typography variant="subtitle1" component="h3">
            {t('config.apply.tasksTitle')}
          </Typography>
          {result.task_ids.length === 0 ? (
            <Typography>{t('config.apply.noTasks')}</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {result.task_ids.map((id) => (
                <li key={id}>
                  <TaskLink cloudId={cloudId} taskId={id} />
                </li>
              ))}
            </Box>
          )}
        </Box>
      )}
      {result.skipped.length > 0 && (
        <Box>
          <Typography variant="subtitle1" component="h3">
            {t('config.apply.skippedTitle')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {result.skipped.map((device) => (
              <li key={device.device_id}>
                {t('config.apply.skipped', { name: device.name, reason: t(SKIP_REASON_KEYS[device.reason]) })}
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
