// The fields of a saved site grouping, shared by site-filter/add and its edit page: a name and the sites
// it groups, chosen from the site list (searched on the server, as the site picker does).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateSiteFilterBody } from '../../../../core/api/sites.ts';
import { BACKEND_FILTER_DEBOUNCE_MS } from '../../../../core/constants.ts';
import { SITE_FILTER_NAME_MAX_LENGTH, SITE_FILTER_SITES_MAX } from '../../../../core/limits.ts';
import { fieldIssue } from '../../../platform/form-errors.ts';
import { SearchField } from '../../../platform/search-field/search-field.tsx';
import { useSitesSelect } from '../api/get-sites-select.ts';

export interface SiteFilterFormProps {
  readonly cloudId: number;
  readonly initial: { readonly name: string; readonly site_ids: readonly number[] };
  readonly submitLabel: string;
  /** Resolves when saved; a 400 it rejects with shows beside the fields. */
  readonly onSubmit: (body: CreateSiteFilterBody) => Promise<unknown>;
  /** More buttons beside the submit button (delete). */
  readonly extraActions?: ReactNode;
}

export function SiteFilterForm({
  cloudId,
  initial,
  submitLabel,
  onSubmit,
  extraActions,
}: SiteFilterFormProps) {
  const { t } = useTranslation();
  const sitesLabelId = useId();
  const [name, setName] = useState(initial.name);
  const [chosen, setChosen] = useState<readonly number[]>(initial.site_ids);
  const [filter, setFilter] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [serverError, setServerError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  // The chosen sites stay listed whatever the search, so they can be unticked.
  const sites = useSitesSelect(cloudId, { filter, includeId: null, includeIds: initial.site_ids });

  const nameProblem =
    (attempted && name.trim() === '' && t('sites.filterForm.nameRequired')) ||
    fieldIssue(serverError, '/name')?.message;
  const sitesProblem =
    (attempted && chosen.length === 0 && t('sites.filterForm.sitesRequired')) ||
    (attempted &&
      chosen.length > SITE_FILTER_SITES_MAX &&
      t('sites.filterForm.tooMany', { max: SITE_FILTER_SITES_MAX })) ||
    fieldIssue(serverError, '/site_ids')?.message;

  const toggle = (siteId: number, on: boolean) =>
    setChosen((current) => (on ? [...current, siteId] : current.filter((id) => id !== siteId)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (name.trim() === '' || chosen.length === 0 || chosen.length > SITE_FILTER_SITES_MAX) return;
    setBusy(true);
    setServerError(null);
    try {
      await onSubmit({ name: name.trim(), site_ids: [...chosen] });
    } catch (error) {
      // A 400 shows beside its fields; the app's error policy reports any other failure.
      setServerError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={submit} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
        <TextField
          label={t('sites.filterForm.name')}
          value={name}
          required
          onChange={(event) => setName(event.target.value)}
          error={Boolean(nameProblem)}
          helperText={nameProblem || undefined}
          slotProps={{ htmlInput: { maxLength: SITE_FILTER_NAME_MAX_LENGTH } }}
        />
        <Box role="group" aria-labelledby={sitesLabelId} sx={{ display: 'grid', gap: 1 }}>
          <Typography id={sitesLabelId} variant="subtitle1" component="h2">
            {t('sites.filterForm.sites', { count: chosen.length })}
          </Typography>
          <SearchField
            label={t('sites.filterForm.findSites')}
            debounceMs={BACKEND_FILTER_DEBOUNCE_MS}
            onSearch={setFilter}
          />
          {sites.isPending ? (
            <CircularProgress aria-label={t('sites.filterForm.loading')} />
          ) : (
            <Box sx={{ display: 'grid', maxHeight: 360, overflowY: 'auto' }}>
              {(sites.data?.sites ?? []).map((site) => (
                <FormControlLabel
                  key={site.id}
                  control={
                    <Checkbox
                      checked={chosen.includes(site.id)}
                      onChange={(event) => toggle(site.id, event.target.checked)}
                    />
                  }
                  label={site.name}
                />
              ))}
              {sites.data?.sites.length === 0 && (
                <Typography role="status">{t('platform.listPage.nothingFound')}</Typography>
              )}
            </Box>
          )}
          {sitesProblem && <FormHelperText error>{sitesProblem}</FormHelperText>}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 3 }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {submitLabel}
        </Button>
        {extraActions}
      </Box>
    </Paper>
  );
}
