import { lastAtOrBelow } from './sorted';

/** Row heights (estimated until measured) and their running offsets, for the virtual list. */
export interface Sizes {
  readonly count: number;
  height(index: number): number;
  /** Top of row `index`; `offset(count)` is the total height. */
  offset(index: number): number;
  total(): number;
  setHeight(index: number, px: number): void;
  /** The row under `px` from the top (the last row whose top is at or above it); 0 when empty. */
  indexAt(px: number): number;
}

export function createSizes(count: number, estimate: number): Sizes {
  const heights = new Float64Array(count).fill(estimate);
  const offsets = new Float64Array(count + 1);
  let dirty = true;
  // O(n) per change, but changes come in one batch per render and n is a few thousand additions.
  const update = () => {
    if (!dirty) return;
    for (let i = 0; i < count; i++) offsets[i + 1] = (offsets[i] ?? 0) + (heights[i] ?? 0);
    dirty = false;
  };
  const offset = (index: number) => {
    update();
    return offsets[Math.min(Math.max(0, index), count)] ?? 0;
  };
  return {
    count,
    height: (index) => heights[index] ?? estimate,
    offset,
    total: () => offset(count),
    setHeight(index, px) {
      if (index < 0 || index >= count || heights[index] === px) return;
      heights[index] = px;
      dirty = true;
    },
    indexAt(px) {
      update();
      return Math.max(0, lastAtOrBelow(offsets, px, count));
    },
  };
}
