// An access point's radios as its latest heartbeat reported them: band, channel, width, power, noise and
// how busy the channel is.
import { useTranslation } from 'react-i18next';
import type { DeviceReport } from '../../../../core/api/devices.ts';
import { ListTable } from '../../../platform/list-page/list-table.tsx';
import { formatDbm, formatNumber, formatPercent } from '../../../platform/units.ts';
import { useUnitContext } from '../../account/index.ts';
import { DashboardSection } from './dashboard-section.tsx';

type Radio = NonNullable<DeviceReport['radios']>[number];
const ID = 'dashboard-radios';

export function RadiosSection({ radios }: { readonly radios: readonly Radio[] }) {
  const { t } = useTranslation();
  const units = useUnitContext();
  return (
    <DashboardSection id={ID} title={t('deviceDashboard.radios.title')} wide>
      <ListTable
        labelledBy={ID}
        busy={false}
        rows={radios}
        rowKey={(radio) => `${radio.band}-${radio.channel}`}
        columns={[
          {
            id: 'band',
            nowrap: true,
            header: t('deviceDashboard.radios.band'),
            cell: (radio) => t('deviceDashboard.value.ghz', { value: radio.band }),
          },
          {
            id: 'channel',
            numeric: true,
            header: t('deviceDashboard.radios.channel'),
            cell: (radio) => formatNumber(radio.channel, units),
          },
          {
            id: 'width',
            numeric: true,
            nowrap: true,
            header: t('deviceDashboard.radios.width'),
            cell: (radio) => t('deviceDashboard.value.mhz', { value: formatNumber(radio.width_mhz, units) }),
          },
          {
            id: 'power',
            numeric: true,
            nowrap: true,
            header: t('deviceDashboard.radios.power'),
            cell: (radio) => formatDbm(radio.tx_power_dbm, units),
          },
          {
            id: 'noise',
            numeric: true,
            nowrap: true,
            header: t('deviceDashboard.radios.noise'),
            cell: (radio) => formatDbm(radio.noise_dbm, units),
          },
          {
            id: 'utilisation',
            numeric: true,
            header: t('deviceDashboard.radios.utilisation'),
            cell: (radio) => formatPercent(radio.util_pct, units),
          },
        ]}
      />
    </DashboardSection>
  );
}
