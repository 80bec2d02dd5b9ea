// @vitest-environment happy-dom
// What the task panel shows: its two tabs, each task's title, target, state, progress, errors, time and link.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { meFixture } from '../../../test-utils/me-fixture.ts';
import { meQueryOptions } from '../../auth/index.ts';
import {
  fakeTask,
  hoursFromNow,
  installTaskServer,
  RECENT_TASKS_PATH,
  renderTracker,
} from './test-tasks.tsx';

afterEach(() => {
  resetPlatform();
  restoreFetch();
});

const finishedTasks = [
  fakeTask(1, { type_id: 'TASK_FW_UPDATE', device_name: 'AP-Lobby' }),
  fakeTask(2, {
    type_id: 'TASK_CONFIG_CHANGE',
    task_state: 'TASK_FAIL',
    device_id: null,
    device_name: null,
    site_name: 'Harbour Office',
    stateCounts: { ...fakeTask(2).stateCounts, TASK_SUCCESS: 3, TASK_FAIL: 1, TASK_TIMEOUT: 1 },
  }),
];
const runningTasks = [
  fakeTask(3, {
    type_id: 'TASK_FW_ROLLING_UPDATE',
    task_state: 'TASK_RUNNING',
    completed_at: null,
    device_id: null,
    device_name: null,
    stateCounts: {
      ...fakeTask(3).stateCounts,
      TASK_SUCCESS: 1,
      TASK_FAIL: 1,
      TASK_RUNNING: 1,
      TASK_PENDING: 3,
    },
  }),
  fakeTask(4, {
    type_id: 'TASK_ONVIF_SCAN_AND_COLLECT',
    task_state: 'TASK_WAIT_ACK',
    completed_at: null,
    device_id: null,
    device_name: null,
    site_id: null,
    site_name: null,
    snvr_device_id: 7,
    snvr_device_name: 'Gate Recorder',
  }),
];

async function openPanel() {
  fireEvent.click(await screen.findByRole('button', { name: /^Tasks/ }));
  return screen.findByRole('dialog', { name: 'Tasks' });
}

// A zone away from UTC and from the machine's, so the user's zone shows.
const ZONE = 'Pacific/Chatham';
// Swedish dates read YYYY-MM-DD HH:mm, the fixture user's date and time formats.
const inZone = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'short', timeZone: ZONE }).format(
    new Date(iso),
  );

const taskLinks = (panel: HTMLElement) => within(panel).queryAllByRole('link');

