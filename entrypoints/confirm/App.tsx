import { useEffect, useRef, useState } from 'preact/hooks';
import { isPersonAct } from '../../components/consent';
import type { AnalysisMode } from '../../utils/api/schemas';
import type { ConsentPending } from '../../utils/consent/replies';
import { t } from '../../utils/i18n/catalogue';
import type { PageSend as Send } from '../../utils/protocol/send';
import { heading, modeAnalysis, Subject } from './Subject';
import { useArmed } from './useArmed';

type Props = { requestId: string; send: Send; onDone: () => void; armMs?: number };

/**
 * The extension's own window where big spends are confirmed (entrypoints/background/confirm/window.ts): what is
 * bought, its price and the balance first, then Spend or Cancel. No web page can reach, frame or cover it.
 * Focus starts on Cancel, Spend answers only a person's click or key, and only once its price has been on
 * screen, with the window in front, for a moment (./useArmed.ts).
 */
export function App({ requestId, send, onDone, armMs }: Props) {
  const [view, setView] = useState<ConsentPending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  // The view whose price is on screen: Spend arms from its paint, and anew for each price.
  const armed = useArmed(view && !error && !done ? view : null, armMs);

  useEffect(() => {
    void send({ type: 'consent.pending', requestId }).then((reply) => {
      if (reply.ok) setView(reply.data);
      else setError(reply.error.message);
    });
  }, [requestId, send]);

  useEffect(() => {
    if (view) cancel.current?.focus();
  }, [view]);

  /** Another mode the plan allows: priced again here; Spend then buys that one, at the price shown. */
  const choose = async (mode: AnalysisMode) => {
    setBusy(true);
    const reply = await send({ type: 'consent.mode', requestId, mode });
    setBusy(false);
    if (reply.ok) setView(reply.data);
    else setError(reply.error.message);
  };

  const decide = async (accept: boolean) => {
    setBusy(true);
    const reply = await send({ type: 'consent.decide', requestId, accept });
    setBusy(false);
    if (!reply.ok) return setError(reply.error.message);
    if (!accept) return onDone();
    setDone(reply.data.message);
    setTimeout(onDone, 1500);
  };

  return (
    <main aria-labelledby="confirm-title">
      <h1 id="confirm-title">{view ? heading(view.subject) : t('confirm.heading.default')}</h1>
      {view && <Subject view={view} />}
      {view?.refusal && (
        <p role="alert" dir="auto">
          {view.refusal}
        </p>
      )}
      {view?.modes && view.modes.length > 0 && !done && !error && (
        <fieldset class="modes">
          <legend>{t('confirm.modes')}</legend>
          {view.modes.map((mode) => (
            <button key={mode} type="button" disabled={busy} onClick={() => void choose(mode)}>
              {modeAnalysis(mode)}
            </button>
          ))}
        </fieldset>
      )}
      {error && (
        <p role="alert" dir="auto">
          {error}
        </p>
      )}
      {done && (
        <p role="status" dir="auto">
          {done}
        </p>
      )}
      {view && !done && !error && (
        <div class="actions">
          <button
            type="button"
            class="primary"
            disabled={busy || !armed || view.refusal !== null}
            onClick={(event) => {
              if (isPersonAct(event)) void decide(true);
            }}
          >
            {t('confirm.spend')}
          </button>
          <button type="button" ref={cancel} disabled={busy} onClick={() => void decide(false)}>
            {t('common.cancel')}
          </button>
        </div>
      )}
      {error && (
        <button type="button" onClick={onDone}>
          {t('common.close')}
        </button>
      )}
    </main>
  );
}
