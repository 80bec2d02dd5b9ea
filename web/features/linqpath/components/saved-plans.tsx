// The cloud's saved plans (docs/linqpath.md#saved-plans): a page at a time, each opened into the form, and
// deleted by members with manage_sites.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LinqPathPlan } from '../../../../core/api/linqpath.ts';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { confirmDialog } from '../../../platform/dialogs/dialog-store.ts';
import { ListResults } from '../../../platform/list-page/list-page-frame.tsx';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { useDeleteLinqPathPlan, useLinqPathPlans } from '../api/linqpath.ts';

const HEADING_ID = 'linqpath-saved-plans';

export function SavedPlans({
  cloudId,
  openId,
  onOpen,
  onDeleted,
}: {
  readonly cloudId: number | null;
  readonly openId: number | null;
  readonly onOpen: (plan: LinqPathPlan) => void;
  readonly onDeleted: (planId: number) => void;
}) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const result = useLinqPathPlans(cloudId, offset, LIST_PAGE_SIZE, true);
  const remove = useDeleteLinqPathPlan(cloudId ?? 0);
  const canEdit = result.data?.can_edit ?? false;

  const deletePlan = async (plan: LinqPathPlan) => {
    const confirmed = await confirmDialog({
      title: t('linqpath.delete.title'),
      content: t('linqpath.delete.content', { name: plan.name }),
      confirmLabel: t('linqpath.action.delete'),
    });
    if (!confirmed) return;
    remove.mutate(plan.id, {
      onSuccess: () => {
        onDeleted(plan.id);
        showMessage({ content: t('linqpath.delete.done', { name: plan.name }) });
      },
      onError: (error) =>
        showMessage({
          variant: 'error',
          content: (isApiError(error) && error.serverMessage) || t('linqpath.error.deleteFailed'),
        }),
    });
  };

  const columns: ListColumn<LinqPathPlan>[] = [
    {
      id: 'name',
      header: t('linqpath.saved.name'),
      cell: (plan) => (
        <Typography component="span" sx={{ fontWeight: plan.id === openId ? 600 : 400 }}>
          {plan.name}
        </Typography>
      ),
      text: (plan) => plan.name,
    },
    {
      id: 'ends',
      header: t('linqpath.saved.ends'),
      cell: (plan) => t('linqpath.saved.endsValue', { a: plan.inputs.a.label, b: plan.inputs.b.label }),
      from: 'sm',
    },
    {
      id: 'actions',
      header: t('linqpath.saved.actions'),
      headerHidden: true,
      cell: (plan) => (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            size="small"
            aria-label={t('linqpath.action.openNamed', { name: plan.name })}
            onClick={() => onOpen(plan)}
          >
            {t('linqpath.action.open')}
          </Button>
          {canEdit && (
            <Button
              size="small"
              color="error"
              disabled={remove.isPending}
              aria-label={t('linqpath.action.deleteNamed', { name: plan.name })}
              onClick={() => void deletePlan(plan)}
            >
              {t('linqpath.action.delete')}
            </Button>
          )}
        </Box>
      ),
    },
  ];

  return (
    <Box component="section" aria-labelledby={HEADING_ID} sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography id={HEADING_ID} variant="h2">
        {t('linqpath.saved.title')}
      </Typography>
      <ListResults
        result={{ ...result, isPending: result.isPending || cloudId === null }}
        offset={offset}
        onOffset={setOffset}
        emptyText={t('linqpath.saved.empty')}
        columns={columns}
        rowKey={(plan) => plan.id}
        labelledBy={HEADING_ID}
      />
    </Box>
  );
}
