// docs/linqpath.md: LinqPath (/v2/cloud/{cloudId}/linqpath), the path-analysis tool: two ends, the link's
// distance and azimuths, its budget both ways and its path profile, saved as named plans.
import DownloadIcon from '@mui/icons-material/Download';
import LinkIcon from '@mui/icons-material/Link';
import UploadIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LINQPATH_NAME_MAX_LENGTH, type LinqPathPlan } from '../../../../core/api/linqpath.ts';
import { type PlanProblem, planResults } from '../../../../core/linqpath/plan.ts';
import { RAIN_ZONE_IDS, RAIN_ZONES, type RainZone } from '../../../../core/linqpath/rain.ts';
import { can, seesAllSites } from '../../../../core/policy.ts';
import { readPathIds } from '../../../../core/routes.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { PageSection } from '../../../platform/page-section.tsx';
import { accessOf, useCachedMe } from '../../auth/index.ts';
import { useRegistrationSites } from '../../devices/index.ts';
import { useSaveLinqPathPlan } from '../api/linqpath.ts';
import { BudgetTable } from '../components/budget-table.tsx';
import { CreateLinkDialog } from '../components/create-link-dialog.tsx';
import { EndFields } from '../components/end-fields.tsx';
import { emptyPlanForm, formOf, inputsOf, type PlanForm } from '../components/plan-form.ts';
import { ProfileChart } from '../components/profile-chart.tsx';
import { SavedPlans } from '../components/saved-plans.tsx';

/** What the page says when a plan has no results (core/linqpath/plan.ts). */
const PROBLEM_KEYS = {
  model_a: 'linqpath.problem.modelA',
  model_b: 'linqpath.problem.modelB',
  band_mismatch: 'linqpath.problem.bandMismatch',
  same_point: 'linqpath.problem.samePoint',
  too_far: 'linqpath.problem.tooFar',
  terrain_order: 'linqpath.problem.terrainOrder',
} as const satisfies Record<PlanProblem, string>;

/** The availability targets offered, percent of an average year. */
const AVAILABILITIES = ['99.9', '99.95', '99.99', '99.995', '99.999'];
/** docs/linqpath.md#limits: the largest terrain file read. */
const TERRAIN_FILE_MAX_BYTES = 200_000;

