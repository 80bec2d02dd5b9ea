// The device list's filters from the address (the dashboards' counts link to them), each a chip that
// removes itself.
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { DeviceFilterQuery } from '../../../../core/api/devices.ts';
import { DEVICE_CONNECTIONS, DEVICE_FAMILIES, HEALTH_IDS } from '../../../../core/domain.ts';
import { FAMILY_LABEL_KEYS, HEALTH_LABEL_KEYS } from '../labels.ts';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

/** The filters the address names; a value the list does not know is ignored. */
export function useDeviceFilters(): DeviceFilterQuery {
  const [query] = useSearchParams();
  const filters: DeviceFilterQuery = {};
  const health = oneOf(HEALTH_IDS, query.get('health'));
  const status = oneOf(DEVICE_CONNECTIONS, query.get('status'));
  const type = oneOf(DEVICE_FAMILIES, query.get('type'));
  if (health) filters.health = health;
  if (status) filters.status = status;
  if (type) filters.type = type;
  return filters;
}

export function DeviceFilterChips({ filters }: { readonly filters: DeviceFilterQuery }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const remove = (name: 'health' | 'status' | 'type') => {
    const next = new URLSearchParams(query);
    next.delete(name);
    navigate({ search: next.size > 0 ? `?${next}` : '' });
  };
  const chips = [
    filters.health && {
      name: 'health' as const,
      label: t('devices.filter.health', { value: t(HEALTH_LABEL_KEYS[filters.health]) }),
    },
    filters.status && {
      name: 'status' as const,
      label: t('devices.filter.status', {
        value: filters.status === 'online' ? t('devices.status.online') : t('devices.status.offline'),
      }),
    },
    filters.type && {
      name: 'type' as const,
      label: t('devices.filter.family', { value: t(FAMILY_LABEL_KEYS[filters.type]) }),
    },
  ].filter((chip) => !!chip);
  if (chips.length === 0) return null;
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap' }}
      aria-label={t('devices.filter.label')}
      role="group"
    >
      {chips.map((chip) => (
        <Chip
          key={chip.name}
          label={chip.label}
          // The whole chip removes its filter: a click, Enter, Backspace or Delete.
          onClick={() => remove(chip.name)}
          onDelete={() => remove(chip.name)}
          aria-label={t('devices.filter.remove', { filter: chip.label })}
        />
      ))}
    </Stack>
  );
}
