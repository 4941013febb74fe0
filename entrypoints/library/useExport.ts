import { useRef, useState } from 'preact/hooks';
import type { Exporting, ExportProgress } from './export-json';
import type { Outcome } from './transfer';

type Run = (work: () => Promise<Outcome>) => Promise<void>;

/** An export that shows how far it is and can be cancelled between its parts (export-json.ts). */
export function useExport(run: Run) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const abort = useRef<AbortController | null>(null);

  const start = (work: (exporting: Exporting) => Promise<Outcome>) => {
    const controller = new AbortController();
    abort.current = controller;
    return run(async () => {
      try {
        return await work({ signal: controller.signal, onProgress: setProgress });
      } finally {
        abort.current = null;
        setProgress(null);
      }
    });
  };
  const cancel = () => abort.current?.abort();
  return { progress, start, cancel };
}
