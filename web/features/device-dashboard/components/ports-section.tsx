// A switch's front panel: a tile per port showing whether it has a link, at what speed and how much PoE it
// delivers, each named in full for screen readers; the Ports page has the counters.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { DeviceReport } from '../../../../core/api/devices.ts';
import { formatMegabitRate, formatNumber, formatWatts } from '../../../platform/units.ts';
import { useUnitContext } from '../../account/index.ts';
import { DashboardSection } from './dashboard-section.tsx';

type Port = NonNullable<DeviceReport['ports']>[number];
const ID = 'dashboard-ports';

export function PortsSection({
  ports,
  portsHref,
}: {
  readonly ports: readonly Port[];
  /** The device's Ports page; null for a device without a site. */
  readonly portsHref: string | null;
}) {
  const { t } = useTranslation();
  const units = useUnitContext();
  const sorted = [...ports].sort((a, b) => a.port - b.port);
  const up = ports.filter((port) => port.link).length;
  const poe = ports.reduce((sum, port) => sum + port.poe_w, 0);
  return (
    <DashboardSection
      id={ID}
      title={t('deviceDashboard.ports.title')}
      wide
      action={
        portsHref && (
          <Link component={RouterLink} to={portsHref}>
            {t('deviceDashboard.ports.details')}
          </Link>
        )
      }
    >
      <Typography>
        {t('deviceDashboard.ports.summary', {
          up: formatNumber(up, units),
          total: formatNumber(ports.length, units),
          power: formatWatts(poe, units),
        })}
      </Typography>
      <Box
        component="ul"
        aria-labelledby={ID}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1,
          gridTemplateColumns: 'repeat(auto-fill, minmax(4.5rem, 1fr))',
        }}
      >
        {sorted.map((port) => {
          const speed = formatMegabitRate(port.speed_mbps, units);
          const power = formatWatts(port.poe_w, units);
          const label = port.link
            ? t('deviceDashboard.ports.tileUp', { port: port.port, speed, power })
            : t('deviceDashboard.ports.tileDown', { port: port.port });
          return (
            <li key={port.port}>
              <Box
                role="img"
                aria-label={label}
                title={label}
                sx={{
                  display: 'grid',
                  justifyItems: 'center',
                  gap: 0.25,
                  p: 0.75,
                  borderRadius: 1,
                  border: 2,
                  borderColor: port.link ? 'success.main' : 'divider',
                  bgcolor: port.link ? 'action.selected' : 'background.paper',
                  typography: 'caption',
                  lineHeight: 1.3,
                }}
              >
                <Box component="span" sx={{ fontWeight: 700, fontSize: '0.9rem' }}>
                  {formatNumber(port.port, units)}
                </Box>
                <span>{port.link ? speed : t('deviceDashboard.ports.noLink')}</span>
                <span>{port.link && port.poe_w > 0 ? power : t('deviceDashboard.value.none')}</span>
              </Box>
            </li>
          );
        })}
      </Box>
    </DashboardSection>
  );
}
