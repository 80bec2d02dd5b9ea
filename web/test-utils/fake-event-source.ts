// Stands in for the browser's EventSource in web tests: the app opens its live event stream through
// web/platform/live-events.ts as in the browser, and the test delivers server-sent messages to it.
import { act } from '@testing-library/react';
import { vi } from 'vitest';

export class FakeEventSource {
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
  /** A message of the given event kind, as the server writes it (its data is JSON). */
  emit(kind: string, data: object) {
    act(() => this.listeners.get(kind)?.({ data: JSON.stringify(data) }));
  }
  /** The stream dropped: EventSource reconnects by itself. */
  drop() {
    act(() => this.listeners.get('error')?.({ data: '' }));
  }
  /** The server answered with an error status: EventSource gives up. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    act(() => this.listeners.get('error')?.({ data: '' }));
  }
}

/** Installs the stand-in as the global EventSource; undo with vi.unstubAllGlobals(). */
export function installFakeEventSource() {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
}

/** The stream the app opened last. */
export const liveStream = () => FakeEventSource.opened.at(-1) as FakeEventSource;
