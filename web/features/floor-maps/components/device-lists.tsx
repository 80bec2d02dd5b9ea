// The site's devices beside the plan (docs/floor-maps.md#placing): those on the floor shown, with the way to
// take each off, and the others, with the way to place each on it.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { FloorDevice } from '../../../../core/api/floor-maps.ts';
import { routes } from '../../../../core/routes.ts';
import { HEALTH_TONES } from '../../../platform/device-status.ts';
import { StatusDot } from '../../../platform/status-dot.tsx';

type Props = {
  readonly kind: 'onFloor' | 'others';
  readonly devices: readonly FloorDevice[];
  readonly siteId: number;
  readonly canEdit: boolean;
  readonly selectedId: number | null;
  readonly describe: (device: FloorDevice) => string;
  /** The name of the floor a device of the others is on, if any. */
  readonly floorName: (floorId: number | null) => string | null;
  readonly onAction: (device: FloorDevice) => void;
};

export function DeviceList({
  kind,
  devices,
  siteId,
  canEdit,
  selectedId,
  describe,
  floorName,
  onAction,
}: Props) {
  const { t } = useTranslation();
  const headingId = `floor-maps-${kind}`;
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.125rem' }}>
        {t(`floorMaps.${kind}.heading`)}
      </Typography>
      {devices.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t(`floorMaps.${kind}.none`)}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ maxHeight: 360, overflowY: 'auto' }}>
          {devices.map((device) => {
            const elsewhere = kind === 'others' ? floorName(device.floor_id) : null;
            return (
              <ListItem
                key={device.id}
                disableGutters
                sx={{
                  gap: 1,
                  justifyContent: 'space-between',
                  bgcolor: device.id === selectedId ? 'action.selected' : undefined,
                  borderRadius: 1,
                  px: 0.5,
                }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Link
                    component={RouterLink}
                    to={routes.deviceDashboard.href({ siteId, deviceId: device.id })}
                    sx={{ display: 'block', overflowWrap: 'anywhere' }}
                  >
                    {device.name}
                  </Link>
                  <StatusDot tone={HEALTH_TONES[device.health_id]} label={describe(device)} />
                  {elsewhere && (
                    <Typography variant="body2" color="text.secondary">
                      {t('floorMaps.others.onFloor', { floor: elsewhere })}
                    </Typography>
                  )}
                </Box>
                {canEdit && (
                  <Button
                    size="small"
                    variant="outlined"
                    aria-label={t(
                      kind === 'onFloor' ? 'floorMaps.onFloor.remove' : 'floorMaps.others.place',
                      {
                        name: device.name,
                      },
                    )}
                    onClick={() => onAction(device)}
                    sx={{ flexShrink: 0 }}
                  >
                    {t(kind === 'onFloor' ? 'floorMaps.onFloor.removeShort' : 'floorMaps.others.placeShort')}
                  </Button>
                )}
              </ListItem>
            );
          })}
        </List>
      )}
    </Paper>
  );
}
