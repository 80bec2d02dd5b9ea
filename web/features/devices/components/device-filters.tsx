// The device list's filters and order, kept in the page address so a view can be bookmarked (the
// dashboards' counts link to it too): status, health, family, model, site and firmware.
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { DeviceFilterQuery } from '../../../../core/api/devices.ts';
import { DEVICE_SORTS, type DeviceSort } from '../../../../core/device-list.ts';
import { DEVICE_CONNECTIONS, DEVICE_FAMILIES, HEALTH_IDS } from '../../../../core/domain.ts';
import { PRODUCT_CATALOGUE, productBrand } from '../../../../core/product-catalogue.ts';
import { parseId } from '../../../../core/route-definition.ts';
import { useChangeQuery } from '../../../platform/address-query.ts';
import { SiteSelect } from '../../sites/index.ts';
import { FAMILY_LABEL_KEYS, HEALTH_LABEL_KEYS } from '../labels.ts';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);
const FIRMWARE_PATTERN = /^[0-9A-Za-z._-]{1,40}$/;

/** The address's filters (a value the list does not know is ignored) and its order. */
export function useDeviceView(): { filters: DeviceFilterQuery; sort: DeviceSort | undefined } {
  const [query] = useSearchParams();
  const filters: DeviceFilterQuery = {};
  const health = oneOf(HEALTH_IDS, query.get('health'));
  const status = oneOf(DEVICE_CONNECTIONS, query.get('status'));
  const type = oneOf(DEVICE_FAMILIES, query.get('type'));
  const siteId = parseId(query.get('site') ?? '');
  const model = parseId(query.get('model') ?? '');
  const fw = query.get('fw')?.trim() ?? '';
  if (health) filters.health = health;
  if (status) filters.status = status;
  if (type) filters.type = type;
  if (siteId) filters.site_id = siteId;
  if (model && productBrand(model)) filters.model = model;
  if (FIRMWARE_PATTERN.test(fw)) filters.fw = fw;
  return { filters, sort: oneOf(DEVICE_SORTS, query.get('sort')) };
}

const ANY = '';

export interface DeviceFiltersProps {
  readonly cloudId: number;
  readonly filters: DeviceFilterQuery;
  /** A site's own list has no site filter. */
  readonly siteFilter: boolean;
}

export function DeviceFilters({ cloudId, filters, siteFilter }: DeviceFiltersProps) {
  const { t } = useTranslation();
  const setView = useChangeQuery();
  const [firmware, setFirmware] = useState(filters.fw ?? '');
  const models = PRODUCT_CATALOGUE.filter(
    (brand) => brand.productType !== 'smartnvr' && (!filters.type || brand.productType === filters.type),
  );
  const applyFirmware = () => {
    const value = firmware.trim();
    if (value === '' || FIRMWARE_PATTERN.test(value)) setView({ fw: value });
  };
  const select = (name: string, label: string, value: string, options: [string, string][]) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => setView({ [name]: event.target.value })}
      sx={{ minWidth: 150 }}
    >
      <MenuItem value={ANY}>{t('devices.filter.any')}</MenuItem>
      {options.map(([option, text]) => (
        <MenuItem key={option} value={option}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
  const filtered = Object.keys(filters).length > 0;
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      role="group"
      aria-label={t('devices.filter.label')}
      sx={{ flexWrap: 'wrap', alignItems: 'center' }}
    >
      {select('status', t('devices.column.status'), filters.status ?? ANY, [
        ['online', t('devices.status.online')],
        ['offline', t('devices.status.offline')],
      ])}
      {select(
        'health',
        t('devices.column.health'),
        filters.health ?? ANY,
        HEALTH_IDS.map((health) => [health, t(HEALTH_LABEL_KEYS[health])]),
      )}
      {select(
        'type',
        t('devices.column.family'),
        filters.type ?? ANY,
        DEVICE_FAMILIES.map((family) => [family, t(FAMILY_LABEL_KEYS[family])]),
      )}
      {select(
        'model',
        t('devices.column.product'),
        filters.model ? String(filters.model) : ANY,
        models.map((brand) => [String(brand.productBrandId), brand.name]),
      )}
      {siteFilter && (
        <SiteSelect
          cloudId={cloudId}
          size="small"
          label={t('devices.column.site')}
          value={filters.site_id ?? null}
          onChange={(siteId) => setView({ site: siteId === null ? null : String(siteId) })}
        />
      )}
      <TextField
        size="small"
        label={t('devices.column.firmware')}
        value={firmware}
        onChange={(event) => setFirmware(event.target.value)}
        onBlur={applyFirmware}
        onKeyDown={(event) => {
          if (event.key === 'Enter') applyFirmware();
        }}
        error={firmware.trim() !== '' && !FIRMWARE_PATTERN.test(firmware.trim())}
        placeholder="7.2.1-4012"
        sx={{ width: 150 }}
      />
      {filtered && (
        <Button
          onClick={() => {
            setFirmware('');
            setView({ status: null, health: null, type: null, model: null, site: null, fw: null });
          }}
        >
          {t('devices.filter.clear')}
        </Button>
      )}
    </Stack>
  );
}
