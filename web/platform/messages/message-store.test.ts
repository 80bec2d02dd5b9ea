import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addErrorListener, type ErrorNotification } from '../errors/error-listeners.ts';
import { createMessageStore, type MessageStore } from './message-store.ts';

let store: MessageStore;

const shown = () =>
  store
    .getMessages()
    .filter((message) => message.state === 'open')
    .map((message) => message.content);
const all = () => store.getMessages().map((message) => `${message.content}:${message.state}`);

/** The toast host calls this when the exit transition ends. */
function exitClosing(): void {
  const first = store.getMessages()[0];
  if (first?.state === 'closing') store.messageExited(first.id);
}

beforeEach(() => {
  vi.useFakeTimers();
  store = createMessageStore();
});
afterEach(() => vi.useRealTimers());

describe('toast queue (docs/states.md)', () => {
  it('shows one toast at a time; the next shows when the previous has exited', () => {
    store.showMessage({ content: 'First', variant: 'info' });
    store.showMessage({ content: 'Second', variant: 'info', domain: 'other' });
    expect(all()).toEqual(['First:open', 'Second:queued']);
    store.closeMessage(store.getMessages()[0]?.id ?? 0);
    expect(all()).toEqual(['First:closing', 'Second:queued']);
    exitClosing();
    expect(shown()).toEqual(['Second']);
  });

  it('closes a success toast after 5 s, or 10 s with actions', () => {
    store.showMessage({ content: 'Saved.' });
    vi.advanceTimersByTime(4_999);
    expect(shown()).toEqual(['Saved.']);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([]);
    exitClosing();

    store.showMessage({ content: 'Deleted.', actions: [{ label: 'Undo', onClick: () => undefined }] });
    vi.advanceTimersByTime(9_999);
    expect(shown()).toEqual(['Deleted.']);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([]);
  });

  it('starts the timer of a queued success toast only when it shows', () => {
    store.showMessage({ content: 'Blocking', variant: 'warning' });
    store.showMessage({ content: 'Queued success', domain: 'other' });
    vi.advanceTimersByTime(60_000);
    store.closeMessage(store.getMessages()[0]?.id ?? 0);
    exitClosing();
    vi.advanceTimersByTime(4_999);
    expect(shown()).toEqual(['Queued success']);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([]);
  });

  it('keeps a success toast open when asked, and other variants until closed', () => {
    store.showMessage({ content: 'Kept', keepOpen: true });
    vi.advanceTimersByTime(60_000);
    expect(shown()).toEqual(['Kept']);
    store.clear();
    for (const variant of ['info', 'warning', 'error'] as const) {
      store.showMessage({ content: variant, variant });
      vi.advanceTimersByTime(60_000);
      expect(shown()).toEqual([variant]);
      store.clear();
    }
  });

  it('closes after autoClose milliseconds, whatever the variant', () => {
    store.showMessage({ content: 'Brief', variant: 'error', autoClose: 3_000 });
    vi.advanceTimersByTime(2_999);
    expect(shown()).toEqual(['Brief']);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([]);
  });
});

describe('system messages (docs/states.md)', () => {
  it('uses the defaults: success, default-domain, closable', () => {
    store.showMessage({ content: 'Hello' });
    expect(store.getMessages()[0]).toMatchObject({
      variant: 'success',
      domain: 'default-domain',
      closable: true,
    });
  });

  it('closes older messages of the same domain when a new one comes', () => {
    store.showMessage({ content: 'Old shown', variant: 'info', domain: 'sites' });
    store.showMessage({ content: 'Other domain', variant: 'info', domain: 'users' });
    store.showMessage({ content: 'Old queued', variant: 'info', domain: 'sites' });
    store.showMessage({ content: 'New', variant: 'info', domain: 'sites' });
    expect(all()).toEqual(['Old shown:closing', 'Other domain:queued', 'New:queued']);
  });

  it('ignores a duplicate of the same variant, content, actions and domain', () => {
    const action = [{ label: 'Retry', onClick: () => undefined }];
    const first = store.showMessage({ content: 'Same', variant: 'warning', actions: action });
    expect(store.showMessage({ content: 'Same', variant: 'warning', actions: action })).toBe(first);
    expect(store.getMessages()).toHaveLength(1);
    store.showMessage({ content: 'Same', variant: 'info', actions: action, domain: 'x' });
    store.showMessage({ content: 'Same', variant: 'warning', domain: 'y' });
    expect(store.getMessages()).toHaveLength(3);
  });

  it('calls the registered error listeners for an error message', () => {
    const heard: ErrorNotification[] = [];
    const remove = addErrorListener((notification) => heard.push(notification));
    store.showMessage({ content: 'Fine' });
    store.showMessage({ content: 'Broken', variant: 'error', domain: 'e' });
    remove();
    store.showMessage({ content: 'Unheard', variant: 'error', domain: 'f' });
    expect(heard).toEqual([{ level: 'error', message: 'Broken', error: undefined }]);
  });

  it('tells the sender when its message closes, once', () => {
    const onClosed = vi.fn();
    store.showMessage({ content: 'Watched', variant: 'info', onClosed });
    const id = store.getMessages()[0]?.id ?? 0;
    store.closeMessage(id);
    store.closeMessage(id);
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('closes every message of a domain', () => {
    store.showMessage({ content: 'A', variant: 'info', domain: 'net' });
    store.showMessage({ content: 'B', variant: 'info', domain: 'keep' });
    store.closeDomain('net');
    exitClosing();
    expect(shown()).toEqual(['B']);
  });
});
