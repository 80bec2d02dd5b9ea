// docs/guest-access.md#service-plans: AuthPort's Service Plans page (/v2/cloud/{cloudId}/authport/service-plans):
// the cloud's plans by name with their validity, limits and how many accounts use each; make, change, delete.
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { GuestPlan } from '../../../../core/api/guest-plans.ts';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import { readPathIds, routes } from '../../../../core/routes.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { confirmDialog } from '../../../platform/dialogs/dialog-store.ts';
import { ListResults } from '../../../platform/list-page/list-page-frame.tsx';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { useUnitContext } from '../../account/index.ts';
import { useDeletePlan, useGuestPlans } from '../api/plans.ts';
import { PlanDialog } from '../components/plan-dialog.tsx';
import { usePlanTexts } from '../components/plan-texts.ts';

const TITLE_ID = 'page-title';

export function ServicePlansPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const cloudId = readPathIds(pathname).cloudId ?? null;
  const [offset, setOffset] = useState(0);
  const result = useGuestPlans(cloudId, offset, LIST_PAGE_SIZE);
  const remove = useDeletePlan(cloudId ?? 0);
  const [editing, setEditing] = useState<GuestPlan | 'new' | null>(null);
  const texts = usePlanTexts(useUnitContext());

  const deletePlan = async (plan: GuestPlan) => {
    const confirmed = await confirmDialog({
      title: t('guestPlans.delete.title'),
      content: t('guestPlans.delete.content', { name: plan.name }),
      confirmLabel: t('guestPlans.action.delete'),
    });
    if (!confirmed) return;
    remove.mutate(plan.id, {
      onSuccess: () => showMessage({ content: t('guestPlans.delete.done', { name: plan.name }) }),
      onError: (error) =>
        showMessage({
          variant: 'error',
          content: (isApiError(error) && error.serverMessage) || t('guestPlans.error.deleteFailed'),
        }),
    });
  };

  const columns: ListColumn<GuestPlan>[] = [
    {
      id: 'name',
      header: t('guestPlans.column.name'),
      cell: (plan) => (
        <>
          <Typography component="span" sx={{ fontWeight: 500 }}>
            {plan.name}
          </Typography>
          {plan.price_label !== '' && (
            <Typography component="span" color="text.secondary">{` · ${plan.price_label}`}</Typography>
          )}
        </>
      ),
      text: (plan) => plan.name,
    },
    { id: 'validity', header: t('guestPlans.column.validity'), cell: texts.validity, nowrap: true },
    {
      id: 'accounts',
      header: t('guestPlans.column.accounts'),
      cell: (plan) => plan.accounts,
      numeric: true,
      nowrap: true,
    },
    { id: 'limits', header: t('guestPlans.column.limits'), cell: texts.limits, from: 'sm' },
    {
      id: 'where',
      header: t('guestPlans.column.where'),
      cell: texts.where,
      from: 'md',
    },
    {
      id: 'actions',
      header: t('guestPlans.column.actions'),
      headerHidden: true,
      cell: (plan) => (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            size="small"
            aria-label={t('guestPlans.action.editNamed', { name: plan.name })}
            onClick={() => setEditing(plan)}
          >
            {t('guestPlans.action.edit')}
          </Button>
          <Button
            size="small"
            color="error"
            disabled={remove.isPending}
            aria-label={t('guestPlans.action.deleteNamed', { name: plan.name })}
            onClick={() => void deletePlan(plan)}
          >
            {t('guestPlans.action.delete')}
          </Button>
        </Box>
      ),
    },
  ];

  return (
    <Box component="section" aria-labelledby={TITLE_ID} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <Typography id={TITLE_ID} variant="h1">
          {t(routes.authportServicePlans.titleKey)}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          {t('guestPlans.action.create')}
        </Button>
      </Box>
      <Typography color="text.secondary">{t('guestPlans.page.intro')}</Typography>
      <Paper variant="outlined" sx={{ minWidth: 0, p: 1, display: 'grid', gap: 0.5 }}>
        <ListResults
          result={{ ...result, isPending: result.isPending || cloudId === null }}
          offset={offset}
          onOffset={setOffset}
          emptyText={t('guestPlans.page.empty')}
          columns={columns}
          rowKey={(plan) => plan.id}
          labelledBy={TITLE_ID}
        />
      </Paper>
      {editing !== null && cloudId !== null && (
        <PlanDialog
          cloudId={cloudId}
          plan={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(plan) => {
            setEditing(null);
            showMessage({ content: t('guestPlans.dialog.saved', { name: plan.name }) });
          }}
        />
      )}
    </Box>
  );
}
