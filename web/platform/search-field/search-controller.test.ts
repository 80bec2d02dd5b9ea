import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSearchController, type SearchOptions } from './search-controller.ts';

let searched: string[];

function controller(options: Partial<SearchOptions> = {}) {
  return createSearchController(
    {
      onSearch: (term) => {
        searched.push(term);
      },
      ...options,
    },
    () => undefined,
  );
}

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

beforeEach(() => {
  vi.useFakeTimers();
  searched = [];
});
afterEach(() => vi.useRealTimers());

describe('search field rules (docs/states.md, docs/validation.md)', () => {
  it('searches 1000 ms after the last change', () => {
    const search = controller();
    search.change('a');
    vi.advanceTimersByTime(600);
    search.change('ap');
    vi.advanceTimersByTime(999);
    expect(searched).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(searched).toEqual(['ap']);
  });

  it('searches at once on Enter', () => {
    const search = controller();
    search.change('router');
    search.search();
    expect(searched).toEqual(['router']);
    vi.advanceTimersByTime(2_000);
    expect(searched).toEqual(['router']);
  });

  it('reports an empty string below the minimum length and disables the search button', () => {
    const search = controller({ minLength: 3 });
    search.change('ab');
    expect(search.canSearch()).toBe(false);
    vi.advanceTimersByTime(1_000);
    search.change('abc');
    expect(search.canSearch()).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(searched).toEqual(['', 'abc']);
  });

  it('has a minimum length of 1 by default', () => {
    const search = controller();
    expect(search.canSearch()).toBe(false);
    search.change('   ');
    search.search();
    search.change('x');
    expect(search.canSearch()).toBe(true);
    expect(searched).toEqual(['']);
  });

  it('waits for an explicit search in lazy mode', () => {
    const search = controller({ lazy: true });
    search.change('switch');
    vi.advanceTimersByTime(5_000);
    expect(searched).toEqual([]);
    search.search();
    expect(searched).toEqual(['switch']);
  });

  it('empties the value and reports it when cleared', () => {
    const search = controller();
    search.change('mesh');
    search.clear();
    vi.advanceTimersByTime(2_000);
    expect(search.getState().value).toBe('');
    expect(searched).toEqual(['']);
  });

  it('queues a change made while busy and runs the latest one afterwards', async () => {
    const first = deferred();
    const terms: string[] = [];
    const search = createSearchController(
      {
        onSearch: (term) => {
          terms.push(term);
          return terms.length === 1 ? first.promise : undefined;
        },
      },
      () => undefined,
    );
    search.change('one');
    search.search();
    expect(search.getState().busy).toBe(true);
    search.change('two');
    search.search();
    search.change('three');
    search.search();
    expect(terms).toEqual(['one']);
    first.resolve();
    await vi.runAllTimersAsync();
    expect(terms).toEqual(['one', 'three']);
    expect(search.getState().busy).toBe(false);
  });
});
