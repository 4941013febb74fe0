import { useRef, useState } from 'preact/hooks';
import type { InParts, PartProgress } from './parts';
import type { Outcome } from './transfer';

type Run = (work: () => Promise<Outcome>) => Promise<void>;
export type PartsKind = 'export' | 'import';
export type PartsUnderWay = PartProgress & { kind: PartsKind };

/** An export or import done a part at a time (parts.ts): how far it is, and its Cancel between parts. */
export function useInParts(run: Run) {
  const [progress, setProgress] = useState<PartsUnderWay | null>(null);
  const abort = useRef<AbortController | null>(null);

  const start = (kind: PartsKind, work: (how: InParts) => Promise<Outcome>) => {
    const controller = new AbortController();
    abort.current = controller;
    return run(async () => {
      try {
        return await work({ signal: controller.signal, onProgress: (p) => setProgress({ ...p, kind }) });
      } finally {
        abort.current = null;
        setProgress(null);
      }
    });
  };
  const cancel = () => abort.current?.abort();
  return { progress, start, cancel };
}
