import { useState } from 'preact/hooks';
import { ErrorAlert } from '../../components/page/ErrorAlert';
import { type Parsed, readUploads, readWatchlists, type Upload, type Watchlist } from '../../utils/api/read/watchlists';
import { t } from '../../utils/i18n/catalogue';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { PageSend } from '../../utils/protocol/send';
import { HandUploads } from './HandUploads';
import { TabLink } from './TabLink';
import { shortDate, uploadUrl } from './watchlist-data';

type Props = { send: PageSend; openTab: (url: string) => void };
type Load<T> = { state: 'loading' } | { state: 'error'; error: ReplyError } | { state: 'done'; data: Parsed<T> };

function Other({ text }: { text: string }) {
  return (
    <pre class="raw" dir="auto">
      {text}
    </pre>
  );
}

/** Entries of a list that could not be read as one of its items: shown as text, never dropped. */
function Unread({ parsed, intro }: { parsed: Parsed<unknown>; intro: string }) {
  if (parsed.kind !== 'list' || parsed.unread.length === 0) return null;
  return (
    <>
      <p class="muted small">{intro}</p>
      <Other text={parsed.unread.join('\n')} />
    </>
  );
}

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
  const [open, setOpen] = useState(false);
  const [uploads, setUploads] = useState<Load<Upload> | null>(null);
  const panelId = `watchlist-${list.id.replace(/[^A-Za-z0-9_-]/g, '_')}`;

  async function toggle() {
    const next = !open;
    setOpen(next);
    if (!next || uploads?.state === 'done' || uploads?.state === 'loading') return;
    setUploads({ state: 'loading' });
    const reply = await send({ type: 'watchlists.activity', watchlistId: list.id });
    setUploads(reply.ok ? { state: 'done', data: readUploads(reply.data) } : { state: 'error', error: reply.error });
  }

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
          {uploads?.state === 'loading' && <p class="muted">{t('popup.uploads.loading')}</p>}
          {uploads?.state === 'error' && <ErrorAlert error={uploads.error} />}
          {uploads?.state === 'done' && uploads.data.kind === 'other' && <Other text={uploads.data.text} />}
          {uploads?.state === 'done' && uploads.data.kind === 'list' && uploads.data.items.length === 0 && (
            <p class="muted">{t('popup.uploads.none')}</p>
          )}
          {uploads?.state === 'done' && uploads.data.kind === 'list' && uploads.data.items.length > 0 && (
            <ul class="upload-list">
              {uploads.data.items.map((upload, index) => (
                <UploadItem key={upload.videoId ?? index} upload={upload} openTab={openTab} />
              ))}
            </ul>
          )}
          {uploads?.state === 'done' && uploads.data.kind === 'list' && (
            <HandUploads name={list.name} uploads={uploads.data.items} send={send} />
          )}
          {uploads?.state === 'done' && <Unread parsed={uploads.data} intro={t('popup.uploads.unread')} />}
        </div>
      )}
    </li>
  );
}

/** Collapsed until asked for: the tools are free, but they are a network round trip. */
export function Watchlists({ send, openTab }: Props) {
  const [open, setOpen] = useState(false);
  const [lists, setLists] = useState<Load<Watchlist> | null>(null);

  async function toggle() {
    const next = !open;
    setOpen(next);
    if (!next || lists?.state === 'done' || lists?.state === 'loading') return;
    setLists({ state: 'loading' });
    const reply = await send({ type: 'watchlists.list' });
    setLists(reply.ok ? { state: 'done', data: readWatchlists(reply.data) } : { state: 'error', error: reply.error });
  }

  return (
    <section class="watchlists" aria-labelledby="watchlists-title">
      <h2 id="watchlists-title">{t('popup.watchlists.title')}</h2>
      <p class="muted small">{t('popup.watchlists.free')}</p>
      <button type="button" aria-expanded={open} aria-controls="watchlists-body" onClick={toggle}>
        {open ? t('popup.watchlists.hide') : t('popup.watchlists.show')}
      </button>
      {open && (
        <div id="watchlists-body">
          {lists?.state === 'loading' && <p class="muted">{t('popup.watchlists.loading')}</p>}
          {lists?.state === 'error' && <ErrorAlert error={lists.error} />}
          {lists?.state === 'done' && lists.data.kind === 'other' && <Other text={lists.data.text} />}
          {lists?.state === 'done' && lists.data.kind === 'list' && lists.data.items.length === 0 && (
            <p class="muted">{t('popup.watchlists.none')}</p>
          )}
          {lists?.state === 'done' && lists.data.kind === 'list' && lists.data.items.length > 0 && (
            <ul class="watchlist-list">
              {lists.data.items.map((list) => (
                <WatchlistItem key={list.id} list={list} send={send} openTab={openTab} />
              ))}
            </ul>
          )}
          {lists?.state === 'done' && <Unread parsed={lists.data} intro={t('popup.watchlists.unread')} />}
        </div>
      )}
    </section>
  );
}
