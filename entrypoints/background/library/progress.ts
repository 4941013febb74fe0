import type { LibraryProgress } from '../../../utils/library/replies';

export type Progress = LibraryProgress;

/**
 * A promise that resolves the next time one of `signals` is called, and `cancel` to stop waiting (so a wait
 * that lost a race leaves nothing behind in the set).
 */
export function whenSignalled(signals: Set<() => void>): { promise: Promise<void>; cancel: () => void } {
  let signal: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    signal = () => {
      signals.delete(signal);
      resolve();
    };
    signals.add(signal);
  });
  return { promise, cancel: () => signals.delete(signal) };
}
