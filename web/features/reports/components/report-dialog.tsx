// The dialog that makes or changes a report schedule, or runs a report once (docs/reports.md#the-page).
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  REPORT_FORMATS,
  REPORT_KINDS,
  REPORT_NAME_MAX_LENGTH,
  REPORT_PERIODS,
  type ReportRun,
  type ReportSchedule,
} from '../../../../core/api/reports.ts';
import { REPORT_FREQUENCIES } from '../../../../core/reports/schedule.ts';
import { TIME_ZONES } from '../../../../core/time-zones.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';
import { useReportOptions, useSaveReport } from '../api/reports.ts';
import {
  emptyReportForm,
  type ReportForm,
  type ReportFormError,
  reportFormErrors,
  reportFormOf,
  runBodyOf,
  scheduleBodyOf,
} from './report-form.ts';
import { FORMAT_LABELS, FREQUENCY_KEYS, KIND_KEYS, weekdayName } from './report-texts.ts';

const ERROR_KEYS = {
  name: 'reports.error.name',
  siteFilterId: 'reports.error.grouping',
  siteIds: 'reports.error.sites',
  time: 'reports.error.time',
} as const satisfies Record<ReportFormError, string>;

/** The server's field paths, as the form's. */
const SERVER_FIELDS: Record<string, string> = {
  '/name': 'name',
  '/kind': 'kind',
  '/site_filter_id': 'siteFilterId',
  '/site_ids': 'siteIds',
  '/recipient_ids': 'recipientIds',
  '/time_zone': 'timeZone',
  '/time': 'time',
};

interface ReportDialogProps {
  readonly cloudId: number;
  /** A schedule to change, a new schedule, or a report run once. */
  readonly mode:
    | { readonly kind: 'schedule'; readonly schedule: ReportSchedule | null }
    | { readonly kind: 'run' };
  readonly onClose: () => void;
  readonly onSaved: (saved: ReportSchedule | ReportRun) => void;
}

