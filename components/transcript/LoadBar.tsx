import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { t } from '../../utils/i18n/catalogue';
import type { TranscriptQuote } from '../../utils/panel/replies';
import { isPersonAct } from '../consent';
import { GateRefusal, gateRefusal } from '../spend-gate';

/** "1 Cloud Request · 24 left". */
export function priceText(quote: TranscriptQuote): string {
  const text = t('common.term.cloudRequests', { n: quote.cloudRequests });
  return quote.balance === null ? text : t('panel.cost.left', { text, n: quote.balance });
}

type Props = {
  quote: TranscriptQuote;
  label: string;
  busy: boolean;
  note?: string;
  /** Bumped by the keyboard command: the button takes focus, so Enter (a person's key) loads. */
  focusKey?: number;
  onLoad: () => void;
};

/** The person's way to buy a transcript: the price first, then a button that only a real click presses. */
export function LoadBar({ quote, label, busy, note, focusKey = 0, onLoad }: Props) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [refused, setRefused] = useState<string | null>(null);
  useEffect(() => {
    if (focusKey > 0) button.current?.focus();
  }, [focusKey]);
  const tooFew = quote.balance !== null && quote.balance < quote.cloudRequests;
  return (
    <div class="tl-load">
      <div class="tl-load-row">
        <button
          ref={button}
          type="button"
          class="tl-button tl-primary"
          disabled={busy || tooFew}
          aria-describedby={`${id}-price`}
          onClick={(event) => {
            if (!isPersonAct(event)) return;
            // A frame not seen whole for a moment may be under a page's lure: this click spends nothing.
            const refusal = gateRefusal();
            setRefused(refusal);
            if (!refusal) onLoad();
          }}
        >
          {label}
        </button>
        <span class="tl-muted" id={`${id}-price`}>
          {priceText(quote)}
        </span>
      </div>
      {tooFew && <p class="tl-cost-warn">{t('panel.tr.noneLeft')}</p>}
      {quote.audio && <p class="tl-muted">{t('panel.tr.audio', { n: quote.audio.aiUnitsPerMinute })}</p>}
      {note && <p class="tl-note">{note}</p>}
      <GateRefusal text={refused} />
    </div>
  );
}
