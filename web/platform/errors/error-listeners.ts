// docs/states.md: an error message triggers the registered error listeners (logging, monitoring). Listeners only
// observe; what the user sees is decided by the error policy.

export interface ErrorNotification {
  readonly level: 'error' | 'warning';
  readonly message: string;
  readonly error?: unknown;
}

export type ErrorListener = (notification: ErrorNotification) => void;

const registered = new Set<ErrorListener>();

/** Registers a listener; returns the function that removes it. */
export function addErrorListener(listener: ErrorListener): () => void {
  registered.add(listener);
  return () => registered.delete(listener);
}

export function notifyErrorListeners(notification: ErrorNotification): void {
  for (const listener of [...registered]) {
    try {
      listener(notification);
    } catch {
      // A broken listener must not break the page that is already reporting a problem.
    }
  }
}
