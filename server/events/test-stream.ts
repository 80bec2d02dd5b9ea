/** One message of a text/event-stream. */
export type StreamEvent = { id: number; event: string; data: Record<string, unknown> };

/**
 * Opens GET /apiv2/events as a browser would (its session cookie, Last-Event-ID on a reconnect) and reads
 * its messages one at a time.
 */
export async function openStream(baseUrl: string, cookie: string, lastEventId?: number) {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/apiv2/events`, {
    headers: { cookie, ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }) },
    signal: abort.signal,
  });
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const queued: StreamEvent[] = [];

  async function next(timeoutMs = 5000): Promise<StreamEvent> {
    const deadline = Date.now() + timeoutMs;
    while (queued.length === 0) {
      if (!reader) throw new Error(`no stream: ${response.status}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no event in time');
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('no event in time')), left);
        }),
      ]).finally(() => clearTimeout(timer));
      if (chunk.done) throw new Error('the stream ended');
      buffer += chunk.value;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = Object.fromEntries(
          block
            .split('\n')
            .filter((line) => line && !line.startsWith(':'))
            .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
        );
        if (fields.event && fields.data) {
          queued.push({ id: Number(fields.id), event: fields.event, data: JSON.parse(fields.data) });
        }
        end = buffer.indexOf('\n\n');
      }
    }
    return queued.shift() as StreamEvent;
  }

  return {
    status: response.status,
    next,
    /** The next event matching, skipping others. */
    async until(match: (event: StreamEvent) => boolean, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const event = await next(Math.max(1, deadline - Date.now()));
        if (match(event)) return event;
      }
    },
    close: () => abort.abort(),
  };
}
