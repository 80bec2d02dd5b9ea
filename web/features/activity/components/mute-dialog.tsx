// Opening a maintenance window from an alert: its device's alerts, only this type on the device, or this
// type everywhere (owners and administrators), for a chosen time, with a comment.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_TITLE_KEYS } from '../../../../core/alert-titles.ts';
import {
  ACKNOWLEDGE_COMMENT_MAX,
  type AlertHistoryItem,
  type CreateMuteBody,
} from '../../../../core/api/activity.ts';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';
import { HistoryFilter } from '../../../platform/list-page/history-filter.tsx';

type Scope = 'device' | 'deviceType' | 'type';
const DURATIONS = {
  '60': 'activity.mute.hour',
  '240': 'activity.mute.fourHours',
  '1440': 'activity.mute.day',
  '10080': 'activity.mute.week',
} as const;
type Duration = keyof typeof DURATIONS;

interface MuteDialogProps {
  readonly alert: AlertHistoryItem;
  readonly canMuteTypes: boolean;
  readonly busy: boolean;
  readonly onCancel: () => void;
  readonly onSubmit: (body: CreateMuteBody) => unknown;
}

export function MuteDialog({ alert, canMuteTypes, busy, onCancel, onSubmit }: MuteDialogProps) {
  const { t } = useTranslation();
  const [scope, setScope] = useState<Scope>('device');
  const [duration, setDuration] = useState<Duration>('240');
  const [comment, setComment] = useState('');
  const formId = useId();
  const name = alert.device?.name ?? alert.smartnvr?.name ?? '';
  const type = t(ALERT_TITLE_KEYS[alert.alert_type]);
  const target = alert.device ? { device_id: alert.device.id } : { snvr_device_id: alert.smartnvr?.id };
  const body = (): CreateMuteBody => ({
    ...(scope === 'type' ? {} : target),
    ...(scope === 'device' ? {} : { alert_type: alert.alert_type }),
    minutes: Number(duration),
    comment,
  });
  return (
    <ModalShell
      open
      title={t('activity.mute.title')}
      onClose={onCancel}
      actions={
        <>
          <Button onClick={onCancel}>{t('platform.dialogs.cancel')}</Button>
          <Button type="submit" form={formId} variant="contained" disabled={busy}>
            {t('activity.mute.submit')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit(body());
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <FormControl>
            <FormLabel id="mute-scope">{t('activity.mute.scope')}</FormLabel>
            <RadioGroup
              aria-labelledby="mute-scope"
              value={scope}
              onChange={(event) => setScope(event.target.value as Scope)}
            >
              <FormControlLabel
                value="device"
                control={<Radio />}
                label={t('activity.mute.device', { name })}
              />
              <FormControlLabel
                value="deviceType"
                control={<Radio />}
                label={t('activity.mute.deviceType', { name, type })}
              />
              {canMuteTypes && (
                <FormControlLabel
                  value="type"
                  control={<Radio />}
                  label={t('activity.mute.type', { type })}
                />
              )}
            </RadioGroup>
          </FormControl>
          <HistoryFilter
            label={t('activity.mute.duration')}
            value={duration}
            onChange={setDuration}
            options={(Object.keys(DURATIONS) as Duration[]).map((value) => ({
              value,
              label: t(DURATIONS[value]),
            }))}
          />
          <TextField
            fullWidth
            multiline
            minRows={2}
            label={t('activity.alerts.comment')}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            slotProps={{ htmlInput: { maxLength: ACKNOWLEDGE_COMMENT_MAX } }}
          />
        </Box>
      </form>
    </ModalShell>
  );
}
