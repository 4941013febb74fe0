import type { SpendGate } from '../../spend-gate';

/** The frame must have been seen whole (visible, uncovered, untransformed) this long before a click may spend. */
export const ARM_MS = 500;
/** The browser's least delay between visibility checks (IntersectionObserver v2 refuses less than 100 ms). */
const DELAY_MS = 100;

/** What the gate needs of IntersectionObserver v2: entries that say `isVisible`. */
type VisibilityEntry = { isVisible?: boolean };
export type ObserverFactory = (onEntries: (entries: readonly VisibilityEntry[]) => void) => {
  observe(target: Element): void;
  disconnect(): void;
};

export type FrameVisibility = SpendGate & {
  /** Starts watching `target`; returns a stop function. */
  watch(target: Element): () => void;
};

/** Whether this browser says `isVisible` (Chromium does; Firefox and Safari do not). */
export function hasVisibilitySignal(): boolean {
  return typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype;
}

const browserObserver: ObserverFactory = (onEntries) =>
  // trackVisibility and delay are v2 options the DOM typings lack.
  new IntersectionObserver(
    (entries) => onEntries(entries.map((e) => ({ isVisible: 'isVisible' in e && e.isVisible === true }))),
    {
      trackVisibility: true,
      delay: DELAY_MS,
      threshold: [0, 1],
    } as IntersectionObserverInit,
  );

/**
 * The panel frame's own record of being seen (docs/spending-and-consent.md, "A panel the page cannot fake"). A
 * page script cannot reach into this frame, but it can make the frame transparent, cover it or transform it, so
 * a person's click meant for the page lands on a spend button. The browser's IntersectionObserver v2 says
 * whether the frame is visible, unoccluded and untransformed; a click may spend directly only once it has said
 * so continuously for ARM_MS. Any other entry starts the clock again. Without the signal (Firefox) the gate is
 * never armed: the panel's spends go to the extension's window or are refused, never made here.
 */
export function createFrameVisibility(
  observe: ObserverFactory | null = hasVisibilitySignal() ? browserObserver : null,
  now: () => number = () => performance.now(),
): FrameVisibility {
  let visibleSince: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const tell = () => {
    for (const listener of [...listeners]) listener();
  };
  const armed = () => visibleSince !== null && now() - visibleSince >= ARM_MS;

  const onEntries = (entries: readonly VisibilityEntry[]) => {
    const last = entries.at(-1);
    if (!last) return;
    if (last.isVisible !== true) {
      clearTimeout(timer);
      const wasArmed = armed();
      visibleSince = null;
      if (wasArmed) tell();
      return;
    }
    // Still visible: the clock runs on. Counted from when this side heard it (the browser may tell up to
    // DELAY_MS late): never earlier than seen.
    if (visibleSince !== null) return;
    visibleSince = now();
    arm();
  };
  // A timer may fire a little before the clock it is checked against says the time is up: then wait again.
  const arm = () => {
    if (visibleSince === null) return;
    if (armed()) return tell();
    timer = setTimeout(arm, Math.max(1, visibleSince + ARM_MS - now()));
  };

  return {
    supported: observe !== null,
    armed,
    listen(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    watch(target) {
      if (!observe) return () => undefined;
      const observer = observe(onEntries);
      observer.observe(target);
      return () => {
        observer.disconnect();
        clearTimeout(timer);
        visibleSince = null;
      };
    },
  };
}
