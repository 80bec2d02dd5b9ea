// One error report in full: who sent it, from which page and browser, where it happened, and its message
// with the stack trace kept in its lines.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoredErrorReport } from '../../../../core/api/error-reports.ts';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';
import { DateTime } from '../../account/index.ts';

/** The error's own message: the first line of the message and stack trace. */
export const firstLine = (message: string) => message.split('\n', 1)[0] ?? '';

export function ErrorReportDialog({
  report,
  onClose,
}: {
  readonly report: StoredErrorReport;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const traceId = useId();
  const { serviceContext, context, message } = report.report;
  const location = context.reportLocation;
  const facts: [string, ReactNode][] = [
    [t('admin.errors.sentAt'), <DateTime key="at" iso={report.created_at} />],
    [t('admin.errors.user'), report.user_email ?? (context.user || t('admin.errors.signedOut'))],
    [t('admin.errors.page'), context.httpRequest.url],
    [t('admin.errors.browser'), context.httpRequest.userAgent],
    [
      t('admin.errors.location'),
      t('admin.errors.locationValue', {
        file: location.filePath,
        line: location.lineNumber,
        function: location.functionName || '—',
      }),
    ],
    [t('admin.errors.version'), `${serviceContext.service} ${serviceContext.version}`.trim()],
  ];
  return (
    <ModalShell
      open
      title={t('admin.errors.dialogTitle', { id: report.id })}
      onClose={onClose}
      maxWidth="md"
      actions={<Button onClick={onClose}>{t('platform.dialogs.close')}</Button>}
    >
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 2,
          rowGap: { xs: 0.25, sm: 1 },
          '& dt': { fontWeight: 600, typography: 'body2', mt: { xs: 1, sm: 0 } },
          '& dd': { m: 0, typography: 'body2', overflowWrap: 'anywhere' },
        }}
      >
        {facts.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
      <Typography id={traceId} variant="subtitle2" component="h3" sx={{ mt: 2, mb: 0.5 }}>
        {t('admin.errors.trace')}
      </Typography>
      <Box
        component="pre"
        // A named, focusable region, so a keyboard can scroll a long trace.
        role="region"
        tabIndex={0}
        aria-labelledby={traceId}
        sx={{
          m: 0,
          p: 1.5,
          maxHeight: 360,
          overflow: 'auto',
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: '0.8125rem',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {message}
      </Box>
    </ModalShell>
  );
}
