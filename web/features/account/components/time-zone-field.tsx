// A time zone chosen from the IANA zones by typing part of its name.
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { TIME_ZONES } from '../../../../core/time-zones.ts';

export function TimeZoneField(props: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (zone: string) => void;
  readonly error?: string | undefined;
}) {
  return (
    <Autocomplete
      options={TIME_ZONES}
      value={props.value}
      disableClearable
      autoHighlight
      onChange={(_event, zone) => props.onChange(zone)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          name="timezone"
          error={props.error !== undefined}
          helperText={props.error}
        />
      )}
    />
  );
}
