// A site of the cloud chosen by typing part of its name: the server filters a large cloud's sites.
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BACKEND_FILTER_DEBOUNCE_MS } from '../../../../core/constants.ts';
import { useSitesSelect } from '../api/get-sites-select.ts';

type SiteOption = { readonly id: number; readonly name: string };

export interface SiteSelectProps {
  readonly cloudId: number;
  readonly label: string;
  readonly value: number | null;
  readonly onChange: (siteId: number | null, name?: string) => void;
  readonly size?: 'small' | 'medium';
  readonly autoFocus?: boolean;
}

export function SiteSelect({ cloudId, label, value, onChange, size, autoFocus }: SiteSelectProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [filter, setFilter] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setFilter(input), BACKEND_FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const sites = useSitesSelect(cloudId, { filter, includeId: value });
  const options: readonly SiteOption[] = sites.data?.sites ?? [];
  const selected = options.find((site) => site.id === value) ?? null;
  return (
    <Autocomplete
      size={size}
      options={options}
      value={selected}
      loading={sites.isFetching}
      getOptionLabel={(site) => site.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      // The server filters; typing a name that is already chosen shows every site again.
      filterOptions={(all) => all}
      onChange={(_event, site) => onChange(site?.id ?? null, site?.name)}
      onInputChange={(_event, text, reason) => setInput(reason === 'reset' ? '' : text)}
      noOptionsText={t('devices.site.none')}
      loadingText={t('platform.listPage.loading')}
      sx={{ minWidth: 200 }}
      renderInput={(params) => <TextField {...params} label={label} autoFocus={autoFocus} />}
    />
  );
}
