import { useState } from 'preact/hooks';
import type { AroundPassage, AroundQuote } from '../../utils/channel/around-replies';
import { t } from '../../utils/i18n/catalogue';
import { panelUrl } from '../../utils/panel/url';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { Send } from '../../utils/protocol/send';
import { formatTime } from '../../utils/timecode';
import { isPersonAct } from '../consent';
import { ErrorAlert } from '../page/ErrorAlert';
import { Phrase } from './Phrase';

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
 * "Read for 1 Cloud Request" then buys it (MCP get_transcript, through the till). Shown as text. The price also
 * offers the whole transcript, which costs the same, in the video's panel (a link: it spends nothing).
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
        {t('channel.around.button')}
      </button>
      {state.kind === 'reading' && (
        <p class="tl-muted" role="status">
          {t('channel.around.reading')}
        </p>
      )}
      {state.kind === 'priced' && <Price videoId={videoId} quote={state.quote} busy={busy} onBuy={buy} />}
      {state.kind === 'shown' && <Passage passage={state.passage} held={state.held} />}
      {state.kind === 'error' && <ErrorAlert error={state.error} />}
    </div>
  );
}

function Price({
  videoId,
  quote,
  busy,
  onBuy,
}: {
  videoId: string;
  quote: Extract<AroundQuote, { held: null }>;
  busy: boolean;
  onBuy: (event: Event, quoteId: string) => void;
}) {
  const span = { from: formatTime(quote.from), to: formatTime(quote.to) };
  return (
    <>
      <p class="tl-around-price">
        {quote.balance === null
          ? t('channel.around.price', span)
          : t('channel.around.priceLeft', { ...span, left: quote.balance })}
      </p>
      {quote.refusal && (
        <p class="tl-error" role="alert" dir="auto">
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
          {t('channel.around.buy')}
        </button>
      )}
      {/* The part costs what the whole transcript does (1 Cloud Request): the whole one is offered beside it. */}
      <p class="tl-around-whole">
        {t('channel.around.whole')}{' '}
        <a href={panelUrl(videoId, 'transcript', quote.from)} target="_blank" rel="noreferrer">
          {t('channel.around.wholeLink')}
        </a>
      </p>
    </>
  );
}

function Passage({ passage, held }: { passage: AroundPassage; held: boolean }) {
  const span = `${formatTime(passage.from)}–${formatTime(passage.to)}`;
  if (passage.error) {
    return (
      <p class="tl-found-error" role="alert">
        <Phrase k="channel.found.error" data={{ message: passage.error }} />
      </p>
    );
  }
  return (
    <section class="tl-around-passage" aria-label={t('channel.around.label', { span })}>
      <p class="tl-muted" role="status">
        {held ? t('channel.around.held', { span }) : t('channel.around.shown', { span })}
      </p>
      {passage.cues.length > 0 ? (
        <ol class="tl-around-cues">
          {passage.cues.map((cue, i) => (
            <li key={`${cue.start}-${i}`}>
              <span class="tl-found-time" dir="ltr">
                {formatTime(cue.start)}
              </span>{' '}
              <span dir="auto">{cue.text}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p dir="auto">{passage.text || t('channel.around.empty')}</p>
      )}
    </section>
  );
}
