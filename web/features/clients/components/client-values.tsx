// How a wireless client's values read: its name, band, signal, traffic, connection and times.
import { useTranslation } from 'react-i18next';
import type { ClientListItem } from '../../../../core/api/clients.ts';
import { routes } from '../../../../core/routes.ts';
import { formatBytes } from '../../../platform/units.ts';
import { useUnitContext } from '../../account/index.ts';

/** Its host name, or its MAC address when it never told one. */
export const clientName = (client: { hostname: string; mac: string }) => client.hostname || client.mac;

const BAND_KEYS = {
  '2.4': 'clients.band.ghz24',
  '5': 'clients.band.ghz5',
  '6': 'clients.band.ghz6',
  '60': 'clients.band.ghz60',
} as const;

export function useClientLabels() {
  const { t } = useTranslation();
  const units = useUnitContext();
  return {
    band: (band: string | null) =>
      band !== null && band in BAND_KEYS
        ? t(BAND_KEYS[band as keyof typeof BAND_KEYS])
        : t('clients.value.none'),
    rssi: (rssi: number | null) =>
      rssi === null ? t('clients.value.none') : t('clients.value.rssi', { rssi }),
    traffic: (client: Pick<ClientListItem, 'rx_bytes' | 'tx_bytes'>) =>
      t('clients.value.traffic', {
        rx: formatBytes(client.rx_bytes, units),
        tx: formatBytes(client.tx_bytes, units),
      }),
    connection: (connected: boolean) =>
      connected ? t('clients.status.connected') : t('clients.status.disconnected'),
  };
}

/** A device's own pages live under its site; a device without one has its cloud-level address. */
export const deviceHref = (device: { id: number }, site: { id: number } | null) =>
  site
    ? routes.deviceDashboard.href({ siteId: site.id, deviceId: device.id })
    : routes.device.href({ deviceId: device.id });

export const siteHref = (site: { id: number }) =>
  routes.siteDashboard.href({ siteId: site.id }, { hash: 'default' });
