/** The virtual list's rendered rows, watched for their size; null where the browser has no ResizeObserver. */
export interface RowObserver {
  /**
   * Watches the rows rendered now and stops watching those no longer rendered; `again` has every row reported
   * anew (the list forgot the heights it knew).
   */
  sync(rendered: Iterable<HTMLElement>, again?: boolean): void;
  disconnect(): void;
}

/**
 * Reports the list's viewport and rows' sizes after the browser lays them out: when one first shows and whenever
 * its size changes (new text, a wider or narrower list). Rows that leave are unobserved, or the observer would
 * keep them alive.
 */
export function observeRows(
  viewport: HTMLElement,
  report: (entries: readonly ResizeObserverEntry[]) => void,
): RowObserver | null {
  if (typeof ResizeObserver !== 'function') return null;
  const observer = new ResizeObserver((entries) => report(entries));
  observer.observe(viewport);
  let watched = new Set<HTMLElement>();
  return {
    sync(rendered, again = false) {
      const now = new Set<HTMLElement>();
      for (const row of rendered) {
        now.add(row);
        // Observing a row again restarts it: its size is reported once more.
        if (again || !watched.has(row)) observer.observe(row);
      }
      for (const row of watched) if (!now.has(row)) observer.unobserve(row);
      watched = now;
    },
    disconnect() {
      observer.disconnect();
      watched.clear();
    },
  };
}
