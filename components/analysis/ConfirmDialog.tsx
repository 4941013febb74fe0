import { useEffect, useId, useRef } from 'preact/hooks';
import type { Estimate } from '../../utils/views';
import { isPersonAct } from '../consent';
import { units } from './CostLine';

type Props = {
  estimate: Estimate;
  onSpend: () => void;
  onCancel: () => void;
};

/**
 * The spending-guard confirmation: modal, focus kept inside, Escape cancels. Focus starts on Cancel so a stray
 * Enter never spends, and Spend answers only a person's own click or key. An unknown length is confirmed
 * against the worst case.
 */
export function ConfirmDialog({ estimate, onSpend, onCancel }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const id = useId();
  const { aiUnits, worstCase, balance, guard, perMinute } = estimate;

  useEffect(() => {
    cancel.current?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
      return;
    }
    if (event.key !== 'Tab' || !box.current) return;
    const focusable = Array.from(box.current.querySelectorAll<HTMLElement>('button:not([disabled])'));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    // Inside a shadow root the focused element is the root's activeElement, not the document's.
    const root = box.current.getRootNode() as Document | ShadowRoot;
    const current = root.activeElement;
    if (event.shiftKey && (current === first || !box.current.contains(current))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (current === last || !box.current.contains(current))) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div class="tl-dialog-backdrop">
      <div
        ref={box}
        class="tl-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-body`}
        onKeyDown={onKeyDown}
      >
        <h3 class="tl-dialog-title" id={`${id}-title`}>
          Confirm analysis
        </h3>
        <div id={`${id}-body`}>
          {aiUnits !== null ? (
            <p>This analysis costs about {units(aiUnits)}.</p>
          ) : (
            <p>
              The video’s length is not known yet, so the cost is not either: {units(perMinute)} per minute of video
              {worstCase !== null && <>, up to {units(worstCase)} for the longest video your plan analyzes</>}.
            </p>
          )}
          {balance !== null && <p>You have {units(balance)} left.</p>}
          <p class="tl-muted">
            {aiUnits === null
              ? 'An analysis of unknown length always asks first.'
              : `You asked to confirm anything above ${units(guard)} (spending guard, in the options).`}
          </p>
        </div>
        <div class="tl-dialog-actions">
          <button
            type="button"
            class="tl-button tl-primary"
            onClick={(event) => {
              if (isPersonAct(event)) onSpend();
            }}
          >
            {aiUnits !== null ? `Spend ${units(aiUnits)}` : 'Analyze anyway'}
          </button>
          <button type="button" class="tl-button" ref={cancel} onClick={onCancel}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}
