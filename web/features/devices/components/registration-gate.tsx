// The registration pages' content, shown to those who may register devices on at least one site.
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { useRegistrationSites } from '../api/get-registration-sites.ts';

export function RegistrationGate({
  cloudId,
  children,
}: {
  readonly cloudId: number;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation();
  const sites = useRegistrationSites(cloudId);
  if (sites.isPending) return <CircularProgress aria-label={t('platform.listPage.loading')} />;
  if (sites.isError) {
    return <LoadFailed message={t('devices.register.loadFailed')} onRetry={sites.refetch} />;
  }
  if (sites.data.sites.length === 0) {
    return <Typography role="status">{t('devices.register.notAllowed')}</Typography>;
  }
  return children;
}
