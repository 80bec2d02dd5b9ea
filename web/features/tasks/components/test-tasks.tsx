// Web tests of the task tracker: a scripted server for its calls, and its button and panel in a router the way
// the top bar mounts them (one anchor, closing hands the panel null).
import { act } from '@testing-library/react';
import { type MouseEvent, useState } from 'react';
import { vi } from 'vitest';
import type { RecentTasksCount, Task } from '../../../../core/api/tasks.ts';
import { isFinished } from '../../../../core/tasks.ts';
import { installFakeFetch, jsonResponse } from '../../../test-utils/fake-fetch.ts';
import { renderRoutes } from '../../../test-utils/render-routes.tsx';
import { TasksButton } from './tasks-button.tsx';
import { TasksPanel } from './tasks-panel.tsx';

export const CLOUD_ID = 3;
export const RECENT_TASKS_PATH = `/apiv2/cloud/${CLOUD_ID}/recent-tasks`;
export const COUNT_PATH = `/apiv2/cloud/${CLOUD_ID}/recent-tasks-count`;
export const MARK_VIEWED_PATH = `/apiv2/cloud/${CLOUD_ID}/mark-task-tracker-as-viewed`;

const HOUR_MS = 60 * 60_000;
/** An ISO time this many hours from now (negative: in the past). */
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR_MS).toISOString();

export function fakeTask(id: number, fields: Partial<Task> = {}): Task {
  return {
    id,
    type_id: 'TASK_REBOOT',
    task_state: 'TASK_SUCCESS',
    task_params: {},
    execute_at: hoursFromNow(-3),
    completed_at: hoursFromNow(-2),
    device_id: id * 10,
    device_name: `AP-${id}`,
    site_id: 1,
    site_name: 'Harbour Office',
    snvr_device_id: null,
    snvr_device_name: null,
    stateCounts: {
      TASK_PENDING: 0,
      TASK_STANDBY: 0,
      TASK_WAIT_ACK: 0,
      TASK_RUNNING: 0,
      TASK_SUCCESS: 1,
      TASK_FAIL: 0,
      TASK_TIMEOUT: 0,
      TASK_CANCELED: 0,
    },
    ...fields,
  };
}

export interface FakeTaskData {
  tasks: Task[];
  viewedAt: string | null;
  /** A scripted answer of the count call; by default the server's count of `tasks`. */
  count?: RecentTasksCount;
}

const after = (time: string | null, viewedAt: string | null) =>
  time !== null && (viewedAt === null || Date.parse(time) > Date.parse(viewedAt));

/** The server's count (server/features/tasks/repository.ts countNewTasks), written out for the fake. */
function serverCount({ tasks, viewedAt }: FakeTaskData): RecentTasksCount {
  const finished = tasks.filter((task) => isFinished(task.task_state));
  const running = tasks.filter((task) => !isFinished(task.task_state));
  return {
    newCompleted: finished.filter((task) => after(task.completed_at, viewedAt)).length,
    newRunning: running.filter((task) => after(task.execute_at, viewedAt)).length,
  };
}

/** Answers the tracker's calls from `data`, which tests may change; returns the requests received. */
export function installTaskServer(data: FakeTaskData) {
  return installFakeFetch(({ method, path, query }) => {
    if (method === 'GET' && path === RECENT_TASKS_PATH) {
      const limit = Number(query.get('limit'));
      return jsonResponse(200, { tasks: data.tasks.slice(0, limit), tasks_viewed_at: data.viewedAt });
    }
    if (method === 'GET' && path === COUNT_PATH) return jsonResponse(200, data.count ?? serverCount(data));
    if (method === 'POST' && path === MARK_VIEWED_PATH) {
      data.viewedAt = new Date().toISOString();
      data.count = undefined;
      return jsonResponse(200, { ok: true });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
}

/** The requests of one call so far. */
export const callsTo = (requests: { method: string; path: string }[], path: string) =>
  requests.filter((request) => request.path === path);

function Tracker() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <TasksButton
        cloudId={CLOUD_ID}
        panelId="tasks-panel"
        open={anchor !== null}
        onOpen={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      />
      <TasksPanel cloudId={CLOUD_ID} id="tasks-panel" anchorEl={anchor} onClose={() => setAnchor(null)} />
    </>
  );
}

/** The Tasks button and panel on a cloud page, with a page for every address the panel links to. */
export function renderTracker() {
  return renderRoutes([{ path: '*', element: <Tracker /> }], `/cloud/${CLOUD_ID}/dashboard`);
}

/** Runs fake time forward and lets answers through the query cache, which batches its updates on a timer. */
export async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}
