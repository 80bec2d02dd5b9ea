// Who the device or recorder is: its family's picture, model, serial number, addresses, firmware, uptime
// and when it was last heard from.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../platform/date-time.ts';
import { formatDuration } from '../../../platform/duration.ts';
import { useUnitContext } from '../../account/index.ts';
import { familyLabelKey } from '../../devices/index.ts';
import { DashboardSection } from './dashboard-section.tsx';
import { type Fact, FactsList } from './facts-list.tsx';
import { ProductIcon } from './product-icon.tsx';

export type Identity = {
  readonly productType: string;
  readonly productName: string | null;
  readonly sn: string;
  readonly mac: string;
  readonly ip: string | null;
  readonly hostname?: string;
  /** Version-revision (docs/entities.md). */
  readonly fw: string;
  /** Recorders have no management daemon. */
  readonly mgmtdVersion?: string;
  /** From the latest heartbeat; null when the device never reported. */
  readonly uptimeS: number | null;
  readonly lastSeenAt: string | null;
};

export function IdentitySection({ identity }: { readonly identity: Identity }) {
  const { t } = useTranslation();
  const units = useUnitContext();
  const familyKey = familyLabelKey(identity.productType);
  const notKnown = t('deviceDashboard.value.notKnown');
  const facts: Fact[] = [
    { label: t('deviceDashboard.identity.model'), value: identity.productName ?? notKnown },
    { label: t('deviceDashboard.identity.serial'), value: identity.sn },
    { label: t('deviceDashboard.identity.mac'), value: identity.mac },
    { label: t('deviceDashboard.identity.ip'), value: identity.ip ?? notKnown },
  ];
  if (identity.hostname)
    facts.push({ label: t('deviceDashboard.identity.hostname'), value: identity.hostname });
  facts.push({ label: t('deviceDashboard.identity.firmware'), value: identity.fw || notKnown });
  if (identity.mgmtdVersion !== undefined)
    facts.push({ label: t('deviceDashboard.identity.mgmtd'), value: identity.mgmtdVersion || notKnown });
  facts.push(
    {
      label: t('deviceDashboard.identity.uptime'),
      value: identity.uptimeS === null ? notKnown : formatDuration(identity.uptimeS, units),
    },
    {
      label: t('deviceDashboard.identity.lastSeen'),
      value:
        identity.lastSeenAt === null ? (
          t('deviceDashboard.identity.neverSeen')
        ) : (
          <time dateTime={identity.lastSeenAt}>{formatDateTime(new Date(identity.lastSeenAt), units)}</time>
        ),
    },
  );
  return (
    <DashboardSection id="dashboard-identity" title={t('deviceDashboard.identity.title')}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <ProductIcon productType={identity.productType} />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 500 }}>{familyKey ? t(familyKey) : identity.productType}</Typography>
          {identity.productName && (
            <Typography variant="body2" color="text.secondary">
              {identity.productName}
            </Typography>
          )}
        </Box>
      </Box>
      <FactsList facts={facts} />
    </DashboardSection>
  );
}
