/** A module loaded on first use and shared after; `asked` says whether a load is under way or done. */
export type LazyModule<T> = { (): Promise<T>; asked(): boolean };

/**
 * Loads once, on the first call, and hands every caller the same promise. A failed load is forgotten, so that a
 * later call tries again (a page that outlived an update of the extension will keep failing; a passing fault not).
 */
export function lazyModule<T>(load: () => Promise<T>): LazyModule<T> {
  let pending: Promise<T> | null = null;
  const get = (): Promise<T> => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  return Object.assign(get, { asked: () => pending !== null });
}
