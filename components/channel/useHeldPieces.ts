import { useEffect, useRef } from 'preact/hooks';
import type { BulkStatus } from '../../utils/channel/replies';
import type { Send } from '../../utils/protocol/send';
import { useLatest } from '../hooks/useLatest';
import { fromBase64, type Held } from './save-archive';

/**
 * The pieces of a running run's ZIP (its entries compressed as the batches arrived), asked for each time the
 * run's status shows more delivered (free, nothing bought): at its end only the rest of the file crosses
 * (utils/export/held-pieces.ts). One ask at a time; pieces of another worker's making replace those held.
 */
export function useHeldPieces(send: Send, run: BulkStatus | null) {
  const held = useRef<Held | null>(null);
  const asking = useRef(false);
  const latest = useLatest(send);
  const runId = run?.runId ?? null;
  const format = run?.format ?? null;
  const going = run !== null && run.state === 'running';

  useEffect(() => {
    if (!runId || !format || format === 'jsonl' || !going || asking.current) return;
    if (held.current && (held.current.runId !== runId || held.current.format !== format)) held.current = null;
    const had = held.current;
    asking.current = true;
    void latest.current({ type: 'bulk.pieces', runId, format, from: had?.pieces.length ?? 0 }).then((reply) => {
      asking.current = false;
      if (!reply.ok || !reply.data || held.current !== had) return;
      const { epoch, from, base64, sizes } = reply.data;
      const mine = had?.epoch === epoch ? had : { runId, format, epoch, pieces: [] };
      // Another making (a restarted worker) starts over from its first piece.
      if (from !== mine.pieces.length) {
        held.current = mine === had ? had : null;
        return;
      }
      const bytes = fromBase64(base64);
      let at = 0;
      for (const size of sizes) {
        mine.pieces.push(bytes.subarray(at, at + size));
        at += size;
      }
      held.current = mine;
    });
  }, [runId, format, going, run?.done, latest]);

  return {
    /** The pieces held for this run's file in this format, if any, let go of: the file is being saved. */
    take(id: string | undefined, output: string): Held | null {
      const h = held.current;
      held.current = null;
      return h && h.runId === id && h.format === output && h.pieces.length > 0 ? h : null;
    },
  };
}
