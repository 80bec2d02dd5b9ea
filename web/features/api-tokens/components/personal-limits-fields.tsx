// A personal token's limits (docs/api-tokens.md#limits): the permission bits it keeps of the member's, and
// the clouds it reaches. The token never holds more than the member holds in a cloud when it is used.
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PersonalTokenBody } from '../../../../core/api/api-tokens.ts';
import { ALL_CLOUD_PERMISSIONS } from '../../../../core/domain.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { PermissionBitsField } from '../../../platform/permission-bits-field.tsx';
import { useCachedMe } from '../../auth/index.ts';

export type PersonalLimits = {
  readonly permissions: number;
  readonly clouds: 'all' | 'some';
  readonly cloudIds: readonly number[];
};

/** Every bit and every cloud: the token holds what the member holds. */
export const NO_LIMITS: PersonalLimits = { permissions: ALL_CLOUD_PERMISSIONS, clouds: 'all', cloudIds: [] };

/** The body's limits: none sent for every bit or every cloud (which then follow the member's). */
export const limitsBody = (limits: PersonalLimits): Pick<PersonalTokenBody, 'permissions' | 'cloud_ids'> => ({
  ...(limits.permissions === ALL_CLOUD_PERMISSIONS ? {} : { permissions: limits.permissions }),
  ...(limits.clouds === 'some' ? { cloud_ids: [...limits.cloudIds] } : {}),
});

/** Some clouds chosen, but none ticked yet. */
export const limitsIncomplete = (limits: PersonalLimits) =>
  limits.clouds === 'some' && limits.cloudIds.length === 0;

const cloudsRefused = (error: unknown) =>
  isApiError(error) &&
  error.kind === 'validation' &&
  error.errors.some((issue) => issue.path.startsWith('/cloud_ids'));

export function PersonalLimitsFields(props: {
  readonly value: PersonalLimits;
  readonly error: unknown;
  readonly onChange: (value: PersonalLimits) => void;
}) {
  const { t } = useTranslation();
  const { value, onChange } = props;
  const memberships = useCachedMe()?.memberships ?? [];
  const toggle = (cloudId: number, on: boolean) =>
    onChange({
      ...value,
      cloudIds: on ? [...value.cloudIds, cloudId] : value.cloudIds.filter((id) => id !== cloudId),
    });
  return (
    <>
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <PermissionBitsField
          legend={t('apiTokens.form.personalBits')}
          value={value.permissions}
          held={ALL_CLOUD_PERMISSIONS}
          onChange={(permissions) => onChange({ ...value, permissions })}
        />
        <Typography variant="body2" color="text.secondary">
          {t('apiTokens.form.personalBitsHelp')}
        </Typography>
      </Box>
      <TextField
        select
        label={t('apiTokens.form.clouds')}
        value={value.clouds}
        onChange={(event) => onChange({ ...value, clouds: event.target.value === 'some' ? 'some' : 'all' })}
      >
        <MenuItem value="all">{t('apiTokens.form.cloudsAll')}</MenuItem>
        <MenuItem value="some">{t('apiTokens.form.cloudsSome')}</MenuItem>
      </TextField>
      {value.clouds === 'some' && (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid' }}>
          <Typography component="legend" variant="subtitle2">
            {t('apiTokens.form.cloudsPick')}
          </Typography>
          {memberships.map((membership) => (
            <FormControlLabel
              key={membership.cloud_id}
              label={membership.cloud_name}
              sx={{ overflowWrap: 'anywhere' }}
              control={
                <Checkbox
                  checked={value.cloudIds.includes(membership.cloud_id)}
                  onChange={(event) => toggle(membership.cloud_id, event.target.checked)}
                />
              }
            />
          ))}
          {cloudsRefused(props.error) && (
            <Typography color="error">{t('apiTokens.form.cloudsInvalid')}</Typography>
          )}
        </Box>
      )}
    </>
  );
}
