import '../controls.css';
import './channel.css';
import { useEffect, useState } from 'preact/hooks';
import { MAX_LISTED, type UploadRow } from '../../utils/channel/replies';
import { t } from '../../utils/i18n/catalogue';
import type { Listen } from '../../utils/protocol/broadcasts';
import type { Send } from '../../utils/protocol/send';
import { BulkBar } from './BulkBar';
import { type PlaylistSource, readPlaylistRows } from './playlist-dom';
import { UploadList } from './UploadList';
import { VideoSearch } from './VideoSearch';

type Props = {
  /** `playlist:<list id>` (utils/channel/playlist-ref.ts). */
  playlist: string;
  send: Send;
  /** The background's pushes (a bulk run's end); without it the run is only polled. */
  listen?: Listen;
  /** The page whose list is read; the document in use, but tests may pass another. */
  doc?: Document;
  /** The playlist's page, or a watch page with `list=` (its panel beside the player). */
  source?: PlaylistSource;
};

/** How often a page still loading rows is read again at most. */
const READ_MS = 400;

const same = (a: readonly UploadRow[], b: readonly UploadRow[]) =>
  a.length === b.length && a.every((row, i) => row.id === b[i]?.id && row.title === b[i]?.title);

/**
 * The panel on a playlist page: the videos the page shows (read from its DOM, free: no request lists them),
 * then the channel view's bulk download and search over them. The page loads a long playlist as its list is
 * scrolled; each row it adds is read here.
 */
export function PlaylistView({ playlist, send, listen, doc = document, source = 'page' }: Props) {
  const [rows, setRows] = useState<UploadRow[]>(() => readPlaylistRows(doc, source));
  const [selected, setSelected] = useState<Set<string>>(() => new Set());

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const read = () => {
      timer = null;
      const next = readPlaylistRows(doc, source);
      setRows((shown) => (same(shown, next) ? shown : next));
    };
    read();
    // The list is extended, and may be rebuilt whole, by the page at will: the body is watched (the list element
    // itself may be replaced), and read again at most every READ_MS, so a busy page costs a timer check.
    const observer = new MutationObserver(() => {
      timer ??= setTimeout(read, READ_MS);
    });
    observer.observe(doc.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      if (timer !== null) clearTimeout(timer);
    };
  }, [doc, source]);

  // Only what is still on the page can be chosen.
  const chosen = rows.filter((u) => selected.has(u.id));
  return (
    <section class="tl-channel tl-controls" aria-label={t('channel.playlist.label')}>
      {rows.length === 0 ? (
        <p class="tl-muted">{t('channel.playlist.empty')}</p>
      ) : (
        <p class="tl-muted" aria-live="polite">
          {t('channel.playlist.loaded', { n: rows.length })}{' '}
          {rows.length < MAX_LISTED ? t('channel.playlist.scroll') : t('channel.playlist.most', { max: MAX_LISTED })}
        </p>
      )}
      {rows.length > 0 && (
        <>
          <UploadList uploads={rows} selected={selected} onSelect={setSelected} />
          <BulkBar channel={playlist} send={send} listen={listen} uploads={rows} selection={chosen} />
          <VideoSearch channel={playlist} send={send} uploads={rows} selected={selected} />
        </>
      )}
    </section>
  );
}
