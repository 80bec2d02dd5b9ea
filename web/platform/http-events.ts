// What the HTTP client tells the rest of the app without acting on it: requests in flight (the progress
// bar follows them) and the server's version on each answer (the error policy compares it).

type Listener<T> = (value: T) => void;

function listeners<T>() {
  const set = new Set<Listener<T>>();
  return {
    add(listener: Listener<T>): () => void {
      set.add(listener);
      return () => set.delete(listener);
    },
    emit(value: T): void {
      for (const listener of [...set]) listener(value);
    },
  };
}

const activity = listeners<'start' | 'end'>();
const versions = listeners<string>();
let lastServerVersion: string | null = null;

let inFlight = 0;

/**
 * Called with 'start' when a request leaves and 'end' when it settles, whatever the outcome; a late listener
 * (the progress bar mounts after a page load's first calls have left) first hears a 'start' for each request
 * still in flight.
 */
export function onRequestActivity(listener: Listener<'start' | 'end'>): () => void {
  for (let request = 0; request < inFlight; request++) listener('start');
  return activity.add(listener);
}

export function emitRequestActivity(event: 'start' | 'end'): void {
  inFlight += event === 'start' ? 1 : -1;
  activity.emit(event);
}

/** Called with the X-App-Version of every answer that carries one, starting with the last one seen. */
export function onServerVersion(listener: Listener<string>): () => void {
  if (lastServerVersion !== null) listener(lastServerVersion);
  return versions.add(listener);
}

export function emitServerVersion(version: string): void {
  lastServerVersion = version;
  versions.emit(version);
}
