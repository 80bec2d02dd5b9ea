// One end of the link (docs/linqpath.md#choosing-the-ends): taken from a site or a link radio with
// coordinates, or typed in; its antenna height, radio model and cable loss.
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_SEARCH_MIN_LENGTH } from '../../../../core/api/list-query.ts';
import { radioModel, radioModels } from '../../../../core/linqpath/radios.ts';
import { useLinqPathPlaces } from '../api/linqpath.ts';
import type { EndField, EndForm, FieldError } from './plan-form.ts';

type Place =
  | { kind: 'site'; id: number; name: string; latitude: number; longitude: number }
  | {
      kind: 'device';
      id: number;
      name: string;
      siteId: number | null;
      siteName: string | null;
      productBrandId: number;
      latitude: number;
      longitude: number;
    };

export function EndFields({
  cloudId,
  heading,
  end,
  errors,
  onChange,
}: {
  readonly cloudId: number | null;
  readonly heading: string;
  readonly end: EndForm;
  readonly errors: Partial<Record<EndField, FieldError>>;
  readonly onChange: (end: EndForm) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const query = search.trim().length >= LIST_SEARCH_MIN_LENGTH ? search.trim() : '';
  const places = useLinqPathPlaces(cloudId, query);
  const models = useMemo(() => radioModels(), []);
  const options: Place[] = [
    ...(places.data?.devices ?? []).map(
      (device): Place => ({
        kind: 'device',
        id: device.id,
        name: device.name,
        siteId: device.site_id,
        siteName: device.site_name,
        productBrandId: device.product_brand_id,
        latitude: device.latitude,
        longitude: device.longitude,
      }),
    ),
    ...(places.data?.sites ?? []).map((site): Place => ({ kind: 'site', ...site })),
  ];
  const errorText = (field: EndField) => {
    const error = errors[field];
    if (!error) return undefined;
    return error.key === 'required'
      ? t('linqpath.error.required')
      : t('linqpath.error.range', { min: error.min, max: error.max });
  };
  const set = (patch: Partial<EndForm>) => onChange({ ...end, ...patch });
  const field = (name: EndField, label: string, typed = false) => (
    <TextField
      label={label}
      value={end[name]}
      size="small"
      inputMode={name === 'label' ? undefined : 'decimal'}
      onChange={(event) =>
        set({ [name]: event.target.value, ...(typed ? { deviceId: null, siteId: null } : {}) })
      }
      error={errors[name] !== undefined}
      helperText={errorText(name)}
    />
  );
  const choose = (place: Place | null) => {
    if (!place) return;
    const common = {
      label: place.name,
      latitude: String(place.latitude),
      longitude: String(place.longitude),
    };
    if (place.kind === 'site') set({ ...common, siteId: place.id, deviceId: null });
    else
      set({
        ...common,
        deviceId: place.id,
        siteId: place.siteId,
        ...(radioModel(place.productBrandId) ? { productBrandId: place.productBrandId } : {}),
      });
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Typography component="legend" variant="h3" sx={{ mb: 1.5 }}>
        {heading}
      </Typography>
      <Autocomplete
        options={options}
        value={null}
        size="small"
        filterOptions={(all) => all}
        inputValue={search}
        onInputChange={(_event, value, reason) => reason !== 'reset' && setSearch(value)}
        onChange={(_event, place) => {
          choose(place);
          setSearch('');
        }}
        groupBy={(place) => t(place.kind === 'site' ? 'linqpath.place.sites' : 'linqpath.place.devices')}
        getOptionLabel={(place) => place.name}
        getOptionKey={(place) => `${place.kind}-${place.id}`}
        renderOption={({ key, ...props }, place) => (
          <li key={key} {...props}>
            <Box>
              <Typography variant="body2">{place.name}</Typography>
              {place.kind === 'device' && place.siteName && (
                <Typography variant="caption" color="text.secondary">
                  {place.siteName}
                </Typography>
              )}
            </Box>
          </li>
        )}
        noOptionsText={t('linqpath.place.none')}
        loading={places.isFetching}
        renderInput={(params) => (
          <TextField {...params} label={t('linqpath.place.takeFrom')} helperText={t('linqpath.place.hint')} />
        )}
      />
      {field('label', t('linqpath.end.label'))}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {field('latitude', t('linqpath.end.latitude'), true)}
        {field('longitude', t('linqpath.end.longitude'), true)}
        {field('heightM', t('linqpath.end.height'))}
        {field('cableLossDb', t('linqpath.end.cableLoss'))}
      </Box>
      <TextField
        select
        size="small"
        label={t('linqpath.end.model')}
        value={end.productBrandId}
        onChange={(event) => set({ productBrandId: Number(event.target.value) })}
      >
        {models.map((model) => (
          <MenuItem key={model.productBrandId} value={model.productBrandId}>
            {t('linqpath.end.modelOption', { name: model.name, sku: model.sku })}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
