// The firmware of many devices: the newest of each family at once, or, for devices of one family, a version
// at once or rolled out in batches after a canary (the task engine's rolling update).
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkFirmwareBody } from '../../../../core/api/device-bulk.ts';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';
import { firmwareQueryOptions } from '../../device-dashboard/index.ts';

export type FirmwareChoice = Pick<BulkFirmwareBody, 'version' | 'rolling'>;

export interface BulkFirmwareDialogProps {
  readonly cloudId: number;
  /** A model of the devices when they are all of one family (the versions are the family's); else null. */
  readonly productBrandId: number | null;
  readonly onCancel: () => void;
  readonly onSubmit: (choice: FirmwareChoice) => void;
}

const NEWEST = 'newest';

export function BulkFirmwareDialog({ cloudId, productBrandId, onCancel, onSubmit }: BulkFirmwareDialogProps) {
  const { t } = useTranslation();
  // Versions are a family's: devices of several families get the newest of each, without asking.
  const catalogue = useQuery({
    ...firmwareQueryOptions(cloudId, productBrandId ?? 0),
    enabled: productBrandId !== null,
  });
  const releases = productBrandId === null ? [] : (catalogue.data?.releases ?? []);
  const [version, setVersion] = useState(NEWEST);
  const [rolling, setRolling] = useState(false);
  const [sizes, setSizes] = useState({ canarySize: '1', batchSize: '10', failureThresholdPct: '10' });
  const formId = useId();
  const versionLabel = useId();
  const rolloutLabel = useId();
  const numbers = {
    canarySize: Number(sizes.canarySize),
    batchSize: Number(sizes.batchSize),
    failureThresholdPct: Number(sizes.failureThresholdPct),
  };
  const limits = { canarySize: [1, 100], batchSize: [1, 1000], failureThresholdPct: [0, 100] } as const;
  const invalid = (name: keyof typeof limits) =>
    !Number.isInteger(numbers[name]) ||
    sizes[name].trim() === '' ||
    numbers[name] < limits[name][0] ||
    numbers[name] > limits[name][1];
  const canRoll = releases.length > 0;
  const valid = !rolling || !(['canarySize', 'batchSize', 'failureThresholdPct'] as const).some(invalid);
  const submit = () => {
    // A rolling update names its version: the newest is the catalogue's first.
    const chosen = version === NEWEST ? (rolling ? releases[0]?.version : undefined) : version;
    onSubmit({ version: chosen, rolling: rolling ? numbers : undefined });
  };
  const field = (name: keyof typeof limits, label: string) => (
    <TextField
      size="small"
      type="number"
      label={label}
      value={sizes[name]}
      error={invalid(name)}
      helperText={t('devices.firmware.range', { min: limits[name][0], max: limits[name][1] })}
      onChange={(event) => setSizes({ ...sizes, [name]: event.target.value })}
      slotProps={{ htmlInput: { min: limits[name][0], max: limits[name][1] } }}
    />
  );
  return (
    <ModalShell
      open
      title={t('devices.firmware.title')}
      onClose={onCancel}
      actions={
        <>
          <Button onClick={onCancel}>{t('platform.dialogs.cancel')}</Button>
          <Button type="submit" form={formId} variant="contained" disabled={!valid}>
            {t('devices.firmware.next')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) submit();
        }}
      >
        <Stack spacing={2}>
          {productBrandId !== null && catalogue.isPending && (
            <CircularProgress size={24} aria-label={t('platform.listPage.loading')} />
          )}
          <FormControl>
            <FormLabel id={versionLabel}>{t('devices.firmware.version')}</FormLabel>
            <RadioGroup
              aria-labelledby={versionLabel}
              value={version}
              onChange={(event) => setVersion(event.target.value)}
            >
              <FormControlLabel value={NEWEST} control={<Radio />} label={t('devices.firmware.newest')} />
              {releases.map((release) => (
                <FormControlLabel
                  key={release.version}
                  value={release.version}
                  control={<Radio />}
                  label={t('devices.firmware.release', {
                    version: release.version,
                    date: release.released_at,
                  })}
                />
              ))}
            </RadioGroup>
          </FormControl>
          {!canRoll && <Typography color="text.secondary">{t('devices.firmware.oneFamily')}</Typography>}
          <FormControl disabled={!canRoll}>
            <FormLabel id={rolloutLabel}>{t('devices.firmware.rollout')}</FormLabel>
            <RadioGroup
              aria-labelledby={rolloutLabel}
              value={rolling ? 'rolling' : 'once'}
              onChange={(event) => setRolling(event.target.value === 'rolling')}
            >
              <FormControlLabel value="once" control={<Radio />} label={t('devices.firmware.once')} />
              <FormControlLabel value="rolling" control={<Radio />} label={t('devices.firmware.rolling')} />
            </RadioGroup>
          </FormControl>
          {rolling && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {field('canarySize', t('devices.firmware.canarySize'))}
              {field('batchSize', t('devices.firmware.batchSize'))}
              {field('failureThresholdPct', t('devices.firmware.threshold'))}
            </Stack>
          )}
        </Stack>
      </form>
    </ModalShell>
  );
}
