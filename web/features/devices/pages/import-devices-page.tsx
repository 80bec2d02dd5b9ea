// Registering many devices from a CSV file, for those who may register devices (docs/roles.md register): the
// file's columns, then a row-by-row report of what was added and why each other row was refused.
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  IMPORT_CHARS_MAX,
  IMPORT_ROWS_MAX,
  type ImportDevicesResponse,
  type ImportRefusal,
  type ImportRow,
} from '../../../../core/api/device-registration.ts';
import { isApiError } from '../../../platform/api-error.ts';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { ListTable } from '../../../platform/list-page/list-table.tsx';
import { PageSection } from '../../../platform/page-section.tsx';
import { useRouteParams } from '../../../platform/use-route-match.ts';
import { visuallyHidden } from '../../../platform/visually-hidden.ts';
import { useImportDevices } from '../api/import-devices.ts';
import { RegistrationGate } from '../components/registration-gate.tsx';

const REPORT_ID = 'import-report';
const SAMPLE =
  'name,serial,mac,model,site\nLobby AP,WA21000037,02:4c:10:00:00:01,AP-WIFI6-2x2-IN,Main Office';

const REFUSAL_KEYS = {
  duplicate_in_file: 'devices.importRefusal.duplicateInFile',
  duplicate_in_console: 'devices.importRefusal.duplicateInConsole',
  unknown_model: 'devices.importRefusal.unknownModel',
  not_a_site_device: 'devices.importRefusal.notSiteDevice',
  bad_mac: 'devices.importRefusal.badMac',
  bad_serial: 'devices.importRefusal.badSerial',
  bad_name: 'devices.importRefusal.badName',
  unknown_site: 'devices.importRefusal.unknownSite',
  no_permission: 'devices.importRefusal.noPermission',
} as const satisfies Record<ImportRefusal, string>;

const FILE_ERROR_KEYS = {
  missing_columns: 'devices.importError.missingColumns',
  unclosed_quote: 'devices.importError.unclosedQuote',
  empty: 'devices.importError.noRows',
  no_rows: 'devices.importError.noRows',
  too_many_rows: 'devices.importError.tooManyRows',
} as const;

/** Why the whole file was refused, in the user's language. */
function fileError(t: TFunction, error: unknown): string {
  if (isApiError(error) && error.status === 403) return t('devices.register.forbidden');
  const code = isApiError(error) ? error.errors[0]?.errorCode : undefined;
  if (code && Object.hasOwn(FILE_ERROR_KEYS, code)) {
    return t(FILE_ERROR_KEYS[code as keyof typeof FILE_ERROR_KEYS], { max: IMPORT_ROWS_MAX });
  }
  return t('devices.importError.failed');
}

export function ImportDevicesPage() {
  const { cloudId } = useRouteParams('devicesImport');
  return (
    <PageSection routeKey="devicesImport">
      <RegistrationGate cloudId={cloudId}>
        <ImportForm cloudId={cloudId} />
      </RegistrationGate>
    </PageSection>
  );
}

function ImportForm({ cloudId }: { readonly cloudId: number }) {
  const { t } = useTranslation();
  const importing = useImportDevices(cloudId);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<ImportDevicesResponse | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const upload = async (file: File | undefined) => {
    setError(null);
    setReport(null);
    if (!file) return;
    if (file.size > IMPORT_CHARS_MAX) {
      setError(t('devices.importError.tooLarge'));
      return;
    }
    try {
      setReport(await importing.mutateAsync(await file.text()));
    } catch (cause) {
      setError(fileError(t, cause));
    }
  };

  return (
    <>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5 }}>
        <Typography>{t('devices.import.intro', { max: IMPORT_ROWS_MAX })}</Typography>
        <Typography component="ul" sx={{ m: 0, pl: 3 }}>
          <li>{t('devices.import.columnSerial')}</li>
          <li>{t('devices.import.columnMac')}</li>
          <li>{t('devices.import.columnModel')}</li>
          <li>{t('devices.import.columnSite')}</li>
          <li>{t('devices.import.columnName')}</li>
        </Typography>
        <Typography>{t('devices.import.outcome')}</Typography>
        <Box
          component="pre"
          aria-label={t('devices.import.sample')}
          sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', overflowX: 'auto', fontSize: '0.85rem' }}
        >
          {SAMPLE}
        </Box>
        <Box>
          <Button
            variant="contained"
            startIcon={
              importing.isPending ? <CircularProgress size={18} color="inherit" /> : <UploadFileIcon />
            }
            disabled={importing.isPending}
            onClick={() => fileInput.current?.click()}
          >
            {t('devices.import.choose')}
          </Button>
          {/* The button opens the browser's file chooser; the input itself stays out of the tab order. */}
          <Box
            component="input"
            ref={fileInput}
            type="file"
            accept=".csv,text/csv"
            tabIndex={-1}
            aria-label={t('devices.import.choose')}
            sx={visuallyHidden}
            onChange={(event) => {
              const input = event.target as HTMLInputElement;
              void upload(input.files?.[0]);
              // The same file can be chosen again after it is corrected.
              input.value = '';
            }}
          />
        </Box>
      </Paper>
      {error && <Alert severity="error">{error}</Alert>}
      {report && <ImportReport report={report} />}
    </>
  );
}

function ImportReport({ report }: { readonly report: ImportDevicesResponse }) {
  const { t } = useTranslation();
  const columns: ListColumn<ImportRow>[] = [
    { id: 'row', numeric: true, header: t('devices.import.row'), cell: (row) => row.row },
    {
      id: 'result',
      header: t('devices.import.result'),
      cell: (row) =>
        row.status === 'added'
          ? t('devices.import.added')
          : t('devices.import.refused', {
              reasons: row.reasons.map((reason) => t(REFUSAL_KEYS[reason])).join(' '),
            }),
    },
    { id: 'name', header: t('devices.column.name'), from: 'sm', cell: (row) => row.name },
    { id: 'serial', nowrap: true, header: t('devices.column.serial'), cell: (row) => row.sn },
    { id: 'mac', nowrap: true, header: t('devices.column.mac'), from: 'md', cell: (row) => row.mac },
    { id: 'model', header: t('devices.pending.model'), from: 'lg', cell: (row) => row.model },
    { id: 'site', header: t('devices.column.site'), from: 'md', cell: (row) => row.site },
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography id={REPORT_ID} variant="h2">
        {t('devices.import.report')}
      </Typography>
      <Alert severity={report.refused === 0 ? 'success' : 'warning'} role="status">
        {t('devices.import.summary', { added: report.added, refused: report.refused })}
      </Alert>
      <ListTable
        labelledBy={REPORT_ID}
        columns={columns}
        rows={report.rows}
        rowKey={(row) => row.row}
        busy={false}
      />
    </Paper>
  );
}
