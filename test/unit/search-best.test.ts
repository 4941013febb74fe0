import { describe, expect, it } from 'vitest';
import { bestFirst } from '../../utils/search/best';

/** A small seeded generator, so a failing case can be found again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const bySorting = (ids: number[], score: (id: number) => number, limit: number) =>
  ids
    .map((id) => ({ id, s: score(id) }))
    .sort((a, b) => b.s - a.s || a.id - b.id)
    .slice(0, limit)
    .map((o) => o.id);

describe('bestFirst', () => {
  it('keeps the best, best first, ties to the smaller id', () => {
    const scores = [0.5, 2, 1, 2, 3];
    expect(bestFirst([0, 1, 2, 3, 4], (id) => scores[id] ?? 0, 3)).toEqual([4, 1, 3]);
    expect(bestFirst([4, 3, 2, 1, 0], (id) => scores[id] ?? 0, 10)).toEqual([4, 1, 3, 2, 0]);
    expect(bestFirst([1, 2], () => 1, 0)).toEqual([]);
  });

  it('gives what sorting every candidate gives, over random candidates with ties', () => {
    const next = random(7);
    for (let n = 0; n < 500; n++) {
      const count = Math.floor(next() * 400);
      const ids = Array.from({ length: count }, (_, i) => i * 3 + Math.floor(next() * 3));
      for (let i = ids.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [ids[i], ids[j]] = [ids[j] ?? 0, ids[i] ?? 0];
      }
      // Few distinct scores: many ties.
      const scores = new Map(ids.map((id) => [id, Math.floor(next() * 20) / 4]));
      const score = (id: number) => scores.get(id) ?? 0;
      const limit = 1 + Math.floor(next() * 120);
      expect(bestFirst(ids, score, limit)).toEqual(bySorting(ids, score, limit));
    }
  });
});
