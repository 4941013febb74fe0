import { useState } from 'preact/hooks';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { Outcome } from './transfer';

/** A piece of work the page runs one at a time: busy while it runs, then its note or its error. */
export function useOutcome() {
  const [note, setNote] = useState('');
  const [error, setError] = useState<ReplyError | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(work: () => Promise<Outcome>) {
    setBusy(true);
    setNote('');
    const outcome = await work();
    setBusy(false);
    if (outcome.ok) {
      setError(null);
      setNote(outcome.message);
    } else setError(outcome.error);
  }
  return { note, error, setError, busy, run };
}
