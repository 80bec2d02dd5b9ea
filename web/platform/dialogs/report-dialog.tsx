import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContentText from '@mui/material/DialogContentText';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorReport } from '../../../core/api/error-reports.ts';
import { APP_VERSION } from '../app-version.ts';
import { buildErrorReport } from '../errors/error-report.ts';
import { postErrorReport } from '../errors/post-error-report.ts';
import type { ReportOptions } from './dialog-store.ts';
import { ModalShell } from './modal-shell.tsx';

type Status = 'building' | 'ready' | 'sending' | 'success' | 'failure';

/** docs/states.md, docs/errors.md: starts busy; submit once the payload is built; success keeps submit disabled, failure does not. */
export function ReportDialog({
  options,
  onDone,
}: {
  readonly options: ReportOptions;
  readonly onDone: () => void;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>('building');
  const [report, setReport] = useState<ErrorReport | null>(null);
  const closable = options.closable ?? true;

  useEffect(() => {
    let live = true;
    // Built after the first paint, so the busy state shows however long building takes.
    const timer = setTimeout(() => {
      if (!live) return;
      const context = {
        version: APP_VERSION,
        user: options.user,
        userAgent: navigator.userAgent,
        url: window.location.href,
      };
      setReport(buildErrorReport(options.error, context));
      setStatus('ready');
    }, 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [options]);

  const submit = async () => {
    if (!report) return;
    setStatus('sending');
    try {
      await postErrorReport(report);
      setStatus('success');
    } catch {
      setStatus('failure');
    }
  };

  const canSubmit = status === 'ready' || status === 'failure';
  const busy = status === 'building' || status === 'sending';
  return (
    <ModalShell
      open
      title={t('platform.report.title')}
      closable={closable}
      onClose={onDone}
      actions={
        <>
          {closable ? (
            <Button onClick={onDone}>{t('platform.dialogs.cancel')}</Button>
          ) : (
            <Button onClick={() => window.location.reload()}>{t('platform.errors.reloadPage')}</Button>
          )}
          <Button variant="contained" disabled={!canSubmit} onClick={submit}>
            {t('platform.report.submit')}
          </Button>
        </>
      }
    >
      <Box aria-busy={busy} sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>{t('platform.report.question')}</DialogContentText>
        {status === 'building' && <CircularProgress size={24} aria-label={t('platform.report.building')} />}
        {report && (
          <>
            <Typography>{t('platform.report.preview')}</Typography>
            <Box
              component="pre"
              aria-label={t('platform.report.payload')}
              tabIndex={0}
              sx={{
                m: 0,
                p: 1.5,
                maxHeight: 240,
                overflow: 'auto',
                bgcolor: 'grey.100',
                fontSize: 12,
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-all',
              }}
            >
              {JSON.stringify(report, null, 2)}
            </Box>
          </>
        )}
        {status === 'success' && <Alert severity="success">{t('platform.report.success')}</Alert>}
        {status === 'failure' && <Alert severity="error">{t('platform.report.failure')}</Alert>}
      </Box>
    </ModalShell>
  );
}
