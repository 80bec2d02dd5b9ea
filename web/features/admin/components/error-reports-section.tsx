// Error reports: what the web app's report dialog sent, newest first, each readable in full in a dialog.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoredErrorReport } from '../../../../core/api/error-reports.ts';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { DateTime } from '../../account/index.ts';
import { useErrorReports } from '../api/get-error-reports.ts';
import { AdminList, usePageOffset } from './admin-list.tsx';
import { ErrorReportDialog, firstLine } from './error-report-dialog.tsx';

const oneLine = {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  maxWidth: 480,
} as const;

export function ErrorReportsSection() {
  const { t } = useTranslation();
  const [offset, setOffset] = usePageOffset('');
  const result = useErrorReports(offset);
  const [open, setOpen] = useState<StoredErrorReport | null>(null);
  const columns: ListColumn<StoredErrorReport>[] = [
    { id: 'at', header: t('admin.errors.sentAt'), cell: (report) => <DateTime iso={report.created_at} /> },
    {
      id: 'message',
      header: t('admin.errors.message'),
      cell: (report) => (
        <Typography variant="body2" sx={{ ...oneLine, maxWidth: { xs: 140, sm: 320, lg: 480 } }}>
          {firstLine(report.report.message)}
        </Typography>
      ),
    },
    {
      id: 'user',
      header: t('admin.errors.user'),
      from: 'md',
      cell: (report) => report.user_email ?? t('admin.errors.signedOut'),
    },
    {
      id: 'page',
      header: t('admin.errors.page'),
      from: 'lg',
      cell: (report) => (
        <Typography variant="body2" sx={oneLine}>
          {report.report.context.httpRequest.url}
        </Typography>
      ),
    },
    {
      id: 'actions',
      header: t('admin.list.actions'),
      cell: (report) => (
        <Button
          size="small"
          aria-haspopup="dialog"
          aria-label={t('admin.errors.openLabel', { id: report.id })}
          onClick={() => setOpen(report)}
        >
          {t('admin.errors.open')}
        </Button>
      ),
    },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography color="text.secondary">{t('admin.errors.intro')}</Typography>
      <AdminList
        result={result}
        offset={offset}
        onOffset={setOffset}
        emptyText={t('admin.errors.empty')}
        columns={columns}
        rowKey={(report) => report.id}
        labelledBy="admin-tab-errors"
      />
      {open && <ErrorReportDialog report={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}
