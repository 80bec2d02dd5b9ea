// @vitest-environment happy-dom
// docs/states.md: closing the task panel marks the tasks viewed, once per close, however the panel is closed.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { restoreFetch } from '../../../test-utils/fake-fetch.ts';
import {
  advance,
  callsTo,
  fakeTask,
  hoursFromNow,
  installTaskServer,
  MARK_VIEWED_PATH,
  RECENT_TASKS_PATH,
  renderTracker,
} from './test-tasks.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  resetPlatform();
  restoreFetch();
});

const finishedTask = fakeTask(1, { device_name: 'AP-Lobby' });
const scheduledTask = fakeTask(2, {
  device_name: 'AP-Roof',
  task_state: 'TASK_PENDING',
  execute_at: hoursFromNow(5),
  completed_at: null,
});

async function open() {
  fireEvent.click(screen.getByRole('button', { name: /^Tasks/ }));
  await advance(10);
  return screen.getByRole('dialog', { name: 'Tasks' });
}

/** Lets the panel's exit transition end and the calls that follow the close answer. */
async function settle() {
  await advance(1_000);
  expect(screen.queryByRole('dialog', { name: 'Tasks' })).not.toBeInTheDocument();
}

describe('closing the task panel', () => {
  it('marks the tasks viewed, clears the badge and the markers', async () => {
    const requests = installTaskServer({ tasks: [finishedTask], viewedAt: null });
    renderTracker();
    await advance(10);
    expect(screen.getByRole('button', { name: 'Tasks, unseen: 1' })).toBeInTheDocument();
    const panel = await open();
    expect(within(panel).getByText('New')).toBeInTheDocument();
    expect(callsTo(requests, MARK_VIEWED_PATH)).toHaveLength(0);
    fireEvent.keyDown(panel, { key: 'Escape' });
    await settle();
    expect(callsTo(requests, MARK_VIEWED_PATH)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Tasks' })).toBeInTheDocument();
    const again = await open();
    expect(within(again).getByText('AP-Lobby')).toBeInTheDocument();
    expect(within(again).queryByText('New')).not.toBeInTheDocument();
    // Reopened within 60 s: the viewed-at time came with the close, not from another load.
    expect(callsTo(requests, RECENT_TASKS_PATH)).toHaveLength(1);
  });

  it('keeps a task scheduled after the view unseen, on the badge and in the panel', async () => {
    installTaskServer({ tasks: [scheduledTask, finishedTask], viewedAt: null });
    renderTracker();
    await advance(10);
    expect(screen.getByRole('button', { name: 'Tasks, unseen: 2' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^Tasks/ }));
    await advance(10);
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Tasks' })).getByRole('button', { name: 'Close' }),
    );
    await settle();
    expect(screen.getByRole('button', { name: 'Tasks, unseen: 1' })).toBeInTheDocument();
    const panel = await open();
    expect(within(panel).queryByText('New')).not.toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('tab', { name: 'In Progress' }));
    expect(within(panel).getByText('New')).toBeInTheDocument();
  });

  it('marks once per close: with the close button, a click outside and following a task', async () => {
    const requests = installTaskServer({ tasks: [finishedTask], viewedAt: null });
    renderTracker();
    await advance(10);
    expect(callsTo(requests, MARK_VIEWED_PATH)).toHaveLength(0);

    const first = await open();
    fireEvent.click(within(first).getByRole('button', { name: 'Close' }));
    await settle();
    expect(callsTo(requests, MARK_VIEWED_PATH)).toHaveLength(1);

    await open();
    // The Popover's backdrop is what a click outside the panel lands on.
    const backdrop = document.querySelector('.MuiBackdrop-root');
    if (!backdrop) throw new Error('no backdrop');
    fireEvent.click(backdrop);
    await settle();
    expect(callsTo(requests, MARK_VIEWED_PATH)).toHaveLength(2);

    const third = await open();
    fireEvent.click(within(third).getByRole('link'));
    await settle();
    expect(callsTo(requests, MARK_VIEWED_PATH)).toHaveLength(3);
    await advance(5 * 60_000);
    expect(callsTo(requests, MARK_VIEWED_PATH)).toHaveLength(3);
  });
});
