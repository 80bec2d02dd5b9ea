// A device whose running configuration was changed outside the console (docs/configuration.md): what differs,
// and the choice between sending the console's document again and taking the device's.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { DeviceConfig } from '../../../../core/api/config.ts';
import { useFormatDateTime } from '../../account/index.ts';
import { ChangesTable } from './changes-table.tsx';

export function DriftCard({
  drift,
  canChange,
  busy,
  onKeep,
}: {
  readonly drift: NonNullable<DeviceConfig['drift']>;
  readonly canChange: boolean;
  readonly busy: boolean;
  readonly onKeep: (keep: 'console' | 'device') => void;
}) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  return (
    <Alert severity="warning" sx={{ '& .MuiAlert-message': { minWidth: 0, width: '100%' } }}>
      <AlertTitle>{t('config.drift.title')}</AlertTitle>
      {t('config.drift.received', { time: formatDateTime(drift.received_at) })}
      <Box sx={{ overflowX: 'auto', my: 1 }}>
        <ChangesTable
          changes={drift.changes}
          label={t('config.drift.title')}
          columns={[t('config.drift.console'), t('config.drift.device')]}
        />
      </Box>
      {canChange && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" disabled={busy} onClick={() => onKeep('console')}>
            {t('config.drift.keepConsole')}
          </Button>
          <Button variant="outlined" disabled={busy} onClick={() => onKeep('device')}>
            {t('config.drift.takeDevice')}
          </Button>
        </Box>
      )}
    </Alert>
  );
}
