// @vitest-environment happy-dom
// docs/states.md unseen rule on the panel's markers and the Tasks badge (docs/constants.md: at most 99, then '99+').
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Task } from '../../../../core/api/tasks.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { advance, fakeTask, hoursFromNow, installTaskServer, renderTracker } from './test-tasks.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  resetPlatform();
  restoreFetch();
});

const viewedAt = hoursFromNow(-1);
const finished = (id: number, fields: Partial<Task>) => fakeTask(id, fields);
const inProgress = (id: number, fields: Partial<Task>) =>
  fakeTask(id, { task_state: 'TASK_RUNNING', completed_at: null, ...fields });

// One task for each branch of the rule, named by its device.
const tasks = [
  finished(1, {
    device_name: 'completed-after',
    execute_at: hoursFromNow(-3),
    completed_at: hoursFromNow(-0.5),
  }),
  finished(2, {
    device_name: 'completed-before',
    execute_at: hoursFromNow(-3),
    completed_at: hoursFromNow(-2),
  }),
  finished(3, {
    device_name: 'failed-after',
    task_state: 'TASK_FAIL',
    execute_at: hoursFromNow(-0.5),
    completed_at: hoursFromNow(-0.2),
  }),
  inProgress(4, { device_name: 'started-after', execute_at: hoursFromNow(-0.5) }),
  inProgress(5, { device_name: 'started-before', execute_at: hoursFromNow(-2) }),
  inProgress(6, { device_name: 'scheduled-ahead', task_state: 'TASK_PENDING', execute_at: hoursFromNow(5) }),
];

async function openPanel() {
  await advance(10);
  fireEvent.click(screen.getByRole('button', { name: /^Tasks/ }));
  await advance(10);
  return screen.getByRole('dialog', { name: 'Tasks' });
}

/** The devices of the tasks in the open tab that carry the unseen marker. */
function unseenIn(panel: HTMLElement): string[] {
  return within(panel)
    .getAllByRole('link')
    .filter((link) => within(link).queryByText('New') !== null)
    .map((link) => within(link).getByText(/-(after|before|ahead)$/).textContent ?? '');
}

describe('unseen tasks', () => {
  it('marks tasks completed after the last view, or not successful and scheduled after it', async () => {
    installTaskServer({ tasks, viewedAt });
    renderTracker();
    const panel = await openPanel();
    expect(unseenIn(panel)).toEqual(['completed-after', 'failed-after']);
    fireEvent.click(within(panel).getByRole('tab', { name: 'In Progress' }));
    expect(unseenIn(panel)).toEqual(['started-after', 'scheduled-ahead']);
  });

  it('marks every task before the tracker was ever viewed', async () => {
    installTaskServer({ tasks, viewedAt: null });
    renderTracker();
    const panel = await openPanel();
    expect(unseenIn(panel)).toHaveLength(3);
    fireEvent.click(within(panel).getByRole('tab', { name: 'In Progress' }));
    expect(unseenIn(panel)).toHaveLength(3);
  });

  it('counts on the badge the tasks the panel marks, and says the count in the button name', async () => {
    installTaskServer({ tasks, viewedAt });
    renderTracker();
    await advance(10);
    const button = screen.getByRole('button', { name: 'Tasks, unseen: 4' });
    expect(within(button).getByText('4')).toBeInTheDocument();
  });

  it('has no badge and the plain name with nothing unseen', async () => {
    installTaskServer({ tasks: [tasks[1] as Task, tasks[4] as Task], viewedAt });
    renderTracker();
    await advance(10);
    const button = screen.getByRole('button', { name: 'Tasks' });
    // MUI keeps a zero badge in the page, hidden.
    expect(button.querySelector('.MuiBadge-badge:not(.MuiBadge-invisible)')).toBeNull();
  });

  it("counts 99 on the badge, then shows '99+' from 100 on", async () => {
    const data = { tasks, viewedAt, count: { newCompleted: 60, newRunning: 39 } };
    installTaskServer(data);
    renderTracker();
    await advance(10);
    expect(
      within(screen.getByRole('button', { name: 'Tasks, unseen: 99' })).getByText('99'),
    ).toBeInTheDocument();
    data.count = { newCompleted: 60, newRunning: 40 };
    await advance(60_000);
    const button = screen.getByRole('button', { name: 'Tasks, unseen: 100' });
    expect(within(button).getByText('99+')).toBeInTheDocument();
  });
});
