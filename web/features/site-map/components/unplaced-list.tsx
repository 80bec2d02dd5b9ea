// The site's devices that are not on the map (docs/site-map.md#placing): with edit_map, each is placed by
// choosing it here and then clicking the map.
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SiteMapDevice } from '../../../../core/api/site-map.ts';
import { HEALTH_TONES } from '../../../platform/device-status.ts';
import { StatusDot } from '../../../platform/status-dot.tsx';
import { HEALTH_LABEL_KEYS } from '../../devices/index.ts';

const HEADING_ID = 'site-map-unplaced';

type Props = {
  readonly devices: readonly SiteMapDevice[];
  readonly canEdit: boolean;
  readonly placingId: number | null;
  readonly onPlace: (device: SiteMapDevice) => void;
};

export function UnplacedList({ devices, canEdit, placingId, onPlace }: Props) {
  const { t } = useTranslation();
  return (
    <Paper component="section" aria-labelledby={HEADING_ID} variant="outlined" sx={{ p: 2 }}>
      <Typography id={HEADING_ID} variant="h2" sx={{ fontSize: '1.125rem' }}>
        {t('siteMap.unplaced.heading')}
      </Typography>
      {devices.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('siteMap.unplaced.none')}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ maxHeight: 320, overflowY: 'auto' }}>
          {devices.map((device) => (
            <ListItem key={device.id} disableGutters sx={{ gap: 1, justifyContent: 'space-between' }}>
              <StatusDot
                tone={HEALTH_TONES[device.health_id]}
                label={t('siteMap.marker.device', {
                  name: device.name,
                  health: t(HEALTH_LABEL_KEYS[device.health_id]),
                })}
              />
              {canEdit && (
                <Button
                  size="small"
                  variant={placingId === device.id ? 'contained' : 'outlined'}
                  aria-label={t('siteMap.unplaced.place', { name: device.name })}
                  aria-pressed={placingId === device.id}
                  onClick={() => onPlace(device)}
                  sx={{ flexShrink: 0 }}
                >
                  {t('siteMap.unplaced.placeShort')}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
