// The dialog that makes or changes a service plan (docs/guest-access.md#service-plans), in units people use.
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
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GuestPlan } from '../../../../core/api/guest-plans.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';
import { useSitesSelect } from '../../sites/index.ts';
import { useSavePlan } from '../api/plans.ts';
import {
  DATA_UNITS,
  type DataUnit,
  emptyPlanForm,
  type PlanField,
  type PlanFieldError,
  type PlanForm,
  planBodyOf,
  planFormOf,
  TIME_UNITS,
  type TimeUnit,
} from './plan-form.ts';

const TIME_UNIT_KEYS = {
  minutes: 'guestPlans.unit.minutes',
  hours: 'guestPlans.unit.hours',
  days: 'guestPlans.unit.days',
} as const satisfies Record<TimeUnit, string>;

/** The server's field paths, as the form's fields. */
const SERVER_FIELDS: Record<string, PlanField> = {
  '/name': 'name',
  '/quota_period': 'periodQuota',
  '/ssids': 'ssids',
};

interface PlanDialogProps {
  readonly cloudId: number;
  /** null: a new plan. */
  readonly plan: GuestPlan | null;
  readonly onClose: () => void;
  readonly onSaved: (plan: GuestPlan) => void;
}

export function PlanDialog({ cloudId, plan, onClose, onSaved }: PlanDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [form, setForm] = useState<PlanForm>(() => (plan ? planFormOf(plan) : emptyPlanForm()));
  const [attempted, setAttempted] = useState(false);
  const save = useSavePlan(cloudId);
  const sites = useSitesSelect(cloudId, { filter: '', includeId: null, includeIds: form.siteIds });
  const checked = planBodyOf(form);
  const errors: Partial<Record<PlanField, PlanFieldError>> =
    attempted && 'errors' in checked ? checked.errors : {};
  const set = <K extends keyof PlanForm>(key: K, value: PlanForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const serverIssues =
    save.error && isApiError(save.error) && save.error.kind === 'validation' ? save.error.errors : [];
  const serverError = (field: PlanField) =>
    serverIssues.find((issue) => SERVER_FIELDS[issue.path] === field)?.message;
  const siteIssue = serverIssues.find((issue) => issue.path.startsWith('/site_ids'))?.message;
  const conflict =
    save.error && isApiError(save.error) && save.error.kind !== 'validation'
      ? (save.error.serverMessage ?? t('guestPlans.error.saveFailed'))
      : null;

  const helper = (field: PlanField, hint?: string) => {
    const error = errors[field];
    if (error) return t(error.key, error.values ?? {});
    return serverError(field) ?? hint;
  };
  const invalid = (field: PlanField) => errors[field] !== undefined || serverError(field) !== undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if ('body' in checked)
      save.mutate({ planId: plan?.id ?? null, body: checked.body }, { onSuccess: (saved) => onSaved(saved) });
  };

  const numberField = (field: PlanField & keyof PlanForm, label: string, hint?: string, unit?: ReactNode) => (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        label={label}
        value={form[field]}
        onChange={(event) => set(field, event.target.value as never)}
        error={invalid(field)}
        helperText={helper(field, hint)}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        sx={{ flex: 1 }}
      />
      {unit}
    </Box>
  );
  const timeUnit = (key: 'validityUnit' | 'sessionUnit', label: string) => (
    <TextField
      select
      label={label}
      value={form[key]}
      onChange={(event) => set(key, event.target.value as TimeUnit)}
      sx={{ width: 130 }}
    >
      {(Object.keys(TIME_UNITS) as TimeUnit[]).map((unit) => (
        <MenuItem key={unit} value={unit}>
          {t(TIME_UNIT_KEYS[unit])}
        </MenuItem>
      ))}
    </TextField>
  );
  const dataUnit = (key: 'sessionQuotaUnit' | 'periodQuotaUnit', label: string) => (
    <TextField
      select
      label={label}
      value={form[key]}
      onChange={(event) => set(key, event.target.value as DataUnit)}
      sx={{ width: 100 }}
    >
      {(Object.keys(DATA_UNITS) as DataUnit[]).map((unit) => (
        <MenuItem key={unit} value={unit}>
          {unit}
        </MenuItem>
      ))}
    </TextField>
  );
  const siteOptions = sites.data?.sites ?? [];

  return (
    <ModalShell
      open
      maxWidth="md"
      title={
        plan ? t('guestPlans.dialog.editTitle', { name: plan.name }) : t('guestPlans.dialog.createTitle')
      }
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('platform.dialogs.cancel')}</Button>
          <Button type="submit" form={formId} variant="contained" disabled={save.isPending}>
            {plan ? t('guestPlans.dialog.save') : t('guestPlans.dialog.create')}
          </Button>
        </>
      }
    >
      <Stack component="form" id={formId} noValidate onSubmit={submit} spacing={2} sx={{ pt: 1 }}>
        {conflict && <Alert severity="error">{conflict}</Alert>}
        {plan && plan.accounts > 0 && (
          <Alert severity="info">{t('guestPlans.dialog.inUse', { count: plan.accounts })}</Alert>
        )}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
          <TextField
            label={t('guestPlans.field.name')}
            value={form.name}
            onChange={(event) => set('name', event.target.value)}
            required
            error={invalid('name')}
            helperText={helper('name')}
          />
          <TextField
            label={t('guestPlans.field.priceLabel')}
            value={form.priceLabel}
            onChange={(event) => set('priceLabel', event.target.value)}
            error={invalid('priceLabel')}
            helperText={helper('priceLabel', t('guestPlans.hint.priceLabel'))}
          />
        </Box>
        <Typography component="h3" variant="subtitle1">
          {t('guestPlans.section.time')}
        </Typography>
        {numberField(
          'validity',
          t('guestPlans.field.validity'),
          undefined,
          timeUnit('validityUnit', t('guestPlans.field.unit')),
        )}
        <RadioGroup
          row
          aria-label={t('guestPlans.field.validFrom')}
          value={form.validFrom}
          onChange={(event) => set('validFrom', event.target.value as PlanForm['validFrom'])}
        >
          <FormControlLabel
            value="first_use"
            control={<Radio />}
            label={t('guestPlans.validFrom.firstUse')}
          />
          <FormControlLabel value="creation" control={<Radio />} label={t('guestPlans.validFrom.creation')} />
        </RadioGroup>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {numberField(
            'session',
            t('guestPlans.field.session'),
            t('guestPlans.hint.unlimited'),
            timeUnit('sessionUnit', t('guestPlans.field.unit')),
          )}
          {numberField('idleMinutes', t('guestPlans.field.idleMinutes'), t('guestPlans.hint.unlimited'))}
        </Box>
        <Typography component="h3" variant="subtitle1">
          {t('guestPlans.section.speed')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {numberField('downMbps', t('guestPlans.field.downMbps'), t('guestPlans.hint.unlimited'))}
          {numberField('upMbps', t('guestPlans.field.upMbps'), t('guestPlans.hint.unlimited'))}
          {numberField(
            'sessionQuota',
            t('guestPlans.field.sessionQuota'),
            t('guestPlans.hint.unlimited'),
            dataUnit('sessionQuotaUnit', t('guestPlans.field.unit')),
          )}
          <Box sx={{ display: 'grid', gap: 1 }}>
            {numberField(
              'periodQuota',
              t('guestPlans.field.periodQuota'),
              t('guestPlans.hint.unlimited'),
              dataUnit('periodQuotaUnit', t('guestPlans.field.unit')),
            )}
            {form.periodQuota.trim() !== '' && (
              <TextField
                select
                label={t('guestPlans.field.quotaPeriod')}
                value={form.quotaPeriod}
                onChange={(event) => set('quotaPeriod', event.target.value as PlanForm['quotaPeriod'])}
              >
                <MenuItem value="day">{t('guestPlans.period.day')}</MenuItem>
                <MenuItem value="month">{t('guestPlans.period.month')}</MenuItem>
              </TextField>
            )}
          </Box>
        </Box>
        <Typography component="h3" variant="subtitle1">
          {t('guestPlans.section.where')}
        </Typography>
        {numberField('devices', t('guestPlans.field.devices'))}
        <Autocomplete
          multiple
          options={siteOptions.map((site) => site.id)}
          value={[...form.siteIds]}
          onChange={(_, value) => set('siteIds', value)}
          getOptionLabel={(id) =>
            siteOptions.find((site) => site.id === id)?.name ??
            plan?.sites.find((site) => site.id === id)?.name ??
            String(id)
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('guestPlans.field.sites')}
              error={siteIssue !== undefined}
              helperText={siteIssue ?? t('guestPlans.hint.sites')}
            />
          )}
        />
        <TextField
          label={t('guestPlans.field.ssids')}
          value={form.ssids}
          onChange={(event) => set('ssids', event.target.value)}
          error={invalid('ssids')}
          helperText={helper('ssids', t('guestPlans.hint.ssids'))}
        />
      </Stack>
    </ModalShell>
  );
}
