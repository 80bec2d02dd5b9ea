// The browser's side of GET /apiv2/events (Server-Sent Events): one stream per tab. EventSource reconnects
// a dropped stream by itself and sends Last-Event-ID, so the server replays what the tab missed meanwhile.
import { LIVE_EVENT_KINDS, type LiveEvent } from '../../core/api/events.ts';

/**
 * EventSource gives up for good when it is answered with an error status (a proxy's 502 while the console
 * restarts): the stream is opened again after this long, and docs/constants.md's polling covers the gap.
 */
export const LIVE_REOPEN_MS = 30_000;

/** Opens the stream and calls onEvent for each event; answers the way to close it. Without EventSource, nothing. */
export function openLiveEvents(onEvent: (event: LiveEvent) => void): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  let source: EventSource;
  let reopen: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    source = new EventSource('/apiv2/events');
    for (const kind of LIVE_EVENT_KINDS) {
      source.addEventListener(kind, (message) => {
        try {
          onEvent({ kind, data: JSON.parse((message as MessageEvent<string>).data) } as LiveEvent);
        } catch {
          // A malformed event is dropped; docs/constants.md's polling still brings the data.
        }
      });
    }
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED) reopen = setTimeout(open, LIVE_REOPEN_MS);
    });
  };
  open();
  return () => {
    clearTimeout(reopen);
    source.close();
  };
}
