// The cloud's plan, its dates and its licenses used and free (docs/entities.md License status).
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanType } from '../../../../core/domain.ts';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { Loading } from '../../../platform/page-section.tsx';
import { DateTime } from '../../account/index.ts';
import { useLicenseStatus } from '../../clouds/index.ts';

const PLAN_LABEL_KEYS = {
  trial: 'clouds.plan.trial',
  intro: 'clouds.plan.intro',
  vpc: 'clouds.plan.vpc',
} as const satisfies Record<PlanType, string>;

function Fact({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

export function PlanSummary({
  cloudId,
  planType,
}: {
  readonly cloudId: number;
  readonly planType: PlanType;
}) {
  const { t, i18n } = useTranslation();
  const status = useLicenseStatus(cloudId);
  if (status.isPending) return <Loading label={t('licenses.plan.loading')} />;
  if (!status.data) return <LoadFailed message={t('licenses.plan.loadFailed')} onRetry={status.refetch} />;
  const s = status.data;
  const number = new Intl.NumberFormat(i18n.language.replace('_', '-'));
  const date = (iso: string | null) => (iso ? <DateTime iso={iso} /> : t('licenses.plan.never'));
  let state: ReactNode = <Chip size="small" color="success" label={t('licenses.plan.active')} />;
  if (s.suspended) state = <Chip size="small" color="error" label={t('licenses.plan.suspended')} />;
  else if (s.expired) state = <Chip size="small" color="error" label={t('licenses.plan.expired')} />;
  else if (s.cloudWillExpire)
    state = <Chip size="small" color="warning" label={t('licenses.plan.expiringSoon')} />;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
      >
        <Fact label={t('licenses.plan.plan')}>{t(PLAN_LABEL_KEYS[planType])}</Fact>
        <Fact label={t('licenses.plan.state')}>{state}</Fact>
        <Fact label={t('licenses.plan.created')}>{date(s.cloudCreatedAt)}</Fact>
        <Fact label={t('licenses.plan.purchased')}>{date(s.planPurchasedAt)}</Fact>
        <Fact label={t('licenses.plan.expires')}>{date(s.planExpiresAt)}</Fact>
        <Fact label={t('licenses.plan.used')}>{number.format(s.licensesUsed)}</Fact>
        <Fact label={t('licenses.plan.free')}>
          {t('licenses.plan.freeOf', {
            used: number.format(s.freeLicensesUsed),
            total: number.format(s.freeLicensesTotal),
          })}
        </Fact>
      </Box>
    </Paper>
  );
}
