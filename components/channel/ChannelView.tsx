import '../controls.css';
import './channel.css';
import { useId, useState } from 'preact/hooks';
import type { ChannelLookup } from '../../utils/channel/replies';
import { t } from '../../utils/i18n/catalogue';
import type { Listen } from '../../utils/protocol/broadcasts';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { Send } from '../../utils/protocol/send';
import { isPersonAct } from '../consent';
import { useReply } from '../hooks/useReply';
import { ErrorAlert } from '../page/ErrorAlert';
import { ago } from './ago';
import { BulkBar } from './BulkBar';
import { Phrase } from './Phrase';
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

  useReply(() => send({ type: 'channel.get', channel }), { onData: setState, onError: setError }, [channel, send]);

  if (error && !state) return <ErrorAlert error={error} />;
  if (!state) return <p class="tl-muted">{t('channel.view.reading')}</p>;
  if (state.status === 'gated') return <p class="tl-note">{state.message}</p>;

  const { quote } = state;
  const listing = state.status === 'quoted' ? state.listing : null;
  const tooFew = quote.balance !== null && quote.balance < quote.cloudRequests;

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
    <section class="tl-channel tl-controls" aria-label={t('channel.view.label')}>
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
          {listing ? t('channel.view.refresh') : t('channel.view.list')}
        </button>
        <span class="tl-muted" id={`${id}-price`}>
          {quote.balance === null
            ? t('common.term.cloudRequests', { n: quote.cloudRequests })
            : t('channel.view.priceLeft', { n: quote.cloudRequests, left: quote.balance })}
        </span>
      </div>
      {tooFew && <p class="tl-cost-warn">{t('channel.view.noneLeft')}</p>}
      {state.status === 'quoted' && state.note && <p class="tl-note">{state.note}</p>}
      {error && <ErrorAlert error={error} />}
      {state.status === 'failed' && (
        <div class="alert" role="alert" data-code={state.code}>
          <p>
            <Phrase k="channel.view.failed" data={{ message: state.message }} />
          </p>
        </div>
      )}
      {listing && (
        <>
          <p class="tl-muted">
            <Phrase
              k="channel.view.listed"
              values={{ n: listing.uploads.length, ago: ago(listing.listedAt, Date.now()), found: listing.videoCount }}
              data={{ title: listing.title }}
            />
          </p>
          {listing.truncated && <p class="tl-note">{t('channel.view.truncated')}</p>}
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
