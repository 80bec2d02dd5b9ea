// @vitest-environment happy-dom
// docs/constants.md: recent tasks refresh every minute while the panel is open, and opening it reloads a list older
// than 60 s; the badge's count refreshes every minute.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { restoreFetch } from '../../../test-utils/fake-fetch.ts';
import {
  advance,
  COUNT_PATH,
  callsTo,
  fakeTask,
  installTaskServer,
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

const tasksButton = () => screen.getByRole('button', { name: /^Tasks/ });
const panel = () => screen.queryByRole('dialog', { name: 'Tasks' });

async function open() {
  fireEvent.click(tasksButton());
  await advance(10);
  return screen.getByRole('dialog', { name: 'Tasks' });
}

/** Closes the panel and lets its exit transition end. */
async function close() {
  fireEvent.keyDown(screen.getByRole('dialog', { name: 'Tasks' }), { key: 'Escape' });
  await advance(1_000);
  expect(panel()).not.toBeInTheDocument();
}

describe('task tracker refresh', () => {
  it('loads no list until the panel opens, then refreshes it every minute while it stays open', async () => {
    const requests = installTaskServer({ tasks: [fakeTask(1)], viewedAt: null });
    renderTracker();
    await advance(10);
    expect(callsTo(requests, RECENT_TASKS_PATH)).toHaveLength(0);
    const dialog = await open();
    expect(callsTo(requests, RECENT_TASKS_PATH)).toHaveLength(1);
    expect(within(dialog).getAllByRole('link')).toHaveLength(1);
    await advance(59_000);
    expect(callsTo(requests, RECENT_TASKS_PATH)).toHaveLength(1);
    await advance(1_000);
    expect(callsTo(requests, RECENT_TASKS_PATH)).toHaveLength(2);
    await advance(60_000);
    expect(callsTo(requests, RECENT_TASKS_PATH)).toHaveLength(3);
  });

  it('shows the tasks a refresh brings', async () => {
    const data = { tasks: [fakeTask(1)], viewedAt: null };
    installTaskServer(data);
    renderTracker();
    const dialog = await open();
    expect(within(dialog).getAllByRole('link')).toHaveLength(1);
    data.tasks = [fakeTask(2), fakeTask(1)];
    await advance(60_000);
    expect(within(dialog).getAllByRole('link')).toHaveLength(2);
  });

  it('stops refreshing the list while the panel is closed', async () => {
    const requests = installTaskServer({ tasks: [fakeTask(1)], viewedAt: null });
    renderTracker();
    await open();
    await close();
    await advance(5 * 60_000);
    expect(callsTo(requests, RECENT_TASKS_PATH)).toHaveLength(1);
  });

  it('reloads the list on opening when it is older than 60 s, and not when it is fresher', async () => {
    const requests = installTaskServer({ tasks: [fakeTask(1)], viewedAt: null });
    renderTracker();
    await open();
    await close();
    // Reopened 58 s after the list loaded.
    await advance(57_000 - 10);
    await open();
    expect(callsTo(requests, RECENT_TASKS_PATH)).toHaveLength(1);
    await close();
    // Reopened 61 s after it loaded.
    await advance(1_990);
    await open();
    expect(callsTo(requests, RECENT_TASKS_PATH)).toHaveLength(2);
  });

  it('polls the unseen count every minute, panel open or not', async () => {
    const requests = installTaskServer({ tasks: [fakeTask(1)], viewedAt: null });
    renderTracker();
    await advance(10);
    expect(callsTo(requests, COUNT_PATH)).toHaveLength(1);
    await advance(59_000);
    expect(callsTo(requests, COUNT_PATH)).toHaveLength(1);
    await advance(1_000);
    expect(callsTo(requests, COUNT_PATH)).toHaveLength(2);
    await open();
    await advance(60_000);
    expect(callsTo(requests, COUNT_PATH)).toHaveLength(3);
  });
});
