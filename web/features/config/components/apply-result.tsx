// What an apply or a rollback did, or (dry run) would do: the batches of devices, the devices skipped and
// why, and a link to each task made.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ApplyResult, SKIP_REASONS } from '../../../../core/api/config.ts';
import { routes } from '../../../../core/routes.ts';

const SKIP_REASON_KEYS = {
  suspended: 'config.skip.suspended',
  offline: 'config.skip.offline',
  standalone: 'config.skip.standalone',
  not_allowed: 'config.skip.notAllowed',
  unavailable: 'config.skip.unavailable',
} as const satisfies Record<(typeof SKIP_REASONS)[number], string>;

// The task history's filter of tasks under way (core/routes.ts activityQuery).
const IN_PROGRESS_STATUS = 'RUNNING+PENDING';

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
                  <Link
                    component={RouterLink}
                    to={routes.cloudActivity.href({ cloudId }, { query: { status: IN_PROGRESS_STATUS, id } })}
                  >
                    {t('config.apply.task', { id })}
                  </Link>
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
