// A device of the cloud chosen by typing part of its name, address or serial number: the server searches
// and answers a page at a time, so a cloud of any size stays quick (docs/tools.md#the-page).
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceListItem } from '../../../../core/api/devices.ts';
import { BACKEND_FILTER_DEBOUNCE_MS } from '../../../../core/constants.ts';
import { useToolDevices } from '../api/tools.ts';

interface DevicePickerProps {
  readonly cloudId: number;
  readonly label: string;
  readonly value: DeviceListItem | null;
  readonly onChange: (device: DeviceListItem | null) => void;
  readonly helperText?: string | null;
  readonly error?: boolean;
}

export function DevicePicker({ cloudId, label, value, onChange, helperText, error }: DevicePickerProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input), BACKEND_FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const devices = useToolDevices(cloudId, search);
  const options = devices.data?.items ?? [];
  const more = (devices.data?.total ?? 0) - options.length;
  return (
    <Autocomplete
      options={options}
      value={value}
      loading={devices.isFetching}
      getOptionLabel={(device) => device.name}
      getOptionKey={(device) => device.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      // The server searches; what it answers is shown as it is.
      filterOptions={(all) => all}
      onChange={(_event, device) => onChange(device)}
      onInputChange={(_event, text, reason) => setInput(reason === 'input' ? text : '')}
      noOptionsText={t('tools.picker.none')}
      loadingText={t('platform.listPage.loading')}
      renderOption={({ key, ...props }, device) => (
        <li key={key} {...props}>
          {device.name}
          {device.site ? ` · ${device.site.name}` : ''}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={error}
          helperText={helperText ?? (more > 0 ? t('tools.picker.more', { value: more }) : null)}
        />
      )}
    />
  );
}
