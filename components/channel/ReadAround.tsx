import { useState } from 'preact/hooks';
import type { AroundPassage, AroundQuote } from '../../utils/around-replies';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { Send } from '../../utils/protocol/send';
import { formatTime } from '../../utils/timecode';
import { isPersonAct } from '../consent';
import { ErrorAlert } from '../page/ErrorAlert';
import { count } from '../page/format';

type Props = { send: Send; videoId: string; at: number };

type State =
  | { kind: 'idle' }
  | { kind: 'asking' }
  | { kind: 'priced'; quote: Extract<AroundQuote, { held: null }> }
  | { kind: 'reading' }
  | { kind: 'shown'; passage: AroundPassage; held: boolean }
  | { kind: 'error'; error: ReplyError };

/**
 * "Read around this moment" under a moment a paid search found in an unsaved video: the first press (free) shows
 * the part (a minute each side) held from before, or its price against the balance; only a person's press of
 * "Read for 1 Cloud Request" then buys it (MCP get_transcript, through the till). Shown as text.
 */
export function ReadAround({ send, videoId, at }: Props) {
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function ask() {
    setState({ kind: 'asking' });
    const reply = await send({ type: 'around.quote', videoId, at });
    if (!reply.ok) return setState({ kind: 'error', error: reply.error });
    const quote = reply.data;
    if (quote.held) setState({ kind: 'shown', passage: quote.held, held: true });
    else setState({ kind: 'priced', quote });
  }

  async function buy(event: Event, quoteId: string) {
    if (!isPersonAct(event)) return;
    setState({ kind: 'reading' });
    const reply = await send({ type: 'around.read', videoId, at, quoteId });
    if (!reply.ok) return setState({ kind: 'error', error: reply.error });
    setState({ kind: 'shown', passage: reply.data.passage, held: reply.data.held });
  }

  const busy = state.kind === 'asking' || state.kind === 'reading';
  return (
    <div class="tl-around">
      <button type="button" class="tl-button" disabled={busy} onClick={() => void ask()}>
        Read around this moment
      </button>
      {state.kind === 'reading' && (
        <p class="tl-muted" role="status">
          Reading…
        </p>
      )}
      {state.kind === 'priced' && <Price quote={state.quote} busy={busy} onBuy={buy} />}
      {state.kind === 'shown' && <Passage passage={state.passage} held={state.held} />}
      {state.kind === 'error' && <ErrorAlert error={state.error} />}
    </div>
  );
}

function Price({
  quote,
  busy,
  onBuy,
}: {
  quote: Extract<AroundQuote, { held: null }>;
  busy: boolean;
  onBuy: (event: Event, quoteId: string) => void;
}) {
  const left = quote.balance === null ? '' : ` · ${count(quote.balance)} left`;
  return (
    <>
      <p class="tl-around-price">
        Reading {formatTime(quote.from)}–{formatTime(quote.to)} of this video’s transcript on the service costs 1 Cloud
        Request{left}. A video whose transcript cannot be had costs nothing.
      </p>
      {quote.refusal && (
        <p class="tl-error" role="alert">
          {quote.refusal}
        </p>
      )}
      {quote.quoteId && (
        <button
          type="button"
          class="tl-button tl-primary"
          disabled={busy}
          onClick={(event) => quote.quoteId && onBuy(event, quote.quoteId)}
        >
          Read for 1 Cloud Request
        </button>
      )}
    </>
  );
}

function Passage({ passage, held }: { passage: AroundPassage; held: boolean }) {
  const span = `${formatTime(passage.from)}–${formatTime(passage.to)}`;
  if (passage.error) {
    return (
      <p class="tl-found-error" role="alert">
        {passage.error} Nothing was charged for it.
      </p>
    );
  }
  return (
    <section class="tl-around-passage" aria-label={`Transcript ${span}`}>
      <p class="tl-muted" role="status">
        {held ? `Transcript ${span}, bought before: shown again, free.` : `Transcript ${span}.`}
      </p>
      {passage.cues.length > 0 ? (
        <ol class="tl-around-cues">
          {passage.cues.map((cue, i) => (
            <li key={`${cue.start}-${i}`}>
              <span class="tl-found-time">{formatTime(cue.start)}</span> {cue.text}
            </li>
          ))}
        </ol>
      ) : (
        <p>{passage.text || 'The service found no words in this part.'}</p>
      )}
    </section>
  );
}
