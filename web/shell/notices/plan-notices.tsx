import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type PlanNotice, planNotices } from '../../../core/plan-notices.ts';
import type { Access } from '../../../core/policy.ts';
import { routes } from '../../../core/routes.ts';
import { useCloud, useLicenseStatus } from '../../features/clouds/index.ts';

// Reminders the user may put away for this visit; plan warnings stay.
const DISMISSIBLE: ReadonlySet<PlanNotice> = new Set(['billingCountry', 'freeTrial']);

function NoticeAlert({
  notice,
  cloudId,
  onDismiss,
}: {
  readonly notice: PlanNotice;
  readonly cloudId: number;
  readonly onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const link = (to: string, label: string) => (
    <>
      <Button component={RouterLink} to={to} color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }}>
        {label}
      </Button>
      {DISMISSIBLE.has(notice) && (
        <IconButton color="inherit" size="small" aria-label={t('shell.notices.dismiss')} onClick={onDismiss}>
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    </>
  );
  const licenses = routes.cloudLicenses.href({ cloudId });
  switch (notice) {
    case 'suspendedPayment':
      return (
        <Alert severity="error" action={link(licenses, t('shell.notices.payment'))}>
          {t('shell.notices.suspended')}
        </Alert>
      );
    case 'suspendedContactAdministrator':
      return <Alert severity="error">{t('shell.notices.contactAdministrator')}</Alert>;
    case 'expired':
      return (
        <Alert severity="error" action={link(licenses, t('shell.notices.renew'))}>
          {t('shell.notices.expired')}
        </Alert>
      );
    case 'expiring':
      return (
        <Alert severity="warning" action={link(licenses, t('shell.notices.renew'))}>
          {t('shell.notices.expiring')}
        </Alert>
      );
    case 'billingCountry':
      return (
        <Alert
          severity="info"
          {...close}
          action={link(routes.cloudEdit.href({ cloudId }), t('shell.notices.billingCountryAction'))}
        >
          {t('shell.notices.billingCountry')}
        </Alert>
      );
    case 'freeTrial':
      return (
        <Alert severity="info" action={link(licenses, t('shell.notices.freeTrialAction'))}>
          {t('shell.notices.freeTrial')}
        </Alert>
      );
  }
}

/** docs/errors.md plan and license notices of the current cloud, above the page. */
export function PlanNotices({ cloudId, access }: { readonly cloudId: number; readonly access: Access }) {
  const { t } = useTranslation();
  const cloud = useCloud(cloudId).data;
  const status = useLicenseStatus(cloudId).data ?? null;
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  if (!cloud) return null;
  const shown = planNotices(access, cloud, status, new Date()).filter(
    (notice) => !dismissed.has(`${cloudId}:${notice}`),
  );
  if (shown.length === 0) return null;
  return (
    <Box component="section" aria-label={t('shell.notices.label')} sx={{ display: 'grid', gap: 1, mb: 2 }}>
      {shown.map((notice) => (
        <NoticeAlert
          key={notice}
          notice={notice}
          cloudId={cloudId}
          onDismiss={() => setDismissed((previous) => new Set(previous).add(`${cloudId}:${notice}`))}
        />
      ))}
    </Box>
  );
}
