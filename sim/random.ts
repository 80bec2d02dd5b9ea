// A seeded random source (mulberry32): the same seed gives the same fleet and the same behaviour.

export type Random = {
  next: () => number;
  int: (min: number, max: number) => number;
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
};

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: (items) => items[int(0, items.length - 1)] as (typeof items)[number],
  };
}

/** A seed of its own for each device, so one device's behaviour does not depend on the others'. */
export const deviceSeed = (seed: number, mac: string) =>
  [...mac].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0, seed ^ 2166136261);
