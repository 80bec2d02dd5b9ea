// The browser's side of GET /apiv2/events (Server-Sent Events): one stream per tab. EventSource reconnects
// by itself and sends Last-Event-ID, so the server replays what the tab missed meanwhile.

export type LiveEventKind = 'alert' | 'task' | 'device';
export type LiveEvent = { kind: LiveEventKind; data: { cloudId: number } & Record<string, unknown> };

const KINDS: readonly LiveEventKind[] = ['alert', 'task', 'device'];

/** Opens the stream and calls onEvent for each event; answers the way to close it. Without EventSource, nothing. */
export function openLiveEvents(onEvent: (event: LiveEvent) => void): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource('/apiv2/events');
  for (const kind of KINDS) {
    source.addEventListener(kind, (message) => {
      try {
        onEvent({ kind, data: JSON.parse((message as MessageEvent<string>).data) });
      } catch {
        // A malformed event is dropped; SPEC §9's polling still brings the data.
      }
    });
  }
  return () => source.close();
}
