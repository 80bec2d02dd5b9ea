// docs/states.md, docs/validation.md search field rules: minimum length (default 1; below it '' is reported), 1000 ms debounce,
// Enter searches at once, lazy mode waits for an explicit search, clear empties it, and a change made while
// a search is busy is queued until it ends.
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH_DEFAULT } from '../../../core/constants.ts';

export interface SearchOptions {
  /** Called with the search term; a returned promise keeps the field busy until it settles. */
  readonly onSearch: (term: string) => unknown;
  readonly minLength?: number;
  readonly debounceMs?: number;
  /** Only an explicit search (Enter or the button) reports the term. */
  readonly lazy?: boolean;
}

export interface SearchState {
  readonly value: string;
  readonly busy: boolean;
}

export function createSearchController(options: SearchOptions, onChange: (state: SearchState) => void) {
  const minLength = options.minLength ?? SEARCH_MIN_LENGTH_DEFAULT;
  const debounceMs = options.debounceMs ?? SEARCH_DEBOUNCE_MS;
  let state: SearchState = { value: '', busy: false };
  let timer: ReturnType<typeof setTimeout> | null = null;
  let queued: string | null = null;

  const update = (next: Partial<SearchState>) => {
    state = { ...state, ...next };
    onChange(state);
  };
  const cancelTimer = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };

  /** The term reported for a value: trimmed, or '' below the minimum length. */
  const termOf = (value: string) => (value.trim().length >= minLength ? value.trim() : '');

  function run(term: string): void {
    if (state.busy) {
      queued = term;
      return;
    }
    const result = options.onSearch(term);
    if (!(result instanceof Promise)) return;
    update({ busy: true });
    result
      .catch(() => undefined)
      .then(() => {
        update({ busy: false });
        if (queued === null) return;
        const next = queued;
        queued = null;
        run(next);
      });
  }

  return {
    getState: () => state,
    canSearch: () => state.value.trim().length >= minLength,
    change(value: string): void {
      update({ value });
      if (options.lazy) return;
      cancelTimer();
      timer = setTimeout(() => {
        timer = null;
        run(termOf(state.value));
      }, debounceMs);
    },
    /** Enter or the search button: at once. */
    search(): void {
      cancelTimer();
      run(termOf(state.value));
    },
    clear(): void {
      cancelTimer();
      update({ value: '' });
      run('');
    },
    dispose: cancelTimer,
  };
}

export type SearchController = ReturnType<typeof createSearchController>;
