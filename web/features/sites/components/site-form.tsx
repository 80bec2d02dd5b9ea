// The fields of a site, shared by sites/add and Site Properties: name, location, coordinates (typed or
// picked on the map), time zone and whether configuration is allowed. Checked here first, then by the server,
// whose refusals show beside their fields.
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateSiteBody } from '../../../../core/api/sites.ts';
import { SITE_LOCATION_MAX_LENGTH, SITE_NAME_MAX_LENGTH } from '../../../../core/limits.ts';
import { isTimeZone, TIME_ZONES } from '../../../../core/time-zones.ts';
import { fieldIssue } from '../../../platform/form-errors.ts';
import { WorldMap } from './world-map.tsx';

export interface SiteFormValues {
  readonly name: string;
  readonly location: string;
  readonly latitude: number | null;
  readonly longitude: number | null;
  readonly timezone: string;
  readonly allow_config: boolean;
}

type Field = 'name' | 'location' | 'latitude' | 'longitude' | 'timezone';
type Problems = Partial<Record<Field, string>>;

const coordinateText = (value: number | null) => (value === null ? '' : String(value));

/** A typed coordinate: null when empty, NaN when not a number in range. */
function parseCoordinate(text: string, limit: number): number | null {
  if (text.trim() === '') return null;
  const value = Number(text.trim());
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : Number.NaN;
}

export interface SiteFormProps {
  readonly initial: SiteFormValues;
  readonly submitLabel: string;
  /** Resolves when saved; a 400 it rejects with shows beside the fields. */
  readonly onSubmit: (body: Required<CreateSiteBody>) => Promise<unknown>;
  /** More buttons beside the submit button (delete). */
  readonly extraActions?: ReactNode;
}

export function SiteForm({ initial, submitLabel, onSubmit, extraActions }: SiteFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial.name);
  const [location, setLocation] = useState(initial.location);
  const [latitude, setLatitude] = useState(coordinateText(initial.latitude));
  const [longitude, setLongitude] = useState(coordinateText(initial.longitude));
  const [timezone, setTimezone] = useState(initial.timezone);
  const [allowConfig, setAllowConfig] = useState(initial.allow_config);
  const [attempted, setAttempted] = useState(false);
  const [serverError, setServerError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const lat = parseCoordinate(latitude, 90);
  const lon = parseCoordinate(longitude, 180);
  const problems: Problems = {};
  if (name.trim() === '') problems.name = t('sites.form.nameRequired');
  if (Number.isNaN(lat)) problems.latitude = t('sites.form.latitudeRange');
  if (Number.isNaN(lon)) problems.longitude = t('sites.form.longitudeRange');
  if (!problems.latitude && !problems.longitude && (lat === null) !== (lon === null))
    problems[lat === null ? 'latitude' : 'longitude'] = t('sites.form.coordinatesPair');
  if (!isTimeZone(timezone)) problems.timezone = t('sites.form.timezoneInvalid');

  /** What to say under a field: this form's check once submitted, else the server's refusal. */
  const problemOf = (field: Field): string | undefined => {
    if (attempted && problems[field]) return problems[field];
    const issue = fieldIssue(serverError, `/${field}`);
    if (!issue) return undefined;
    return issue.errorCode === 'duplicate' ? t('sites.form.nameTaken') : issue.message;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    setServerError(null);
    try {
      await onSubmit({
        name: name.trim(),
        location: location.trim(),
        latitude: lat,
        longitude: lon,
        timezone,
        allow_config: allowConfig,
      });
    } catch (error) {
      // A 400 shows beside its fields; the app's error policy reports any other failure.
      setServerError(error);
    } finally {
      setBusy(false);
    }
  };

  const textField = (field: 'name' | 'location' | 'latitude' | 'longitude') => ({
    error: problemOf(field) !== undefined,
    helperText: problemOf(field),
    fullWidth: true,
  });

  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={submit} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          <TextField
            label={t('sites.form.name')}
            value={name}
            required
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: SITE_NAME_MAX_LENGTH } }}
            {...textField('name')}
          />
          <TextField
            label={t('sites.form.location')}
            value={location}
            onChange={(event) => setLocation(event.target.value)}
            slotProps={{ htmlInput: { maxLength: SITE_LOCATION_MAX_LENGTH } }}
            {...textField('location')}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
            <TextField
              label={t('sites.form.latitude')}
              value={latitude}
              onChange={(event) => setLatitude(event.target.value)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              {...textField('latitude')}
            />
            <TextField
              label={t('sites.form.longitude')}
              value={longitude}
              onChange={(event) => setLongitude(event.target.value)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              {...textField('longitude')}
            />
          </Box>
          <Autocomplete
            options={TIME_ZONES}
            value={timezone}
            disableClearable
            onChange={(_event, value) => setTimezone(value)}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('sites.form.timezone')}
                error={problemOf('timezone') !== undefined}
                helperText={problemOf('timezone')}
              />
            )}
          />
          <FormControlLabel
            control={
              <Switch checked={allowConfig} onChange={(event) => setAllowConfig(event.target.checked)} />
            }
            label={t('sites.form.allowConfig')}
          />
        </Box>
        <Box sx={{ display: 'grid', gap: 1, alignContent: 'start' }}>
          <WorldMap
            latitude={Number.isNaN(lat) ? null : lat}
            longitude={Number.isNaN(lon) ? null : lon}
            onPick={(pickedLatitude, pickedLongitude) => {
              setLatitude(String(pickedLatitude));
              setLongitude(String(pickedLongitude));
            }}
          />
          <Typography variant="body2" color="text.secondary">
            {t('sites.map.hint')}
          </Typography>
          {lat !== null && (
            <Box>
              <Button
                size="small"
                onClick={() => {
                  setLatitude('');
                  setLongitude('');
                }}
              >
                {t('sites.map.clear')}
              </Button>
            </Box>
          )}
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
