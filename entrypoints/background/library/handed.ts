/** Videos another extension page handed to the library page's bulk view (the popup's watchlist uploads). */
export type HandedList = { name: string; videos: Array<{ id: string; title: string }> };

/**
 * The list the popup hands over and the library page it opens takes: kept here, not in the page's URL, so that
 * nothing but the extension's own pages can put videos before the person (receive.ts lets only those send it).
 * Taken once: a library page opened later by itself shows no handed list. Held in memory, since the page asks
 * for it as soon as it opens; the bulk view then prices first and buys only by the window's Spend.
 */
export function createHandedLists() {
  let pending: HandedList | null = null;
  return {
    hand(list: HandedList): void {
      pending = list;
    },
    take(): HandedList | null {
      const list = pending;
      pending = null;
      return list;
    },
  };
}
export type HandedLists = ReturnType<typeof createHandedLists>;
