import { useRef, useState } from 'preact/hooks';
import type { InParts, PartProgress } from './parts';
import type { Outcome } from './transfer';

type Run = (work: () => Promise<Outcome>) => Promise<void>;
export type PartsKind = 'export' | 'import';
export type PartsUnderWay = PartProgress & { kind: PartsKind };
type Show = (progress: PartsUnderWay) => void;

/**
 * How far the work under way is, for its bar alone: each part's progress re-renders the bar, not the page (an
 * export of 10,000 videos is some 900 parts, and the page's render goes over the whole list each time).
 */
export type PartsFeed = { now: PartsUnderWay | null; listen: (show: Show) => () => void };

/** An export or import done a part at a time (parts.ts): how far it is, and its Cancel between parts. */
export function useInParts(run: Run) {
  const [feed, setFeed] = useState<PartsFeed | null>(null);
  const abort = useRef<AbortController | null>(null);

  const start = (kind: PartsKind, work: (how: InParts) => Promise<Outcome>) => {
    const controller = new AbortController();
    abort.current = controller;
    const shows = new Set<Show>();
    const under: PartsFeed = {
      now: null,
      listen: (show) => {
        shows.add(show);
        return () => shows.delete(show);
      },
    };
    const onProgress = (p: PartProgress) => {
      const now = { ...p, kind };
      under.now = now;
      for (const show of shows) show(now);
    };
    setFeed(under);
    return run(async () => {
      try {
        return await work({ signal: controller.signal, onProgress });
      } finally {
        abort.current = null;
        setFeed(null);
      }
    });
  };
  const cancel = () => abort.current?.abort();
  return { feed, start, cancel };
}
