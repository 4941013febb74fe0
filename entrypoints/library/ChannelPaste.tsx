import { useState } from 'preact/hooks';
import { isPersonAct } from '../../components/consent';
import { ErrorAlert } from '../../components/page/ErrorAlert';
import { type ChannelList, parseChannelList } from '../../utils/channel/list';
import { CHANNELS_REF } from '../../utils/channel/playlist-ref';
import type { ChannelsListed, ChannelsQuote } from '../../utils/channel/replies';
import { t } from '../../utils/i18n/catalogue';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { PageSend, Send } from '../../utils/protocol/send';
import { ChannelsOutcome } from './ChannelsOutcome';
import { ChannelsPrice } from './ChannelsPrice';
import { LazyListView } from './LazyListView';
import { PasteBox } from './PasteBox';

type Props = {
  /** The page's messages: the listing's price and purchase. */
  send: PageSend;
  /** The panel's messages: the bulk view over the channels' uploads. */
  sendBulk: Send;
};

/**
 * "Channels to list": pasted channel links or handles, read here for free, priced (1 Cloud Request per channel
 * not listed before, in requests of the plan's size), listed only by the person's click on that price, then the
 * bulk view over the union of their uploads (./ListView.tsx), where transcripts are priced again.
 */
export function ChannelPaste({ send, sendBulk }: Props) {
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
    <PasteBox
      class="channel-paste"
      words="library.channels"
      rows={4}
      text={text}
      onText={setText}
      busy={busy}
      onRead={() => void read()}
      found={
        list && {
          summary: t('library.channels.summary', {
            n: list.channels.length,
            repeats: list.repeats,
            problems: list.problems.length,
          }),
          problems: list.problems,
        }
      }
    >
      {quote?.status === 'gated' && <p role="alert">{quote.message}</p>}
      {price && <ChannelsPrice price={price} busy={busy} onBuy={(e) => void buy(e)} />}
      {error && <ErrorAlert error={error} />}
      {listed && <ChannelsOutcome listed={listed} />}
      {listed && listed.uploads.length > 0 && (
        <LazyListView key={reads} listRef={CHANNELS_REF} rows={listed.uploads} send={sendBulk} />
      )}
    </PasteBox>
  );
}
