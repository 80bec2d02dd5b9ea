// Creating, leaving and deleting clouds from Manage Clouds (docs/navigation.md#routes clouds), with the dialogs they ask.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CloudSummary } from '../../../../core/api/clouds.ts';
import { CLOUD_NAME_MAX_LENGTH } from '../../../../core/limits.ts';
import { routes } from '../../../../core/routes.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { confirmDialog, promptDialog } from '../../../platform/dialogs/dialog-store.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { meQueryOptions } from '../../auth/index.ts';
import { useCreateCloud } from '../api/create-cloud.ts';
import { useRemoveCloud } from '../api/delete-cloud.ts';

export function useCloudActions(currentCloudId: number) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateCloud();
  const remove = useRemoveCloud();

  const createCloud = async () => {
    const name = await promptDialog({
      title: t('clouds.create.title'),
      label: t('clouds.create.name'),
      content: t('clouds.create.content'),
      submitLabel: t('clouds.create.submit'),
      validate: (value) => value.trim().length <= CLOUD_NAME_MAX_LENGTH || t('clouds.create.tooLong'),
    });
    if (name === null) return;
    const cloud = await create.mutateAsync({ name: name.trim() });
    showMessage({
      content: t('clouds.create.done', { name: cloud.name }),
      actions: [
        {
          label: t('clouds.create.open'),
          onClick: () => navigate(routes.cloudDashboard.href({ cloudId: cloud.id })),
        },
      ],
    });
  };

  /** After the current cloud is gone, the app goes to the user's next cloud or the no-cloud page. */
  const removed = (cloudId: number) => {
    if (cloudId !== currentCloudId) return;
    // The user's data was fetched again before the change resolved, so it names their next cloud.
    const defaultCloudId = queryClient.getQueryData(meQueryOptions().queryKey)?.default_cloud_id ?? null;
    navigate(
      defaultCloudId === null ? routes.noCloud.href() : routes.clouds.href({ cloudId: defaultCloudId }),
      { replace: true },
    );
  };

  const leaveCloud = async (cloud: CloudSummary) => {
    const confirmed = await confirmDialog({
      title: t('clouds.leave.title', { name: cloud.name }),
      content: t('clouds.leave.content'),
      confirmLabel: t('clouds.leave.confirm'),
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync({ cloudId: cloud.id });
      showMessage({ content: t('clouds.leave.done', { name: cloud.name }) });
      removed(cloud.id);
    } catch (error) {
      // The only Owner may not leave: the cloud would have nobody to manage or delete it.
      const onlyOwner = isApiError(error) && error.status === 409;
      showMessage({
        variant: 'error',
        content: onlyOwner ? t('clouds.leave.onlyOwner') : t('clouds.remove.failed'),
      });
    }
  };

  const deleteCloud = async (cloud: CloudSummary) => {
    const typed = await promptDialog({
      title: t('clouds.delete.title', { name: cloud.name }),
      content: t('clouds.delete.content', { name: cloud.name }),
      label: t('clouds.delete.label'),
      submitLabel: t('clouds.delete.confirm'),
      // The name exactly as it is, so a cloud is never deleted by a slip.
      validate: (value) => value === cloud.name || t('clouds.delete.mismatch'),
    });
    if (typed === null) return;
    try {
      await remove.mutateAsync({ cloudId: cloud.id, deleteName: typed });
      showMessage({ content: t('clouds.delete.done', { name: cloud.name }) });
      removed(cloud.id);
    } catch {
      showMessage({ variant: 'error', content: t('clouds.remove.failed') });
    }
  };

  return { createCloud, leaveCloud, deleteCloud, busy: create.isPending || remove.isPending };
}
