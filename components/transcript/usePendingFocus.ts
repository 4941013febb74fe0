import type { RefObject } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** The row to focus once it is rendered (it may be scrolled to first): its first focusable element gets focus. */
export function usePendingFocus(viewport: RefObject<HTMLDivElement>) {
  const [pendingFocus, setPendingFocus] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (pendingFocus === null) return;
    const row = viewport.current?.querySelector<HTMLElement>(`[data-vrow="${pendingFocus}"]`);
    row?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    setPendingFocus(null);
  }, [pendingFocus]);
  return [pendingFocus, setPendingFocus] as const;
}
