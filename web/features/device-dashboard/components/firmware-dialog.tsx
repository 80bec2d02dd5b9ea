import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { useFirmware } from '../api/get-firmware.ts';

interface FirmwareDialogProps {
  readonly cloudId: number;
  readonly name: string;
  readonly productBrandId: number;
  /** The version-revision it runs now. */
  readonly current: string;
  readonly busy: boolean;
  readonly onCancel: () => void;
  readonly onSubmit: (version: string) => void;
}

export function FirmwareDialog({
  cloudId,
  name,
  productBrandId,
  current,
  busy,
  onCancel,
  onSubmit,
}: FirmwareDialogProps) {
  const { t } = useTranslation();
  const catalogue = useFirmware(cloudId, productBrandId);
  const releases = catalogue.data?.releases ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  // The newest release it does not run yet, until the operator picks another.
  const version = chosen ?? releases.find((release) => release.version !== current)?.version ?? null;
  const formId = useId();
  const labelId = useId();
  return (
    <ModalShell
      open
      title={t('deviceDashboard.firmware.title', { name })}
      onClose={onCancel}
      actions={
        <>
          <Button onClick={onCancel}>{t('platform.dialogs.cancel')}</Button>
          <Button type="submit" form={formId} variant="contained" disabled={busy || version === null}>
            {t('deviceDashboard.firmware.submit')}
          </Button>
        </>
      }
    >
      <Typography sx={{ mb: 2 }}>{t('deviceDashboard.firmware.current', { version: current })}</Typography>
      {catalogue.isError ? (
        <LoadFailed message={t('deviceDashboard.firmware.loadFailed')} onRetry={() => catalogue.refetch()} />
      ) : !catalogue.data ? (
        <CircularProgress size={24} aria-label={t('deviceDashboard.page.loading')} />
      ) : releases.length === 0 ? (
        <Typography>{t('deviceDashboard.firmware.empty')}</Typography>
      ) : (
        <form
          id={formId}
          onSubmit={(event) => {
            event.preventDefault();
            if (version !== null) onSubmit(version);
          }}
        >
          <FormControl>
            <FormLabel id={labelId}>{t('deviceDashboard.firmware.version')}</FormLabel>
            <RadioGroup
              aria-labelledby={labelId}
              value={version ?? ''}
              onChange={(event) => setChosen(event.target.value)}
            >
              {releases.map((release) => (
                <FormControlLabel
                  key={release.version}
                  value={release.version}
                  disabled={release.version === current}
                  control={<Radio />}
                  sx={{ alignItems: 'flex-start', mt: 1 }}
                  label={
                    <>
                      <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                        {release.version === current
                          ? t('deviceDashboard.firmware.installed', { version: release.version })
                          : t('deviceDashboard.firmware.release', {
                              version: release.version,
                              date: release.released_at,
                            })}
                      </Typography>
                      <Typography component="span" variant="body2" color="text.secondary">
                        {release.notes}
                      </Typography>
                    </>
                  }
                />
              ))}
            </RadioGroup>
          </FormControl>
        </form>
      )}
    </ModalShell>
  );
}
