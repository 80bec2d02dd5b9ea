// The Tasks button with the number of unseen tasks on its badge (docs/navigation.md#top-bar-panels, docs/states.md, docs/constants.md: at most 99, then '99+').
import AssignmentIcon from '@mui/icons-material/Assignment';
import { useTranslation } from 'react-i18next';
import { PanelButton, type PanelButtonState } from '../../../platform/panel/panel-button.tsx';
import { useUnseenTaskCount } from '../api/get-recent-tasks-count.ts';

export function TasksButton({ cloudId, ...state }: { readonly cloudId: number } & PanelButtonState) {
  const { t } = useTranslation();
  const count = useUnseenTaskCount(cloudId);
  return (
    <PanelButton
      {...state}
      title={t('shell.topBar.tasks')}
      badge={count}
      countLabel={t('tasks.button.unseenCount', { count })}
    >
      <AssignmentIcon />
    </PanelButton>
  );
}
