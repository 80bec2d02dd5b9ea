// Ping or traceroute from the device to a host: the device runs it as a task and the task tracker and the
// Activity page show its result.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';

export type TroubleshootTool = 'ping' | 'traceroute';

// core/task-types.ts TASK_TROUBLESHOOT: a host name or address, and 1 to 20 pings (4 unless told).
const HOST_PATTERN = /^[A-Za-z0-9.:-]{1,253}$/;
const COUNT_MIN = 1;
const COUNT_MAX = 20;
const COUNT_DEFAULT = 4;

export type TroubleshootParams = { tool: TroubleshootTool; host: string; count?: number };

interface TroubleshootDialogProps {
  readonly tool: TroubleshootTool;
  readonly name: string;
  readonly busy: boolean;
  readonly onCancel: () => void;
  readonly onSubmit: (params: TroubleshootParams) => void;
}

export function TroubleshootDialog({ tool, name, busy, onCancel, onSubmit }: TroubleshootDialogProps) {
  const { t } = useTranslation();
  const [host, setHost] = useState('');
  const [count, setCount] = useState(String(COUNT_DEFAULT));
  const [tried, setTried] = useState(false);
  const formId = useId();
  const hostError = HOST_PATTERN.test(host.trim())
    ? null
    : host.trim() === ''
      ? t('deviceDashboard.troubleshoot.hostRequired')
      : t('deviceDashboard.troubleshoot.hostInvalid');
  const countValue = Number(count);
  const countError =
    tool === 'ping' && !(Number.isInteger(countValue) && countValue >= COUNT_MIN && countValue <= COUNT_MAX)
      ? t('deviceDashboard.troubleshoot.countInvalid', { min: COUNT_MIN, max: COUNT_MAX })
      : null;
  const title =
    tool === 'ping'
      ? t('deviceDashboard.troubleshoot.pingTitle', { name })
      : t('deviceDashboard.troubleshoot.tracerouteTitle', { name });
  return (
    <ModalShell
      open
      title={title}
      onClose={onCancel}
      actions={
        <>
          <Button onClick={onCancel}>{t('platform.dialogs.cancel')}</Button>
          <Button
            type="submit"
            form={formId}
            variant="contained"
            disabled={busy || (tried && !!(hostError || countError))}
          >
            {t('deviceDashboard.troubleshoot.submit')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (hostError || countError) return;
          onSubmit(
            tool === 'ping' ? { tool, host: host.trim(), count: countValue } : { tool, host: host.trim() },
          );
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <TextField
            autoFocus
            required
            label={t('deviceDashboard.troubleshoot.host')}
            value={host}
            onChange={(event) => setHost(event.target.value)}
            error={tried && hostError !== null}
            helperText={tried && hostError ? hostError : t('deviceDashboard.troubleshoot.hostHint')}
            slotProps={{ htmlInput: { maxLength: 253, spellCheck: false, autoCapitalize: 'none' } }}
          />
          {tool === 'ping' && (
            <TextField
              type="number"
              label={t('deviceDashboard.troubleshoot.count')}
              value={count}
              onChange={(event) => setCount(event.target.value)}
              error={tried && countError !== null}
              helperText={tried ? countError : null}
              slotProps={{ htmlInput: { min: COUNT_MIN, max: COUNT_MAX, step: 1 } }}
            />
          )}
        </Box>
      </form>
    </ModalShell>
  );
}
