/** What orders notes and highlights: a note's moment or a highlight's start, then when it was made. */
type Timed = ({ kind: 'note'; time: number } | { kind: 'highlight'; start: number }) & { createdAt?: number };

/** An item's moment: where activating it seeks, and its place in the list. */
export const momentOf = (item: Timed) => (item.kind === 'note' ? item.time : item.start);

/** Time order; at one moment, the older first. */
export const inTimeOrder = <T extends Timed>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => momentOf(a) - momentOf(b) || (a.createdAt ?? 0) - (b.createdAt ?? 0));
