import type { RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { observeRows, type RowObserver } from './rowObserver';
import type { Sizes } from './sizes';

/**
 * Has the browser report the viewport's and the rendered rows' sizes to `measured` (latest one called) once it
 * has laid them out. Each render: rows that came are observed (their first report is their size), rows that went
 * are let go; new sizes (another count) have every row measured again.
 */
export function useRowObserver(
  viewport: RefObject<HTMLDivElement>,
  sizes: { readonly current: Sizes | null },
  measured: { readonly current: ((rows: readonly ResizeObserverEntry[]) => void) | null },
) {
  const rows = useRef<RowObserver | null>(null);
  const observedFor = useRef<Sizes | null>(null);
  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el || !rows.current) return;
    rows.current.sync(el.querySelectorAll<HTMLElement>('[data-vrow]'), observedFor.current !== sizes.current);
    observedFor.current = sizes.current;
  });
  return {
    /** Starts observing (from the list's mount effect); the returned function stops. */
    start(el: HTMLElement) {
      rows.current = observeRows(el, (entries) => measured.current?.(entries));
      rows.current?.sync(el.querySelectorAll<HTMLElement>('[data-vrow]'));
      observedFor.current = sizes.current;
      return () => {
        rows.current?.disconnect();
        rows.current = null;
      };
    },
  };
}
