// Who a wireless client is and where it is connected: its device (with a link to the device's pages), its
// site, SSID, band, signal and traffic as the device last reported them.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ClientDetail } from '../../../../core/api/clients.ts';
import { DateTime } from '../../account/index.ts';
import { clientName, deviceHref, siteHref, useClientLabels } from './client-values.tsx';

type Fact = { readonly label: string; readonly value: ReactNode };

/** Label and value pairs as a description list: side by side where there is room, stacked on a phone. */
function Facts({ facts }: { readonly facts: readonly Fact[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(9rem, max-content) 1fr' },
        columnGap: 2,
        rowGap: { xs: 0, sm: 1 },
        '& dt': { color: 'text.secondary', mt: { xs: 1, sm: 0 } },
        '& dd': { m: 0, overflowWrap: 'anywhere' },
      }}
    >
      {facts.map(({ label, value }) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}

function Section({
  id,
  title,
  children,
}: {
  readonly id: string;
  readonly title: string;
  readonly children: ReactNode;
}) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={id}
      sx={{ p: 2, display: 'grid', gap: 1.5, minWidth: 0 }}
    >
      <Typography id={id} variant="h2">
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export function ClientSummary({ client }: { readonly client: ClientDetail }) {
  const { t } = useTranslation();
  const labels = useClientLabels();
  const none = t('clients.value.none');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, minWidth: 0 }}>
      <Section id="client-identity" title={clientName(client)}>
        <Facts
          facts={[
            { label: t('clients.detail.hostname'), value: client.hostname || none },
            { label: t('clients.detail.mac'), value: client.mac },
            { label: t('clients.detail.ip'), value: client.ip ?? none },
            { label: t('clients.detail.connection'), value: labels.connection(client.connected) },
          ]}
        />
      </Section>
      <Section
        id="client-connection"
        title={client.connected ? t('clients.detail.currentConnection') : t('clients.detail.lastConnection')}
      >
        <Facts
          facts={[
            {
              label: t('clients.detail.device'),
              value: client.device ? (
                <Link component={RouterLink} to={deviceHref(client.device, client.site)}>
                  {client.device.name}
                </Link>
              ) : (
                none
              ),
            },
            {
              label: t('clients.detail.site'),
              value: client.site ? (
                <Link component={RouterLink} to={siteHref(client.site)}>
                  {client.site.name}
                </Link>
              ) : (
                none
              ),
            },
            { label: t('clients.detail.ssid'), value: client.ssid || none },
            { label: t('clients.detail.band'), value: labels.band(client.band) },
            { label: t('clients.detail.rssi'), value: labels.rssi(client.rssi) },
            { label: t('clients.detail.traffic'), value: labels.traffic(client) },
            { label: t('clients.detail.since'), value: <DateTime iso={client.first_seen_at} /> },
            { label: t('clients.detail.lastSeen'), value: <DateTime iso={client.last_seen_at} /> },
          ]}
        />
      </Section>
    </Box>
  );
}

export { Section as ClientSection };
