import './channel.css';
import { useEffect, useId, useState } from 'preact/hooks';
import type { ChannelLookup } from '../../utils/channel-replies';
import type { Listen } from '../../utils/protocol/broadcasts';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { Send } from '../../utils/protocol/send';
import { isPersonAct } from '../consent';
import { ErrorAlert } from '../page/ErrorAlert';
import { ago, count, plural } from '../page/format';
import { BulkBar } from './BulkBar';
import { UploadList } from './UploadList';
import { VideoSearch } from './VideoSearch';

/** `listen`: the background's pushes (a bulk run's end); without it the run is only polled. */
type Props = { channel: string; send: Send; listen?: Listen };

/** The panel on a channel page: the price of listing first, then the uploads (held listings are free). */
export function ChannelView({ channel, send, listen }: Props) {
  const id = useId();
  const [state, setState] = useState<ChannelLookup | null>(null);
  const [error, setError] = useState<ReplyError | null>(null);
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());

  useEffect(() => {
    let live = true;
    void send({ type: 'channel.get', channel }).then((reply) => {
      if (!live) return;
      // Lets `npm run bench` time the list's first render from the moment its data is here.
      if (reply.ok && reply.data.status === 'quoted' && reply.data.listing) performance.mark('tl:channel-data');
      if (reply.ok) setState(reply.data);
      else setError(reply.error);
    });
    return () => {
      live = false;
    };
  }, [channel, send]);

  if (error && !state) return <ErrorAlert error={error} />;
  if (!state) return <p class="tl-muted">Reading the channel…</p>;
  if (state.status === 'gated') return <p class="tl-note">{state.message}</p>;

  const { quote } = state;
  const listing = state.status === 'quoted' ? state.listing : null;
  const tooFew = quote.balance !== null && quote.balance < quote.cloudRequests;
  const left = quote.balance === null ? '' : ` · ${count(quote.balance)} left`;

  async function list() {
    setBusy(true);
    setError(null);
    const reply = await send({ type: 'channel.list', channel, quoteId: quote.quoteId });
    setBusy(false);
    if (reply.ok) setState(reply.data);
    else {
      setError(reply.error);
      // The quote was used up: get a fresh price before the person tries again.
      const again = await send({ type: 'channel.get', channel });
      if (again.ok) setState(again.data);
    }
  }

  return (
    <section class="tl-channel" aria-label="Channel">
      <div class="tl-load-row">
        <button
          type="button"
          class="tl-button tl-primary"
          disabled={busy || tooFew}
          aria-describedby={`${id}-price`}
          onClick={(event) => {
            if (isPersonAct(event)) void list();
          }}
        >
          {listing ? 'Refresh uploads' : 'List uploads'}
        </button>
        <span class="tl-muted" id={`${id}-price`}>
          {plural(quote.cloudRequests, 'Cloud Request')}
          {left}
        </span>
      </div>
      {tooFew && <p class="tl-cost-warn">You have no Cloud Requests left. Nothing will be sent.</p>}
      {state.status === 'quoted' && state.note && <p class="tl-note">{state.note}</p>}
      {error && <ErrorAlert error={error} />}
      {state.status === 'failed' && (
        <div class="alert" role="alert" data-code={state.code}>
          <p>{state.message} Nothing was charged.</p>
        </div>
      )}
      {listing && (
        <>
          <p class="tl-muted">
            {listing.title}: {plural(listing.uploads.length, 'upload')} listed {ago(listing.listedAt, Date.now())}
            {` · ${count(listing.videoCount)} found on the channel.`}
          </p>
          {listing.truncated && <p class="tl-note">More uploads exist than the service lists (500).</p>}
          <UploadList
            uploads={listing.uploads}
            selected={selected}
            onSelect={setSelected}
            channelTitle={listing.title}
          />
          <BulkBar
            channel={channel}
            send={send}
            listen={listen}
            uploads={listing.uploads}
            selection={listing.uploads.filter((u) => selected.has(u.id))}
          />
          <VideoSearch channel={channel} send={send} uploads={listing.uploads} selected={selected} />
        </>
      )}
    </section>
  );
}
