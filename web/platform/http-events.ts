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

/** Called with 'start' when a request leaves and 'end' when it settles, whatever the outcome. */
export const onRequestActivity = activity.add;
export const emitRequestActivity = activity.emit;

/** Called with the X-App-Version of every answer that carries one, starting with the last one seen. */
export function onServerVersion(listener: Listener<string>): () => void {
  if (lastServerVersion !== null) listener(lastServerVersion);
  return versions.add(listener);
}

export function emitServerVersion(version: string): void {
  lastServerVersion = version;
  versions.emit(version);
}
