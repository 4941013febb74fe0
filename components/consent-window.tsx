import { useCallback, useEffect, useState } from 'preact/hooks';
import type { ConsentStatus } from '../utils/consent/replies';
import { t } from '../utils/i18n/catalogue';
import type { ReplyError } from '../utils/protocol/envelope';
import type { Send } from '../utils/protocol/send';
import type { WindowPurchase } from '../utils/protocol/window-purchase';
import { useLatest } from './hooks/useLatest';

const POLL_MS = 700;

export type Settled = Extract<ConsentStatus, { state: 'done' | 'failed' | 'cancelled' }>;
type Phase = 'idle' | 'waiting' | 'spending';

/**
 * Big spends are confirmed in the extension's own window, not in the page, where a page script can slide the
 * panel under the person's cursor (entrypoints/background/confirm/window.ts). `open` only asks the background
 * to open that window, or to bring it to the front: it spends nothing. The hook then reads, for free, what
 * became of it and hands the end to `onSettled`.
 */
export function useConsentWindow(send: Send, onSettled: (settled: Settled) => void) {
  const [requestId, setRequestId] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<ReplyError | null>(null);
  const latest = useLatest({ send, onSettled });

  useEffect(() => {
    if (!requestId) return;
    let live = true;
    const timer = setInterval(async () => {
      const reply = await latest.current.send({ type: 'consent.status', requestId });
      if (!live) return;
      // A restarted worker may miss one read; a request it no longer knows has ended unbought.
      if (!reply.ok && reply.error.code !== 'expired') return;
      const status: ConsentStatus = reply.ok ? reply.data : { state: 'cancelled' };
      if (status.state === 'waiting' || status.state === 'spending') return setPhase(status.state);
      live = false;
      setRequestId(null);
      setPhase('idle');
      latest.current.onSettled(status);
    }, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [requestId, latest]);

  const open = useCallback(
    async (purchase: WindowPurchase) => {
      setError(null);
      const reply = await latest.current.send({ type: 'consent.open', purchase });
      if (!reply.ok) return setError(reply.error);
      setRequestId(reply.data.requestId);
      setPhase('waiting');
    },
    [latest],
  );

  return { phase, open, error };
}

/** What the panel says while the window decides. */
export function WindowNote({ phase }: { phase: Phase }) {
  if (phase === 'idle') return null;
  return (
    <p class="tl-note" role="status">
      {phase === 'waiting' ? t('panel.window.waiting') : t('panel.window.spending')}
    </p>
  );
}
