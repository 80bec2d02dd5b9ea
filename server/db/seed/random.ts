// A small seeded generator (sfc32) so the demo data is the same on every run.

export type Random = {
  /** A number in [0, 1). */
  next: () => number;
  /** An integer in [min, max], both included. */
  int: (min: number, max: number) => number;
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** Picks an item with probability proportional to its weight. */
  weighted: <T>(entries: readonly (readonly [T, number])[]) => T;
};

export function createRandom(seed: number): Random {
  // sfc32, its state spread from the seed; the first outputs are dropped to mix the state.
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = (seed ^ 0xdeadbeef) | 0;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let warmUp = 0; warmUp < 15; warmUp++) next();
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('Cannot pick from an empty list');
    return items[int(0, items.length - 1)] as T;
  };
  const weighted = <T>(entries: readonly (readonly [T, number])[]): T => {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = next() * total;
    for (const [item, weight] of entries) {
      roll -= weight;
      if (roll < 0) return item;
    }
    return pick(entries)[0];
  };
  return { next, int, chance: (probability) => next() < probability, pick, weighted };
}

/** Three bytes that differ for every counter value below 2^24, spread so they do not look sequential. */
export function spreadBytes(counter: number): string[] {
  const value = (Math.imul(counter + 1, 0x5bd1e9) + 0x2f1a) & 0xffffff;
  return [value >>> 16, (value >>> 8) & 0xff, value & 0xff].map((byte) => byte.toString(16).padStart(2, '0'));
}
