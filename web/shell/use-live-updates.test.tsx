// @vitest-environment happy-dom
// The live event stream as the web app uses it: one stream per tab, the current cloud's events only, task
// progress applied to the cached list at once, and a burst of events making one refetch per query.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecentTasks, Task } from '../../core/api/tasks.ts';
import { emptyStateCounts } from '../../core/tasks.ts';
import { LIVE_REOPEN_MS } from '../platform/live-events.ts';
import { LIVE_COALESCE_MS, useLiveUpdates } from './use-live-updates.ts';

class FakeEventSource {
  static opened: FakeEventSource[] = [];
  static readonly CLOSED = 2;
  readonly listeners = new Map<string, (message: { data: string }) => void>();
  readyState = 1;
  closed = false;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }
  addEventListener(kind: string, listener: (message: { data: string }) => void) {
    this.listeners.set(kind, listener);
  }
  close() {
    this.closed = true;
  }
  emit(kind: string, data: object) {
    act(() => this.listeners.get(kind)?.({ data: JSON.stringify(data) }));
  }
  /** The server answered with an error status: EventSource gives up. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    act(() => this.listeners.get('error')?.({ data: '' }));
  }
}

function Live({ cloudId }: { readonly cloudId: number }) {
  useLiveUpdates(cloudId);
  return null;
}

const task = (id: number, fields: Partial<Task> = {}): Task => ({
  id,
  type_id: 'TASK_REBOOT',
  task_state: 'TASK_WAIT_ACK',
  task_params: {},
  execute_at: '2026-11-24T10:00:00.000Z',
  completed_at: null,
  device_id: 5,
  device_name: 'Lobby AP',
  site_id: 7,
  site_name: 'Harbour',
  snvr_device_id: null,
  snvr_device_name: null,
  stateCounts: { ...emptyStateCounts(), TASK_WAIT_ACK: 2 },
  ...fields,
});

let queryClient: QueryClient;
let invalidated: string[];
const stream = () => FakeEventSource.opened[0] as FakeEventSource;
const passBurst = () => act(() => vi.advanceTimersByTimeAsync(LIVE_COALESCE_MS));

function mount(cloudId = 3) {
  return render(
    <QueryClientProvider client={queryClient}>
      <Live cloudId={cloudId} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  queryClient = new QueryClient();
  invalidated = [];
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
    invalidated.push(JSON.stringify(filters?.queryKey));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('live updates', () => {
  it('open one stream for the tab and close it when the frame goes', () => {
    const view = mount();
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <Live cloudId={4} />
      </QueryClientProvider>,
    );
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(['/apiv2/events']);
    view.unmount();
    expect(stream().closed).toBe(true);
  });

  it("reload the badge for a raised alert of the current cloud, and ignore another cloud's", async () => {
    mount();
    stream().emit('alert', { cloud_id: 9, change: 'raised' });
    await passBurst();
    expect(invalidated).toEqual([]);
    stream().emit('alert', { cloud_id: 3, change: 'raised' });
    // At once, not after a delay: the badge, and the activity page's alert history and the dashboard when
    // they are open.
    expect(invalidated).toEqual([
      JSON.stringify(['alerts', 'recent-totals', 3]),
      JSON.stringify(['activity', 'alerts', 3]),
      JSON.stringify(['dashboard', 3]),
    ]);
    await passBurst();
    expect(invalidated).toHaveLength(3);
  });

  it("move a cached task's state and counts at once, without reloading the list", async () => {
    mount();
    const list: RecentTasks = { tasks: [task(40), task(41)], tasks_viewed_at: null };
    queryClient.setQueryData(['tasks', 'recent', 3], list);
    const counts = { ...emptyStateCounts(), TASK_RUNNING: 1, TASK_SUCCESS: 1 };
    stream().emit('task', { cloud_id: 3, task_id: 41, task_state: 'TASK_RUNNING', stateCounts: counts });
    const cached = queryClient.getQueryData<RecentTasks>(['tasks', 'recent', 3]);
    expect(cached?.tasks[1]).toMatchObject({ task_state: 'TASK_RUNNING', stateCounts: counts });
    expect(cached?.tasks[0]).toEqual(task(40));
    const history = JSON.stringify(['activity', 'tasks', 3]);
    expect(invalidated).toEqual([JSON.stringify(['tasks', 'recent-count', 3]), history]);
    await passBurst();

    // A task that finished, or one the list lacks, reloads the list.
    stream().emit('task', { cloud_id: 3, task_id: 41, task_state: 'TASK_SUCCESS', stateCounts: counts });
    stream().emit('task', { cloud_id: 3, task_id: 99, task_state: 'TASK_WAIT_ACK', stateCounts: counts });
    expect(invalidated.slice(2)).toEqual([
      JSON.stringify(['tasks', 'recent', 3]),
      JSON.stringify(['tasks', 'recent-count', 3]),
      history,
    ]);
  });

  it('turn a burst of device changes into a reload at once and one more when the burst is over', async () => {
    mount();
    const reloads = [JSON.stringify(['devices', 'list', 3]), JSON.stringify(['dashboard', 3])];
    for (let n = 0; n < 100; n++) {
      stream().emit('device', { cloud_id: 3, device_id: 5, status_id: 'STATUS_ONLINE' });
    }
    expect(invalidated).toEqual(reloads);
    await passBurst();
    expect(invalidated).toEqual([...reloads, ...reloads]);
    await passBurst();
    expect(invalidated).toHaveLength(4);
  });

  it('open the stream again after a refusal, and not while it reconnects by itself', async () => {
    mount();
    act(() => stream().listeners.get('error')?.({ data: '' }));
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REOPEN_MS));
    expect(FakeEventSource.opened).toHaveLength(1);
    stream().refuse();
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REOPEN_MS));
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(['/apiv2/events', '/apiv2/events']);
    FakeEventSource.opened[1]?.emit('alert', { cloud_id: 3, change: 'raised' });
    expect(invalidated[0]).toEqual(JSON.stringify(['alerts', 'recent-totals', 3]));
  });
});
