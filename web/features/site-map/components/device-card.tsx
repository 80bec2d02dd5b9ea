// The card a marker opens (docs/site-map.md#cards): what the device is and how it does, with the way to its
// dashboard.
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { SiteMapDevice } from '../../../../core/api/site-map.ts';
import { routes } from '../../../../core/routes.ts';
import { deviceStatus, HEALTH_TONES } from '../../../platform/device-status.ts';
import { StatusDot } from '../../../platform/status-dot.tsx';
import { HEALTH_LABEL_KEYS } from '../../devices/index.ts';

type Props = {
  readonly device: SiteMapDevice;
  readonly siteId: number;
  readonly canEdit: boolean;
  readonly onClose: () => void;
  readonly onRemove: () => void;
  /** Moves the device by picking its new place, as placing does (the keyboard's way to move a marker). */
  readonly onMove: () => void;
};

export function DeviceCard({ device, siteId, canEdit, onClose, onRemove, onMove }: Props) {
  const { t } = useTranslation();
  const card = useRef<HTMLElement>(null);
  // On a phone the card is under the map: bring it into view when a marker opens it.
  useEffect(() => {
    if (device.id) card.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [device.id]);
  const status = deviceStatus(device);
  const uplink = device.uplink;
  const rows: [string, React.ReactNode][] = [
    [t('siteMap.card.model'), device.model ?? t('siteMap.card.unknownModel')],
    [t('siteMap.card.status'), <StatusDot key="status" tone={status.tone} label={t(status.key)} />],
    [
      t('siteMap.card.health'),
      <StatusDot
        key="health"
        tone={HEALTH_TONES[device.health_id]}
        label={t(HEALTH_LABEL_KEYS[device.health_id])}
      />,
    ],
    [t('siteMap.card.clients'), device.clients ?? t('siteMap.card.none')],
    [
      t('siteMap.card.uplink'),
      uplink
        ? t(uplink.up ? 'siteMap.card.uplinkUp' : 'siteMap.card.uplinkDown', { name: uplink.name })
        : t('siteMap.card.none'),
    ],
  ];
  const titleId = `site-map-card-${device.id}`;
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ p: 2, display: 'grid', gap: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Typography id={titleId} variant="h2" sx={{ flex: 1, fontSize: '1.125rem', wordBreak: 'break-word' }}>
          {device.name}
        </Typography>
        <IconButton size="small" aria-label={t('siteMap.card.close')} onClick={onClose}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
      >
        {rows.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Link component={RouterLink} to={routes.deviceDashboard.href({ siteId, deviceId: device.id })}>
          {t('siteMap.card.open', { name: device.name })}
        </Link>
        {canEdit && device.latitude !== null && (
          <>
            <Button size="small" onClick={onMove}>
              {t('siteMap.card.move')}
            </Button>
            <Button size="small" onClick={onRemove}>
              {t('siteMap.card.remove')}
            </Button>
          </>
        )}
      </Box>
    </Paper>
  );
}
