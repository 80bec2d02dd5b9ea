// The site a device is registered into: the sites where the caller may register, looked up by name.
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegistrationSites } from '../api/get-registration-sites.ts';

export type SiteChoice = { readonly id: number; readonly name: string };

// docs/constants.md backend filter debounce.
const FILTER_DEBOUNCE_MS = 600;

interface RegistrationSiteFieldProps {
  readonly cloudId: number;
  readonly value: SiteChoice | null;
  readonly onChange: (site: SiteChoice | null) => void;
  readonly error?: string;
}

export function RegistrationSiteField({ cloudId, value, onChange, error }: RegistrationSiteFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value?.name ?? '');
  const [filter, setFilter] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setFilter(text.trim()), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  // Once a site is chosen, its name is the text: the list is not narrowed to it.
  const sites = useRegistrationSites(cloudId, value && value.name === text ? '' : filter);
  return (
    <Autocomplete
      options={sites.data?.sites ?? []}
      value={value}
      onChange={(_event, site) => onChange(site)}
      inputValue={text}
      onInputChange={(_event, next) => setText(next)}
      getOptionLabel={(site) => site.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      // The server filters by name.
      filterOptions={(options) => options}
      loading={sites.isFetching}
      loadingText={t('devices.register.sitesLoading')}
      noOptionsText={t('devices.register.noSites')}
      renderInput={(params) => (
        <TextField
          {...params}
          required
          label={t('devices.register.site')}
          error={error !== undefined}
          helperText={error}
        />
      )}
    />
  );
}