export function LinqPathPage() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const cloudId = readPathIds(pathname).cloudId ?? null;
  const membership = useCachedMe()?.memberships.find((candidate) => candidate.cloud_id === cloudId);
  const access = membership ? accessOf(membership) : null;
  const readsPlans = access !== null && seesAllSites(access);
  const savesPlans = access !== null && can(access, 'manage_sites');
  const [form, setForm] = useState<PlanForm>(() =>
    emptyPlanForm({ a: t('linqpath.end.defaultA'), b: t('linqpath.end.defaultB') }),
  );
  const [open, setOpen] = useState<LinqPathPlan | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const save = useSaveLinqPathPlan(cloudId ?? 0);
  const [creatingLink, setCreatingLink] = useState(false);
  // docs/linqpath.md#creating-the-link: offered to members who may register devices on some site.
  const registrationSites = useRegistrationSites(cloudId ?? 0);
  const registers = (registrationSites.data?.sites.length ?? 0) > 0;
  const terrainId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const made = useMemo(() => inputsOf(form), [form]);
  const results = 'inputs' in made ? planResults(made.inputs) : null;
  const errors = 'errors' in made ? made.errors : { a: {}, b: {} };
  const number = (digits: number) =>
    new Intl.NumberFormat(i18n.language, { minimumFractionDigits: digits, maximumFractionDigits: digits });

  const openPlan = (plan: LinqPathPlan) => {
    setOpen(plan);
    setName(plan.name);
    setNameError(null);
    setForm(formOf(plan.inputs));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!('inputs' in made) || typeof results === 'string') return;
    const trimmed = name.trim();
    if (trimmed === '') return setNameError(t('linqpath.error.required'));
    if (trimmed.length > LINQPATH_NAME_MAX_LENGTH)
      return setNameError(t('linqpath.error.tooLong', { max: LINQPATH_NAME_MAX_LENGTH }));
    setNameError(null);
    const planId = open?.id ?? null;
    save.mutate(
      { planId, body: { name: trimmed, inputs: made.inputs } },
      {
        onSuccess: (plan) => {
          setOpen(plan);
          showMessage({ content: t('linqpath.save.done', { name: plan.name }) });
        },
        onError: (error) =>
          showMessage({
            variant: 'error',
            content: (isApiError(error) && error.serverMessage) || t('linqpath.error.saveFailed'),
          }),
      },
    );
  };

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > TERRAIN_FILE_MAX_BYTES) {
      showMessage({ variant: 'error', content: t('linqpath.terrain.tooLarge') });
      return;
    }
    const text = await file.text();
    setForm((current) => ({ ...current, terrainText: text }));
  };

  const terrainError = errors.terrain
    ? errors.terrain.error === 'line'
      ? t('linqpath.terrain.badLine', { line: errors.terrain.line })
      : errors.terrain.error === 'too_many'
        ? t('linqpath.terrain.tooMany', { max: 2000 })
        : t('linqpath.terrain.empty')
    : undefined;

  return (
    <PageSection routeKey="linqpath">
      <Typography color="text.secondary">{t('linqpath.page.intro')}</Typography>
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2, minWidth: 0 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <EndFields
            cloudId={cloudId}
            heading={t('linqpath.end.a')}
            end={form.a}
            errors={errors.a}
            onChange={(a) => setForm((current) => ({ ...current, a }))}
          />
          <EndFields
            cloudId={cloudId}
            heading={t('linqpath.end.b')}
            end={form.b}
            errors={errors.b}
            onChange={(b) => setForm((current) => ({ ...current, b }))}
          />
        </Box>
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              sm: 'repeat(2, minmax(0, 1fr))',
              md: 'repeat(4, minmax(0, 1fr))',
            },
          }}
        >
          <TextField
            select
            size="small"
            label={t('linqpath.link.kind')}
            value={form.kind}
            onChange={(event) => setForm({ ...form, kind: event.target.value as PlanForm['kind'] })}
          >
            <MenuItem value="ptp">{t('linqpath.link.ptp')}</MenuItem>
            <MenuItem value="ptmp">{t('linqpath.link.ptmp')}</MenuItem>
          </TextField>
          <TextField
            select
            size="small"
            label={t('linqpath.link.rainZone')}
            value={form.rainZone}
            onChange={(event) => setForm({ ...form, rainZone: event.target.value as RainZone })}
          >
            {RAIN_ZONE_IDS.map((zone) => (
              <MenuItem key={zone} value={zone}>
                {t('linqpath.link.rainZoneOption', { zone, rate: RAIN_ZONES[zone] })}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('linqpath.link.availability')}
            value={AVAILABILITIES.includes(form.availability) ? form.availability : ''}
            onChange={(event) => setForm({ ...form, availability: event.target.value })}
            error={errors.availability !== undefined}
          >
            {AVAILABILITIES.map((value) => (
              <MenuItem key={value} value={value}>
                {t('linqpath.link.availabilityOption', { value })}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('linqpath.link.polarization')}
            value={form.polarization}
            onChange={(event) =>
              setForm({ ...form, polarization: event.target.value as PlanForm['polarization'] })
            }
          >
            <MenuItem value="horizontal">{t('linqpath.link.horizontal')}</MenuItem>
            <MenuItem value="vertical">{t('linqpath.link.vertical')}</MenuItem>
          </TextField>
        </Box>
        <Box sx={{ display: 'grid', gap: 1 }}>
          <TextField
            id={terrainId}
            label={t('linqpath.terrain.label')}
            multiline
            minRows={2}
            maxRows={8}
            size="small"
            value={form.terrainText}
            onChange={(event) => setForm({ ...form, terrainText: event.target.value })}
            error={terrainError !== undefined}
            helperText={terrainError ?? t('linqpath.terrain.hint')}
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
          <Box>
            <Button size="small" startIcon={<UploadIcon />} onClick={() => fileInput.current?.click()}>
              {t('linqpath.terrain.upload')}
            </Button>
            <input
              ref={fileInput}
              type="file"
              hidden
              accept=".csv,.txt,text/csv,text/plain"
              onChange={(e) => void readFile(e)}
            />
          </Box>
        </Box>
      </Paper>

      <Box
        component="section"
        aria-labelledby="linqpath-results"
        sx={{ display: 'grid', gap: 2, minWidth: 0 }}
      >
        <Typography id="linqpath-results" variant="h2">
          {t('linqpath.results.title')}
        </Typography>
        {results === null && <Alert severity="info">{t('linqpath.results.incomplete')}</Alert>}
        {typeof results === 'string' && <Alert severity="warning">{t(PROBLEM_KEYS[results])}</Alert>}
        {results !== null && typeof results !== 'string' && (
          <>
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gap: 1,
                gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
                '& dd': { m: 0, fontWeight: 600 },
                '& dt': { color: 'text.secondary', fontSize: '0.875rem' },
              }}
            >
              <Box>
                <dt>{t('linqpath.results.distance')}</dt>
                <dd>{t('linqpath.unit.km', { value: number(3).format(results.distanceKm) })}</dd>
              </Box>
              <Box>
                <dt>{t('linqpath.results.frequency')}</dt>
                <dd>{t('linqpath.unit.ghz', { value: number(2).format(results.aToB.frequencyGhz) })}</dd>
              </Box>
              <Box>
                <dt>{t('linqpath.results.azimuthAB', { a: form.a.label, b: form.b.label })}</dt>
                <dd>{t('linqpath.unit.degrees', { value: number(1).format(results.azimuthAB) })}</dd>
              </Box>
              <Box>
                <dt>{t('linqpath.results.azimuthBA', { a: form.a.label, b: form.b.label })}</dt>
                <dd>{t('linqpath.unit.degrees', { value: number(1).format(results.azimuthBA) })}</dd>
              </Box>
            </Box>
            <Paper variant="outlined" sx={{ p: 1, minWidth: 0 }}>
              <Typography variant="h3" component="h3" sx={{ p: 1 }}>
                {t('linqpath.budget.title')}
              </Typography>
              <BudgetTable
                aToB={results.aToB}
                bToA={results.bToA}
                labels={{
                  aToB: t('linqpath.budget.direction', { from: form.a.label, to: form.b.label }),
                  bToA: t('linqpath.budget.direction', { from: form.b.label, to: form.a.label }),
                }}
              />
            </Paper>
            <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
              <ProfileChart profile={results.profile} />
            </Paper>
            {((open && readsPlans) || registers) && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {open && readsPlans && (
                  <Button
                    component="a"
                    href={`/apiv2/cloud/${cloudId}/linqpath/plans/${open.id}/pdf`}
                    download
                    startIcon={<DownloadIcon />}
                    aria-label={t('linqpath.pdf.exportNamed', { name: open.name })}
                  >
                    {t('linqpath.pdf.export')}
                  </Button>
                )}
                {registers && 'inputs' in made && (
                  <Button
                    startIcon={<LinkIcon />}
                    disabled={made.inputs.a.device_id !== null && made.inputs.b.device_id !== null}
                    onClick={() => setCreatingLink(true)}
                  >
                    {t('linqpath.createLink.action')}
                  </Button>
                )}
              </Box>
            )}
          </>
        )}
      </Box>

      {savesPlans && (
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          aria-labelledby="linqpath-save"
          sx={{ display: 'grid', gap: 1, minWidth: 0 }}
        >
          <Typography id="linqpath-save" variant="h2">
            {t('linqpath.save.title')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              size="small"
              label={t('linqpath.save.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={nameError !== null}
              helperText={nameError ?? undefined}
              sx={{ flex: '1 1 16rem' }}
            />
            <Button
              type="submit"
              variant="contained"
              disabled={save.isPending || results === null || typeof results === 'string'}
            >
              {open ? t('linqpath.save.update') : t('linqpath.save.create')}
            </Button>
            {open && (
              <Button
                onClick={() => {
                  setOpen(null);
                  setName('');
                }}
              >
                {t('linqpath.save.asNew')}
              </Button>
            )}
          </Box>
        </Box>
      )}

      {creatingLink && cloudId !== null && 'inputs' in made && (
        <CreateLinkDialog cloudId={cloudId} inputs={made.inputs} onClose={() => setCreatingLink(false)} />
      )}

      {readsPlans && (
        <SavedPlans
          cloudId={cloudId}
          openId={open?.id ?? null}
          onOpen={openPlan}
          onDeleted={(planId) => {
            if (open?.id === planId) setOpen(null);
          }}
        />
      )}
    </PageSection>
  );
}
