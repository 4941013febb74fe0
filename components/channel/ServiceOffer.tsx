import { useEffect, useId, useState } from 'preact/hooks';
import { t } from '../../utils/i18n/catalogue';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { Send } from '../../utils/protocol/send';
import type { SearchQuote, ServiceSearch } from '../../utils/video-search/replies';
import type { TimeRange } from '../../utils/video-search/time-range';
import { isPersonAct } from '../consent';
import { type Settled, useConsentWindow, WindowNote } from '../consent-window';
import { useLatest } from '../hooks/useLatest';
import { ErrorAlert } from '../page/ErrorAlert';

type Props = {
  channel: string;
  send: Send;
  /**
   * What the price is for: the selected videos (the service is offered for the unsaved ones among them), the
   * words, and the range (null while From/To do not read as one: nothing can be bought then).
   */
  search: { selected: readonly string[]; query: string; range: TimeRange | null };
  /** Called when the buy button is pressed with a range that does not read (so its sentence is shown). */
  onBadRange: () => void;
  onFound: (found: ServiceSearch) => void;
};

const QUOTE_DEBOUNCE_MS = 250;

type Asked = { send: Send; channel: string; search: Props['search']; key: string; asked: number };

/**
 * The price of the search, asked (after a pause in typing) whenever `key` (selection, words, range) or `asked`
 * changes, kept with the key it prices.
 */
function useSearchQuote({ send, channel, search, key, asked }: Asked, onError: (error: ReplyError) => void) {
  const [quote, setQuote] = useState<{ key: string; data: SearchQuote } | null>(null);
  const { selected, range } = search;
  const text = search.query.trim();
  const failed = useLatest(onError);
  useEffect(() => {
    if (selected.length === 0 || !text || !range) return;
    let live = true;
    const timer = setTimeout(async () => {
      const reply = await send({ type: 'search.quote', channel, ids: [...selected], query: text, ...range });
      if (!live) return;
      if (reply.ok) setQuote({ key, data: reply.data });
      else failed.current(reply.error);
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `key` stands for selected, text and range.
  }, [send, channel, key, asked]);
  return [quote, setQuote] as const;
}

/**
 * The paid part of "Search these videos": the price of searching the selection's unsaved videos on the service
 * (1 Cloud Request each, in calls of at most 25) against the balance, then a plain button that acts only on a
 * person's click and opens the extension's window, where the search of exactly this quote is confirmed (never
 * in the page). The price is asked again whenever what it is for (selection, words, range) changes; a press
 * before it has come back opens the window with it once it has.
 */
export function ServiceOffer({ channel, send, search, onBadRange, onFound }: Props) {
  const { selected, query, range } = search;
  const id = useId();
  const text = query.trim();
  const key = JSON.stringify([selected, text, range]);
  const [error, setError] = useState<ReplyError | null>(null);
  const [asked, setAsked] = useState(0);
  /** What a press was for while its price was still being asked (the words or selection had just changed). */
  const [pressed, setPressed] = useState<string | null>(null);
  const [quote, setQuote] = useSearchQuote({ send, channel, search, key, asked }, (failure) => {
    setError(failure);
    setPressed(null); // the press meets the failure's sentence, not a button that waits on
  });
  // Whatever the window did with it, the quote is used or stale: ask for a fresh price.
  const consent = useConsentWindow(send, (settled: Settled) => {
    if (settled.state === 'cancelled') return;
    setQuote(null);
    setAsked((n) => n + 1);
    if (settled.state === 'failed') setError(settled.error);
    else if (settled.result?.kind === 'search') onFound(settled.result.found);
  });

  async function openWindow(priced: SearchQuote) {
    const zero = priced.balance === 0 && priced.cloudRequests > 0;
    if (!range || !priced.quoteId || priced.ids.length === 0 || priced.refusal || zero) return;
    setError(null);
    await consent.open({ kind: 'search', channel, ids: priced.ids, quoteId: priced.quoteId, query: text, ...range });
  }

  // A press made before the price of what it was for came in is kept, not dropped by a button waiting for the
  // price: once that price is in, the window opens with it, and nothing is spent before the window shows it. A
  // press for words the person has changed since is let go: they are searching something else.
  useEffect(() => {
    if (pressed === null) return;
    if (pressed !== key) return setPressed(null);
    if (quote?.key !== key) return;
    setPressed(null);
    void openWindow(quote.data);
  }, [pressed, key, quote]);

  if (selected.length === 0 || !text) return null;
  const data = quote?.data;
  if (!data) return error ? <ErrorAlert error={error} /> : null;
  if (data.ids.length === 0) return <p class="tl-muted">{t('channel.offer.allSaved')}</p>;
  // The server's schema has no way to say this search: nothing is offered, so nothing can be sent or charged.
  if (data.refusal)
    return (
      <div class="tl-search-offer">
        <p>{t('channel.offer.unsaved', { n: data.ids.length })}</p>
        <p class="tl-error" role="alert" dir="auto">
          {data.refusal}
        </p>
      </div>
    );

  const alert = error ?? consent.error;
  const none = data.balance !== null && data.balance === 0 && data.cloudRequests > 0;
  const short = data.balance !== null && data.balance > 0 && data.balance < data.cloudRequests;
  const price = t(data.calls > 1 ? 'channel.offer.priceCalls' : 'channel.offer.price', {
    n: data.ids.length,
    cost: data.cloudRequests,
    calls: data.calls,
    perCall: data.perCall,
    left: data.balance ?? 'none',
  });

  function buy(event: Event) {
    if (!isPersonAct(event)) return;
    if (!range) return onBadRange();
    if (quote?.key !== key) return setPressed(key);
    if (data) void openWindow(data);
  }

  return (
    <div class="tl-search-offer">
      <p id={`${id}-price`}>
        {price}
        {data.held > 0 && ` ${t('channel.offer.held', { n: data.held })}`}
      </p>
      {none && <p class="tl-cost-warn">{t('channel.view.noneLeft')}</p>}
      {short && <p class="tl-cost-warn">{t('channel.offer.short')}</p>}
      {data.mayHaveBeenCharged > 0 && (
        <p class="tl-cost-warn">{t('channel.offer.charged', { n: data.mayHaveBeenCharged })}</p>
      )}
      <button
        type="button"
        class="tl-button tl-primary"
        aria-describedby={`${id}-price`}
        disabled={consent.phase === 'spending' || pressed !== null || none || !range}
        onClick={buy}
      >
        {t('channel.offer.buy', { n: data.ids.length })}
      </button>
      <WindowNote phase={consent.phase} />
      <p class="tl-muted">{t('channel.offer.hint')}</p>
      {alert && <ErrorAlert error={alert} />}
    </div>
  );
}