describe('task panel', () => {
  it('lists finished tasks under Finished and the others under In Progress', async () => {
    const requests = installTaskServer({ tasks: [...runningTasks, ...finishedTasks], viewedAt: null });
    renderTracker();
    const panel = await openPanel();
    const finishedTab = within(panel).getByRole('tab', { name: 'Finished' });
    expect(finishedTab).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(taskLinks(panel)).toHaveLength(2));
    expect(within(panel).getByRole('tabpanel', { name: 'Finished' })).toBeInTheDocument();
    expect(taskLinks(panel).map((link) => link.textContent)).toEqual([
      expect.stringContaining('Firmware update'),
      expect.stringContaining('Configuration change'),
    ]);
    fireEvent.click(within(panel).getByRole('tab', { name: 'In Progress' }));
    expect(within(panel).getByRole('tabpanel', { name: 'In Progress' })).toBeInTheDocument();
    expect(taskLinks(panel).map((link) => link.textContent)).toEqual([
      expect.stringContaining('Rolling firmware update'),
      expect.stringContaining('ONVIF camera scan'),
    ]);
    expect(requests.find((request) => request.path === RECENT_TASKS_PATH)?.query.get('limit')).toBe('20');
  });

  it("says 'No recently finished tasks' and 'No in-progress tasks' for empty tabs", async () => {
    installTaskServer({ tasks: runningTasks, viewedAt: null });
    renderTracker();
    const panel = await openPanel();
    expect(await within(panel).findByText('No recently finished tasks')).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('tab', { name: 'In Progress' }));
    expect(taskLinks(panel)).toHaveLength(2);

    resetPlatform();
    installTaskServer({ tasks: finishedTasks, viewedAt: null });
    renderTracker();
    const other = await openPanel();
    fireEvent.click(within(other).getByRole('tab', { name: 'In Progress' }));
    expect(await within(other).findByText('No in-progress tasks')).toBeInTheDocument();
  });

  it('shows the type, its description, the target, the state label, percent complete and errors', async () => {
    installTaskServer({ tasks: [...runningTasks, ...finishedTasks], viewedAt: null });
    renderTracker();
    const panel = await openPanel();
    const [update, change] = await waitFor(() => {
      const links = taskLinks(panel);
      expect(links).toHaveLength(2);
      return links as [HTMLElement, HTMLElement];
    });
    expect(within(update).getByText('Installs new firmware on the devices.')).toBeInTheDocument();
    expect(within(update).getByText('AP-Lobby')).toBeInTheDocument();
    expect(within(update).getByText('Success')).toBeInTheDocument();
    expect(within(update).getByRole('progressbar', { name: 'Progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(within(update).queryByText(/^Errors/)).not.toBeInTheDocument();
    // A site-wide task names its site; errors are the failed, timed-out and canceled targets.
    expect(within(change).getByText('Harbour Office')).toBeInTheDocument();
    expect(within(change).getByText('Failed')).toBeInTheDocument();
    expect(within(change).getByText('Errors: 2')).toBeInTheDocument();
    expect(within(change).getByText('100% complete')).toBeInTheDocument();

    fireEvent.click(within(panel).getByRole('tab', { name: 'In Progress' }));
    const [rolling, scan] = taskLinks(panel) as [HTMLElement, HTMLElement];
    // 2 of 6 targets finished.
    const progress = within(rolling).getByRole('progressbar', { name: 'Progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '33');
    expect(progress).toHaveAttribute('aria-valuemin', '0');
    expect(progress).toHaveAttribute('aria-valuemax', '100');
    expect(within(rolling).getByText('33% complete')).toBeInTheDocument();
    expect(within(rolling).getByText('Running')).toBeInTheDocument();
    expect(within(rolling).getByText('Errors: 1')).toBeInTheDocument();
    expect(within(scan).getByText('Gate Recorder')).toBeInTheDocument();
    expect(within(scan).getByText('Contacting device(s)')).toBeInTheDocument();
  });

  it("gives the completed time of finished tasks and the scheduled time of others, in the user's zone", async () => {
    const pending = fakeTask(5, {
      task_state: 'TASK_PENDING',
      execute_at: hoursFromNow(5),
      completed_at: null,
    });
    installTaskServer({ tasks: [pending, finishedTasks[0] ?? fakeTask(1)], viewedAt: null });
    const { queryClient } = renderTracker();
    const me = meFixture();
    queryClient.setQueryData(meQueryOptions().queryKey, { ...me, user: { ...me.user, timezone: ZONE } });
    const panel = await openPanel();
    const completed = finishedTasks[0]?.completed_at ?? '';
    const completedText = `Completed ${inZone(completed)}`;
    expect(await within(panel).findByText(completedText)).toHaveAttribute('datetime', completed);
    fireEvent.click(within(panel).getByRole('tab', { name: 'In Progress' }));
    const scheduledText = `Scheduled for ${inZone(pending.execute_at)}`;
    expect(within(panel).getByText(scheduledText)).toHaveAttribute('datetime', pending.execute_at);
    expect(within(panel).getByText('Scheduled')).toBeInTheDocument();
  });

  it('links each task to the cloud activity page with its status and id, and closes on following it', async () => {
    installTaskServer({ tasks: [...runningTasks, ...finishedTasks], viewedAt: null });
    const { router } = renderTracker();
    const panel = await openPanel();
    const [update] = await waitFor(() => {
      const links = taskLinks(panel);
      expect(links).toHaveLength(2);
      return links as [HTMLElement];
    });
    expect(update).toHaveAttribute('href', '/cloud/3/activity?status=SUCCESS%2BFAIL%2BTIMEOUT&id=1');
    fireEvent.click(within(panel).getByRole('tab', { name: 'In Progress' }));
    const [rolling] = taskLinks(panel) as [HTMLElement];
    expect(rolling).toHaveAttribute('href', '/cloud/3/activity?status=RUNNING%2BPENDING&id=3');
    fireEvent.click(rolling);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tasks' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/cloud/3/activity');
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('status')).toBe('RUNNING+PENDING');
    expect(search.get('id')).toBe('3');
  });
});
