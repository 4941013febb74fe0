import { useEffect, useState } from 'preact/hooks';
import { isPersonAct } from '../../components/consent';
import type { MenuPending as Pending } from '../../utils/protocol/replies';
import type { PageSend as Send } from '../../utils/protocol/send';
import { formatTime } from '../../utils/timecode';

const n = (value: number) => value.toLocaleString('en-US');

/** The consent window of "Analyze this video": the cost and the balance first, then Spend or Cancel. */
export function App({ requestId, send, onDone }: { requestId: string; send: Send; onDone: () => void }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void send({ type: 'menu.pending', requestId }).then((reply) => {
      if (reply.ok) setPending(reply.data);
      else setError(reply.error.message);
    });
  }, [requestId, send]);

  const decide = async (accept: boolean) => {
    setBusy(true);
    const reply = await send({ type: 'menu.confirm', requestId, accept });
    setBusy(false);
    if (!reply.ok) return setError(reply.error.message);
    if (!accept) return onDone();
    setDone('Analysis started. You will get a notification when it is ready.');
    setTimeout(onDone, 1500);
  };

  const estimate = pending?.estimate;
  const costText =
    estimate?.aiUnits != null && estimate.durationSeconds != null
      ? `≈ ${n(estimate.aiUnits)} AI Units (${formatTime(estimate.durationSeconds)} at ${estimate.perMinute} per minute)`
      : estimate
        ? `${estimate.perMinute} AI Units per started minute of video (its length is not known yet${
            estimate.worstCase === null ? '' : `: up to ${n(estimate.worstCase)} AI Units`
          })`
        : '';

  return (
    <main aria-labelledby="confirm-title">
      <h1 id="confirm-title">Analyze this video?</h1>
      {error && <p role="alert">{error}</p>}
      {pending && estimate && (
        <>
          <p>
            {pending.title ?? 'Video'} <code>{pending.videoId}</code> · mode {estimate.mode}
          </p>
          <p class="cost">{costText}</p>
          <p>
            {estimate.balance === null
              ? 'Your AI Unit balance is not known yet.'
              : `${n(estimate.balance)} AI Units left.`}
          </p>
          {estimate.exceedsBalance && <p role="alert">That is more than your AI Units left. Nothing will be sent.</p>}
          {done ? (
            <p role="status">{done}</p>
          ) : (
            <div class="actions">
              <button
                type="button"
                class="primary"
                disabled={busy || estimate.exceedsBalance || !estimate.modeAllowed}
                onClick={(event) => {
                  if (isPersonAct(event)) void decide(true);
                }}
              >
                {estimate.aiUnits != null ? `Spend ${n(estimate.aiUnits)} AI Units` : 'Analyze'}
              </button>
              <button type="button" disabled={busy} onClick={() => decide(false)}>
                Cancel
              </button>
            </div>
          )}
        </>
      )}
    </main>
  );
}
