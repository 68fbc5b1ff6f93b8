/**
 * Deterministic choice for the fuzz: the same route and field always get the same cases, so a failure
 * reproduces, and a route added elsewhere does not reshuffle the cases of the others.
 */

/** FNV-1a: a stable 32-bit seed from a text (the route and field it is for). */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` items of `items`, picked without repetition in a seeded order (all of them when fewer). */
export function pick<T>(items: readonly T[], count: number, seed: string): T[] {
  const random = seededRandom(seedOf(seed));
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, count);
}