export function ReportDialog({ cloudId, mode, onClose, onSaved }: ReportDialogProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language.replace('_', '-');
  const formId = useId();
  const [siteSearch, setSiteSearch] = useState('');
  const options = useReportOptions(cloudId, siteSearch);
  const editing = mode.kind === 'schedule' ? mode.schedule : null;
  const [form, setForm] = useState<ReportForm | null>(() => (editing ? reportFormOf(editing) : null));
  const [attempted, setAttempted] = useState(false);
  const save = useSaveReport(cloudId);
  const current = form ?? (options.data ? emptyReportForm(options.data.time_zone) : null);
  const isSchedule = mode.kind === 'schedule';
  const set = <K extends keyof ReportForm>(key: K, value: ReportForm[K]) =>
    setForm((before) => {
      const base = before ?? current;
      return base ? { ...base, [key]: value } : before;
    });
  const localErrors = current && attempted ? reportFormErrors(current, isSchedule) : [];
  const serverIssues =
    save.error && isApiError(save.error) && save.error.kind === 'validation' ? save.error.errors : [];
  const failure =
    save.error && !(isApiError(save.error) && save.error.kind === 'validation')
      ? (isApiError(save.error) && save.error.serverMessage) || t('reports.error.saveFailed')
      : null;
  const helper = (field: string, hint?: string) => {
    const local = localErrors.find((error) => error === field);
    if (local) return t(ERROR_KEYS[local]);
    return serverIssues.find((issue) => SERVER_FIELDS[issue.path] === field)?.message ?? hint;
  };
  const invalid = (field: string) =>
    localErrors.some((error) => error === field) ||
    serverIssues.some((issue) => SERVER_FIELDS[issue.path] === field);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!current || reportFormErrors(current, isSchedule).length > 0) return;
    save.mutate(
      isSchedule
        ? { kind: 'schedule', scheduleId: editing?.id ?? null, body: scheduleBodyOf(current) }
        : { kind: 'run', body: runBodyOf(current) },
      { onSuccess: onSaved },
    );
  };

  const data = options.data;
  const kinds = REPORT_KINDS.filter(
    (kind) => kind !== 'guest_access' || data?.guest_access || current?.kind === kind,
  );
  const siteNames = new Map((data?.sites ?? []).map((site) => [site.id, site.name]));
  const memberNames = new Map(
    (data?.members ?? []).map((member) => [member.id, `${member.name} (${member.email})`]),
  );

  return (
    <ModalShell
      open
      maxWidth="sm"
      title={
        mode.kind === 'run'
          ? t('reports.dialog.runTitle')
          : editing
            ? t('reports.dialog.editTitle', { name: editing.name })
            : t('reports.dialog.createTitle')
      }
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('platform.dialogs.cancel')}</Button>
          <Button type="submit" form={formId} variant="contained" disabled={save.isPending || !current}>
            {mode.kind === 'run' ? t('reports.dialog.run') : t('reports.dialog.save')}
          </Button>
        </>
      }
    >
      {current && (
        <Stack component="form" id={formId} noValidate onSubmit={submit} spacing={2} sx={{ pt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField
            label={t('reports.field.name')}
            value={current.name}
            onChange={(event) => set('name', event.target.value)}
            required
            error={invalid('name')}
            helperText={helper('name')}
            slotProps={{ htmlInput: { maxLength: REPORT_NAME_MAX_LENGTH } }}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
            <TextField
              select
              label={t('reports.field.kind')}
              value={current.kind}
              onChange={(event) => set('kind', event.target.value as ReportForm['kind'])}
              error={invalid('kind')}
              helperText={helper('kind')}
            >
              {kinds.map((kind) => (
                <MenuItem key={kind} value={kind}>
                  {t(KIND_KEYS[kind])}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('reports.field.format')}
              value={current.format}
              onChange={(event) => set('format', event.target.value as ReportForm['format'])}
            >
              {REPORT_FORMATS.map((format) => (
                <MenuItem key={format} value={format}>
                  {FORMAT_LABELS[format]}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <TextField
            select
            label={t('reports.field.period')}
            value={current.periodDays}
            onChange={(event) => set('periodDays', Number(event.target.value) as ReportForm['periodDays'])}
          >
            {REPORT_PERIODS.map((days) => (
              <MenuItem key={days} value={days}>
                {days === 1 ? t('reports.period.day') : t('reports.period.days', { days })}
              </MenuItem>
            ))}
          </TextField>
          <RadioGroup
            aria-label={t('reports.field.scope')}
            value={current.scope}
            onChange={(event) => set('scope', event.target.value as ReportForm['scope'])}
          >
            <FormControlLabel value="cloud" control={<Radio />} label={t('reports.scope.cloud')} />
            <FormControlLabel value="grouping" control={<Radio />} label={t('reports.scope.grouping')} />
            <FormControlLabel value="sites" control={<Radio />} label={t('reports.scope.sites')} />
          </RadioGroup>
          {current.scope === 'grouping' && (
            <TextField
              select
              label={t('reports.field.grouping')}
              value={current.siteFilterId ?? ''}
              onChange={(event) => set('siteFilterId', Number(event.target.value) || null)}
              error={invalid('siteFilterId')}
              helperText={helper(
                'siteFilterId',
                data?.site_filters.length ? undefined : t('reports.hint.noGroupings'),
              )}
            >
              {(data?.site_filters ?? []).map((grouping) => (
                <MenuItem key={grouping.id} value={grouping.id}>
                  {grouping.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          {current.scope === 'sites' && (
            <Autocomplete
              multiple
              options={(data?.sites ?? []).map((site) => site.id)}
              value={current.siteIds}
              onChange={(_, value) => set('siteIds', value)}
              onInputChange={(_, value, reason) => {
                if (reason === 'input') setSiteSearch(value.trim());
              }}
              filterOptions={(ids) => ids}
              getOptionLabel={(id) => siteNames.get(id) ?? String(id)}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('reports.field.sites')}
                  error={invalid('siteIds')}
                  helperText={helper('siteIds')}
                />
              )}
            />
          )}
          <Autocomplete
            multiple
            options={(data?.members ?? []).map((member) => member.id)}
            value={current.recipientIds}
            onChange={(_, value) => set('recipientIds', value)}
            getOptionLabel={(id) => memberNames.get(id) ?? String(id)}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('reports.field.recipients')}
                error={invalid('recipientIds')}
                helperText={helper('recipientIds', t('reports.hint.recipients'))}
              />
            )}
          />
          {isSchedule && (
            <>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                <TextField
                  select
                  label={t('reports.field.frequency')}
                  value={current.frequency}
                  onChange={(event) => set('frequency', event.target.value as ReportForm['frequency'])}
                >
                  {REPORT_FREQUENCIES.map((frequency) => (
                    <MenuItem key={frequency} value={frequency}>
                      {t(FREQUENCY_KEYS[frequency])}
                    </MenuItem>
                  ))}
                </TextField>
                {current.frequency === 'weekly' && (
                  <TextField
                    select
                    label={t('reports.field.weekday')}
                    value={current.weekday}
                    onChange={(event) => set('weekday', Number(event.target.value))}
                  >
                    {[1, 2, 3, 4, 5, 6, 7].map((day) => (
                      <MenuItem key={day} value={day}>
                        {weekdayName(day, language)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
                {current.frequency === 'monthly' && (
                  <TextField
                    select
                    label={t('reports.field.monthDay')}
                    value={current.monthDay}
                    onChange={(event) => set('monthDay', Number(event.target.value))}
                    helperText={t('reports.hint.monthDay')}
                  >
                    {Array.from({ length: 31 }, (_, i) => i + 1).map((day) => (
                      <MenuItem key={day} value={day}>
                        {day}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              </Box>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' } }}>
                <TextField
                  type="time"
                  label={t('reports.field.time')}
                  value={current.time}
                  onChange={(event) => set('time', event.target.value)}
                  error={invalid('time')}
                  helperText={helper('time')}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <Autocomplete
                  options={TIME_ZONES as string[]}
                  value={current.timeZone}
                  disableClearable
                  onChange={(_, value) => set('timeZone', value)}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={t('reports.field.timeZone')}
                      error={invalid('timeZone')}
                      helperText={helper('timeZone')}
                    />
                  )}
                />
              </Box>
            </>
          )}
        </Stack>
      )}
    </ModalShell>
  );
}
