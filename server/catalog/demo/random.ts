/** A small seeded random number generator (mulberry32) and the helpers the demo catalog draws with. */
export interface Random {
  (): number;
  /** A number in [min, max). */
  between(min: number, max: number): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** `count` different items, in random order. */
  sample<T>(items: readonly T[], count: number): T[];
  chance(probability: number): boolean;
}

/** The same `seed` and `keys` always give the same sequence. */
export function random(seed: number, ...keys: number[]): Random {
  let state = seed >>> 0;
  for (const key of keys) state = Math.imul(state ^ (key + 0x9e3779b9), 0x85ebca6b) >>> 0;
  const next = (() => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }) as Random;
  next.between = (min, max) => min + next() * (max - min);
  next.int = (min, max) => Math.floor(next.between(min, max + 1));
  next.pick = (items) => items[Math.floor(next() * items.length)]!;
  next.sample = (items, count) => {
    const pool = [...items];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    return pool.slice(0, count);
  };
  next.chance = (probability) => next() < probability;
  return next;
}
