// The task tracker (docs/navigation.md#top-bar-panels, docs/states.md): the recent tasks in tabs Finished and In Progress; closing it marks them viewed.
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PanelPlacement } from '../../../platform/panel/top-bar-panel.tsx';
import { TopBarPanel } from '../../../platform/panel/top-bar-panel.tsx';
import { useOnPanelClosed } from '../../../platform/panel/use-on-panel-closed.ts';
import { useRecentTasks } from '../api/get-recent-tasks.ts';
import { useMarkTaskTrackerAsViewed } from '../api/mark-task-tracker-as-viewed.ts';
import { TaskList, type TaskTab } from './task-list.tsx';

const TABS = [
  { tab: 'finished', label: 'tasks.panel.finished' },
  { tab: 'inProgress', label: 'tasks.panel.inProgress' },
] as const satisfies readonly { tab: TaskTab; label: string }[];

export function TasksPanel({ cloudId, ...placement }: { readonly cloudId: number } & PanelPlacement) {
  const { t } = useTranslation();
  const open = placement.anchorEl !== null;
  const [tab, setTab] = useState<TaskTab>('finished');
  const tabIds = useId();
  const recent = useRecentTasks(cloudId, open);
  const markViewed = useMarkTaskTrackerAsViewed(cloudId).mutate;
  useOnPanelClosed(open, () => markViewed());
  const tabId = (value: TaskTab) => `${tabIds}-tab-${value}`;
  const listId = `${tabIds}-list`;
  return (
    <TopBarPanel
      {...placement}
      title={t('shell.topBar.tasks')}
      header={
        <Tabs
          value={tab}
          onChange={(_, value: TaskTab) => setTab(value)}
          aria-label={t('tasks.panel.tabs')}
          variant="fullWidth"
        >
          {TABS.map(({ tab: value, label }) => (
            <Tab key={value} value={value} label={t(label)} id={tabId(value)} aria-controls={listId} />
          ))}
        </Tabs>
      }
    >
      <TaskList
        id={listId}
        labelledBy={tabId(tab)}
        cloudId={cloudId}
        tab={tab}
        recent={recent}
        onFollow={placement.onClose}
      />
    </TopBarPanel>
  );
}
