import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Cloud } from '../../../../core/api/clouds.ts';
import { COUNTRY_CODES } from '../../../../core/countries.ts';
import { CLOUD_COMPANY_MAX_LENGTH, CLOUD_NAME_MAX_LENGTH } from '../../../../core/limits.ts';
import { can } from '../../../../core/policy.ts';
import { fieldIssue } from '../../../platform/form-errors.ts';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { Loading, NotAllowed, PageSection } from '../../../platform/page-section.tsx';
import { useRouteParams } from '../../../platform/use-route-match.ts';
import { useCloud } from '../api/get-cloud.ts';
import { useUpdateCloud } from '../api/update-cloud.ts';

/** docs/navigation.md#routes /v2/cloud/{cloudId}/edit, Cloud Properties: name, company and billing country (manage_licenses). */
export function CloudEditPage() {
  const { t } = useTranslation();
  const { cloudId } = useRouteParams('cloudEdit');
  const cloud = useCloud(cloudId);
  let content: ReactNode;
  if (cloud.isPending) content = <Loading label={t('clouds.edit.loading')} />;
  else if (!cloud.data)
    content = <LoadFailed message={t('clouds.edit.loadFailed')} onRetry={cloud.refetch} />;
  else if (!can({ roleId: cloud.data.role_id, permissions: cloud.data.permissions }, 'manage_licenses'))
    content = <NotAllowed />;
  else content = <CloudForm key={cloud.data.id} cloud={cloud.data} />;
  return <PageSection routeKey="cloudEdit">{content}</PageSection>;
}

/** Country names in the user's language, sorted as they read. */
function useCountries() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language.replace('_', '-'), 'en'], { type: 'region' });
    const collator = new Intl.Collator(i18n.language.replace('_', '-'));
    return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
  }, [i18n.language]);
}

function CloudForm({ cloud }: { readonly cloud: Cloud }) {
  const { t } = useTranslation();
  const update = useUpdateCloud(cloud.id);
  const countries = useCountries();
  const [name, setName] = useState(cloud.name);
  const [company, setCompany] = useState(cloud.company);
  const [country, setCountry] = useState(cloud.billing?.address.country ?? null);
  const [attempted, setAttempted] = useState(false);
  const nameProblem = attempted && name.trim() === '' ? t('clouds.edit.nameRequired') : undefined;

  /** This form's own check once submitted, else the server's refusal of the field. */
  const problemOf = (field: 'name' | 'company' | 'country') =>
    (field === 'name' ? nameProblem : undefined) ?? fieldIssue(update.error, `/${field}`)?.message;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (name.trim() === '') return;
    const saved = await update
      .mutateAsync({ name: name.trim(), company: company.trim(), country })
      .catch(() => null);
    if (saved) showMessage({ content: t('clouds.edit.saved', { name: saved.name }) });
  };

  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <TextField
          label={t('clouds.edit.name')}
          value={name}
          required
          onChange={(event) => setName(event.target.value)}
          error={problemOf('name') !== undefined}
          helperText={problemOf('name')}
          slotProps={{ htmlInput: { maxLength: CLOUD_NAME_MAX_LENGTH } }}
        />
        <TextField
          label={t('clouds.edit.company')}
          value={company}
          onChange={(event) => setCompany(event.target.value)}
          error={problemOf('company') !== undefined}
          helperText={problemOf('company')}
          slotProps={{ htmlInput: { maxLength: CLOUD_COMPANY_MAX_LENGTH } }}
        />
        <Autocomplete
          options={countries}
          value={countries.find((entry) => entry.code === country) ?? null}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, value) => option.code === value.code}
          onChange={(_event, value) => setCountry(value?.code ?? null)}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('clouds.edit.country')}
              error={problemOf('country') !== undefined}
              helperText={problemOf('country') ?? t('clouds.edit.countryHint')}
            />
          )}
        />
      </Box>
      <Box sx={{ mt: 3 }}>
        <Button type="submit" variant="contained" disabled={update.isPending}>
          {t('clouds.edit.submit')}
        </Button>
      </Box>
    </Paper>
  );
}
