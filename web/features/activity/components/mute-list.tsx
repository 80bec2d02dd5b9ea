// The maintenance windows still open: what each mutes, until when, who opened it and why; ending one.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ALERT_TITLE_KEYS } from '../../../../core/alert-titles.ts';
import type { AlertMute } from '../../../../core/api/activity.ts';
import { DateTime } from '../../account/index.ts';

function what(t: TFunction, mute: AlertMute) {
  const name = mute.device?.name ?? mute.smartnvr?.name;
  const type = mute.alert_type && t(ALERT_TITLE_KEYS[mute.alert_type]);
  if (name && type) return t('activity.mute.deviceType', { name, type });
  if (name) return t('activity.mute.device', { name });
  return t('activity.mute.type', { type: type ?? '' });
}

export function MuteList({
  mutes,
  onEnd,
}: {
  readonly mutes: readonly AlertMute[];
  readonly onEnd: (id: number) => unknown;
}) {
  const { t } = useTranslation();
  if (mutes.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="mutes-title" sx={{ p: 1.5 }}>
      <Typography id="mutes-title" variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        {t('activity.mute.open')}
      </Typography>
      <List dense disablePadding>
        {mutes.map((mute) => (
          <ListItem key={mute.id} disableGutters sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
              <Typography variant="body2">{what(t, mute)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('activity.mute.until')} <DateTime iso={mute.ends_at} />
                {mute.created_by && ` · ${mute.created_by}`}
                {mute.comment && ` · ${mute.comment}`}
              </Typography>
            </Box>
            {mute.can_end && (
              <Button
                size="small"
                onClick={() => void onEnd(mute.id)}
                aria-label={t('activity.mute.endLabel', { what: what(t, mute) })}
              >
                {t('activity.mute.end')}
              </Button>
            )}
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
