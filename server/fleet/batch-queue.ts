/**
 * What a batch's writer answers for one of its items, once the batch is settled (committed or not).
 * `retry`: the item lost a race with another writer and is taken again in a later batch.
 */
export type ItemOutcome<R> = { ok: R } | { error: unknown } | { retry: true };

export type BatchQueueOptions<T, R> = {
  /** Most items in one batch. */
  maxItems: number;
  /** Most bytes in one batch, as `weigh` counts them; an item heavier than this goes alone. */
  maxBytes: number;
  weigh: (item: T) => number;
  /** Items of one key are never in two batches at once, nor twice in one, and are written in order. */
  keyOf?: (item: T) => number;
  /** Batches written at the same time. */
  concurrency?: number;
  /** Times one item is taken again before it is answered with `retryError`. */
  maxRetries?: number;
  retryError?: () => unknown;
  /** Told how long each item waited, in milliseconds, when a batch takes it (docs/metrics.md#the-fleet). */
  onTaken?: (waitedMs: number) => void;
  /**
   * Writes a batch and answers one outcome per item, in order. It answers only once its transaction is
   * over, so an item is taken again only after the batch it lost in is settled; when it throws, every item
   * of the batch is answered with that error and none is taken again.
   */
  write: (items: readonly T[]) => Promise<readonly ItemOutcome<R>[]>;
};

type Entry<T, R> = {
  item: T;
  bytes: number;
  retries: number;
  /** When it was queued (performance.now()), or taken again after a lost race. */
  queuedAt: number;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
};

/**
 * A queue of requests written in batches: while batches are being written, the next ones queue, and each
 * request's answer waits for the batch it was written in. At a low rate a batch is one request; under load
 * one transaction carries hundreds, which is what lets one process take a large fleet. Batches are bounded
 * by count and by bytes, so a burst of large messages makes smaller batches, not a huge statement.
 */
export function createBatchQueue<T, R>(options: BatchQueueOptions<T, R>) {
  const { maxItems, maxBytes, weigh, keyOf, write, onTaken } = options;
  const concurrency = options.concurrency ?? 1;
  const maxRetries = options.maxRetries ?? 3;
  let queue: Entry<T, R>[] = [];
  /** Keys of the items in batches being written. */
  const busy = new Set<number>();
  let writers = 0;
  let idle: (() => void)[] = [];

  function take(): Entry<T, R>[] {
    const batch: Entry<T, R>[] = [];
    const rest: Entry<T, R>[] = [];
    let bytes = 0;
    let index = 0;
    for (; index < queue.length && batch.length < maxItems; index += 1) {
      const entry = queue[index] as Entry<T, R>;
      const key = keyOf?.(entry.item);
      if (key !== undefined && busy.has(key)) {
        rest.push(entry);
        continue;
      }
      if (batch.length > 0 && bytes + entry.bytes > maxBytes) break;
      if (key !== undefined) busy.add(key);
      bytes += entry.bytes;
      batch.push(entry);
    }
    queue = index < queue.length ? rest.concat(queue.slice(index)) : rest;
    if (onTaken) {
      const now = performance.now();
      for (const entry of batch) onTaken(now - entry.queuedAt);
    }
    return batch;
  }

  function settle(batch: readonly Entry<T, R>[], outcomes: readonly ItemOutcome<R>[]) {
    const again: Entry<T, R>[] = [];
    batch.forEach((entry, index) => {
      const outcome = outcomes[index] ?? { error: new Error('The batch writer gave no answer for an item.') };
      if ('ok' in outcome) entry.resolve(outcome.ok);
      else if ('error' in outcome) entry.reject(outcome.error);
      else if (entry.retries >= maxRetries)
        entry.reject(options.retryError?.() ?? new Error('Gave up retrying.'));
      else {
        entry.retries += 1;
        entry.queuedAt = performance.now();
        again.push(entry);
      }
    });
    // Ahead of what came meanwhile, so a key's items stay in order.
    if (again.length > 0) queue = again.concat(queue);
  }

  async function writer(): Promise<void> {
    writers += 1;
    for (;;) {
      // Let the requests that arrived meanwhile join the batch: PGlite answers without a trip through the
      // event loop, so without this every batch would hold one request.
      await new Promise((resolve) => setImmediate(resolve));
      const batch = take();
      if (batch.length === 0) break;
      let outcomes: readonly ItemOutcome<R>[];
      try {
        outcomes = await write(batch.map((entry) => entry.item));
      } catch (error) {
        outcomes = batch.map(() => ({ error }));
      }
      if (keyOf) for (const entry of batch) busy.delete(keyOf(entry.item));
      settle(batch, outcomes);
    }
    writers -= 1;
    if (writers === 0) {
      for (const resolve of idle) resolve();
      idle = [];
    }
  }

  return {
    /** Queues an item; answers with its result once its batch is written. */
    submit(item: T): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, bytes: weigh(item), retries: 0, queuedAt: performance.now(), resolve, reject });
        if (writers < concurrency) void writer();
      });
    },
    /** Waits until every item queued so far is answered. */
    flush(): Promise<void> {
      return writers === 0 ? Promise.resolve() : new Promise((resolve) => idle.push(resolve));
    },
    /** Items waiting for a batch. */
    get waiting() {
      return queue.length;
    },
  };
}

export type BatchQueue<T, R> = ReturnType<typeof createBatchQueue<T, R>>;

/**
 * Reads batched the same way: requests that arrive together are answered from one query for up to a
 * thousand of them, so a fleet that calls at once (after a restart of the console, say) does not hold every
 * database connection with a query each. `find` answers one value per key, in order.
 */
export function createBatchLookup<K, V>(find: (keys: readonly K[]) => Promise<readonly V[]>) {
  const queue = createBatchQueue<K, V>({
    maxItems: 1000,
    maxBytes: Number.POSITIVE_INFINITY,
    weigh: () => 0,
    concurrency: 2,
    write: async (keys) => (await find(keys)).map((ok) => ({ ok })),
  });
  return (key: K) => queue.submit(key);
}
