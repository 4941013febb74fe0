import { readUploads, readWatchlists, type Upload, type Watchlist } from '../../utils/api/read/watchlists';
import { t } from '../../utils/i18n/catalogue';
import type { PageSend } from '../../utils/protocol/send';
import { HandUploads } from './HandUploads';
import { LoadedList, useLoadOnOpen } from './LoadedList';
import { TabLink } from './TabLink';
import { shortDate, uploadUrl } from './watchlist-data';

type Props = { send: PageSend; openTab: (url: string) => void };

function UploadItem({ upload, openTab }: { upload: Upload; openTab: (url: string) => void }) {
  const url = uploadUrl(upload);
  const when = shortDate(upload.publishedAt);
  const meta = [upload.channel, when].filter(Boolean).join(' · ');
  return (
    <li class="upload">
      {url ? (
        <TabLink url={url} openTab={openTab}>
          <bdi>{upload.title}</bdi>
        </TabLink>
      ) : (
        <span dir="auto">{upload.title}</span>
      )}
      {meta && (
        <span class="muted small" dir="auto">
          {meta}
        </span>
      )}
    </li>
  );
}

function WatchlistItem({ list, send, openTab }: { list: Watchlist; send: PageSend; openTab: (url: string) => void }) {
  const { open, load, toggle } = useLoadOnOpen(
    () => send({ type: 'watchlists.activity', watchlistId: list.id }),
    readUploads,
  );
  const panelId = `watchlist-${list.id.replace(/[^A-Za-z0-9_-]/g, '_')}`;

  const latest = shortDate(list.lastAt);
  const recorded =
    list.recorded !== null && latest
      ? t('popup.watchlist.recordedLatest', { n: list.recorded, date: latest })
      : list.recorded !== null
        ? t('popup.watchlist.recorded', { n: list.recorded })
        : latest
          ? t('popup.watchlist.latest', { date: latest })
          : '';
  return (
    <li class="watchlist">
      <button type="button" class="disclosure" aria-expanded={open} aria-controls={panelId} onClick={toggle}>
        <bdi class="watchlist-name">{list.name}</bdi>
        {recorded && <span class="muted small">{` · ${recorded}`}</span>}
      </button>
      {open && (
        <div id={panelId} class="watchlist-uploads">
          {list.channels.length > 0 && (
            <p class="muted small">{t('popup.watchlist.follows', { channels: list.channels.join(', ') })}</p>
          )}
          <LoadedList
            load={load}
            words="popup.uploads"
            listClass="upload-list"
            item={(upload, index) => <UploadItem key={upload.videoId ?? index} upload={upload} openTab={openTab} />}
            after={(uploads) => <HandUploads name={list.name} uploads={uploads} send={send} />}
          />
        </div>
      )}
    </li>
  );
}

/** Collapsed until asked for: the tools are free, but they are a network round trip. */
export function Watchlists({ send, openTab }: Props) {
  const { open, load, toggle } = useLoadOnOpen(() => send({ type: 'watchlists.list' }), readWatchlists);

  return (
    <section class="watchlists" aria-labelledby="watchlists-title">
      <h2 id="watchlists-title">{t('popup.watchlists.title')}</h2>
      <p class="muted small">{t('popup.watchlists.free')}</p>
      <button type="button" aria-expanded={open} aria-controls="watchlists-body" onClick={toggle}>
        {open ? t('popup.watchlists.hide') : t('popup.watchlists.show')}
      </button>
      {open && (
        <div id="watchlists-body">
          <LoadedList
            load={load}
            words="popup.watchlists"
            listClass="watchlist-list"
            item={(list) => <WatchlistItem key={list.id} list={list} send={send} openTab={openTab} />}
          />
        </div>
      )}
    </section>
  );
}
