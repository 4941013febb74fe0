import { useId, useState } from 'preact/hooks';
import { isPersonAct } from '../../components/consent';
import { ErrorAlert } from '../../components/page/ErrorAlert';
import { plural } from '../../components/page/format';
import { type ChannelList, parseChannelList } from '../../utils/channel-list';
import type { ChannelsListed, ChannelsQuote } from '../../utils/channel-replies';
import { CHANNELS_REF } from '../../utils/playlist-ref';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { PageSend, Send } from '../../utils/protocol/send';
import { ListView } from './ListView';

type Props = {
  /** The page's messages: the listing's price and purchase. */
  send: PageSend;
  /** The panel's messages: the bulk view over the channels' uploads. */
  sendBulk: Send;
};

const OUTCOME: Record<ChannelsListed['channels'][number]['outcome'], string> = {
  listed: 'listed',
  held: 'already listed, free',
  failed: 'not listed',
  not_sent: 'not sent',
};

/**
 * "Channels to list": pasted channel links or handles, read here for free, priced (1 Cloud Request per channel
 * not listed before, in requests of the plan's size), listed only by the person's click on that price, then the
 * bulk view over the union of their uploads (./ListView.tsx), where transcripts are priced again.
 */
export function ChannelPaste({ send, sendBulk }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [list, setList] = useState<ChannelList | null>(null);
  const [quote, setQuote] = useState<ChannelsQuote | null>(null);
  const [listed, setListed] = useState<ChannelsListed | null>(null);
  const [error, setError] = useState<ReplyError | null>(null);
  const [busy, setBusy] = useState(false);
  const [reads, setReads] = useState(0);

  async function read() {
    const parsed = parseChannelList(text);
    setList(parsed);
    setQuote(null);
    setListed(null);
    setError(null);
    setReads((n) => n + 1);
    if (parsed.channels.length === 0) return;
    // Free: the price only.
    const reply = await send({ type: 'channels.quote', channels: parsed.channels });
    if (reply.ok) setQuote(reply.data);
    else setError(reply.error);
  }

  async function buy(event: Event) {
    if (!isPersonAct(event) || !list || quote?.status !== 'quoted' || busy) return;
    setBusy(true);
    setError(null);
    const reply = await send({ type: 'channels.list', channels: list.channels, quoteId: quote.quoteId });
    setBusy(false);
    setQuote(null);
    if (reply.ok) {
      setListed(reply.data);
      setReads((n) => n + 1);
    } else setError(reply.error);
  }

  const price = quote?.status === 'quoted' ? quote : null;
  return (
    <section class="paste-list tl-root" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Many channels at once</h2>
      <label for={`${id}-box`}>
        Paste channel links or @handles, one per line (up to 100). Listing a channel’s uploads costs 1 Cloud Request; a
        channel listed before is free.
      </label>
      <textarea
        id={`${id}-box`}
        aria-label="Channels to list"
        rows={4}
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
      />
      <div class="actions">
        <button type="button" disabled={text.trim() === '' || busy} onClick={() => void read()}>
          Read the channels
        </button>
      </div>
      {list && (
        <div role="status">
          <p>
            {plural(list.channels.length, 'channel')} read
            {list.repeats > 0 && `, ${plural(list.repeats, 'repeat')} kept once`}
            {list.problems.length > 0 ? `; ${plural(list.problems.length, 'line')} could not be read:` : '.'}
          </p>
          {list.problems.length > 0 && (
            <ul class="paste-problems">
              {list.problems.map((p) => (
                <li key={p.line}>{p.sentence}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {quote?.status === 'gated' && <p role="alert">{quote.message}</p>}
      {price && (
        <div class="channels-price">
          <p>
            {price.toList.length === 0
              ? 'Every channel is listed already: showing them costs nothing.'
              : `Listing ${plural(price.toList.length, 'channel')} costs up to ${plural(price.cloudRequests, 'Cloud Request')} ` +
                `(a channel that cannot be listed is free), sent in ${plural(price.requests, 'request')} of up to ${price.perRequest} channels.`}
            {price.held.length > 0 &&
              price.toList.length > 0 &&
              ` ${plural(price.held.length, 'channel')} listed before: free.`}
            {price.balance !== null && ` You have ${price.balance.toLocaleString('en-US')} Cloud Requests.`}
          </p>
          <button type="button" disabled={busy} onClick={(e) => void buy(e)}>
            {price.toList.length === 0
              ? 'Show their uploads'
              : `List ${plural(price.toList.length, 'channel')} (${plural(price.cloudRequests, 'Cloud Request')})`}
          </button>
        </div>
      )}
      {error && <ErrorAlert error={error} />}
      {listed && (
        <ul class="channels-outcome" aria-label="Channels listed">
          {listed.channels.map((c) => (
            <li key={c.channel}>
              {c.title ?? c.channel}: {OUTCOME[c.outcome]}
              {c.message && ` — ${c.message}`}
            </li>
          ))}
        </ul>
      )}
      {listed && listed.leftOut > 0 && (
        <p>
          {plural(listed.leftOut, 'more upload')} not shown: the most taken at once is {listed.uploads.length}.
        </p>
      )}
      {listed && listed.uploads.length > 0 && (
        <ListView key={reads} listRef={CHANNELS_REF} rows={listed.uploads} send={sendBulk} />
      )}
    </section>
  );
}
