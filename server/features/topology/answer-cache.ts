// docs/topology.md#api: a site's topology is read once for every viewer who asks within a few seconds,
// and read again as soon as a live event says the site's devices or links changed.
import type { LiveRow } from '../../events/hub.ts';

/** The live events after which a site's topology is read again: a device's state, an alert, a link. */
const CHANGES = new Set(['device', 'alert', 'links']);

export type AnswerCache<T> = {
  /** The site's answer read less than `maxAgeMs` ago, or `read` now; callers at once share one read. */
  get: (cloudId: number, siteId: number, read: () => Promise<T>) => Promise<T>;
  /** Forgets the answer of the site a live event changed. */
  observe: (row: LiveRow) => void;
};

export function createAnswerCache<T>(maxAgeMs: number): AnswerCache<T> {
  // By cloud and site: a call that names another cloud's site reads (nothing) under a key of its own.
  const kept = new Map<string, Promise<T>>();
  const keyOf = (cloudId: number, siteId: number) => `${cloudId}/${siteId}`;
  return {
    get(cloudId, siteId, read) {
      const key = keyOf(cloudId, siteId);
      const hit = kept.get(key);
      if (hit) return hit;
      const answer = read();
      kept.set(key, answer);
      const forget = () => {
        if (kept.get(key) === answer) kept.delete(key);
      };
      // Only answers younger than maxAgeMs are held, and a failed read not at all.
      setTimeout(forget, maxAgeMs).unref();
      answer.catch(forget);
      return answer;
    },
    observe(row) {
      if (row.site_id !== null && CHANGES.has(row.kind)) kept.delete(keyOf(row.cloud_id, row.site_id));
    },
  };
}
