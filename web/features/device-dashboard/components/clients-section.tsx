// How many wireless clients the device serves by its latest heartbeat, with the way to the list of them.
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatNumber } from '../../../platform/units.ts';
import { useUnitContext } from '../../account/index.ts';
import { DashboardSection } from './dashboard-section.tsx';

export function ClientsSection({
  count,
  clientsHref,
}: {
  readonly count: number;
  /** The device's Clients page; null when it has none. */
  readonly clientsHref: string | null;
}) {
  const { t } = useTranslation();
  const units = useUnitContext();
  return (
    <DashboardSection
      id="dashboard-clients"
      title={t('deviceDashboard.clients.title')}
      action={
        clientsHref && (
          <Link component={RouterLink} to={clientsHref}>
            {t('deviceDashboard.clients.link')}
          </Link>
        )
      }
    >
      <Typography>
        <Typography component="span" sx={{ fontSize: '2rem', fontWeight: 500, mr: 1 }}>
          {formatNumber(count, units)}
        </Typography>
        {t('deviceDashboard.clients.connected')}
      </Typography>
    </DashboardSection>
  );
}
