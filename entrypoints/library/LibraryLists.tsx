import { useEffect, useId, useMemo, useState } from 'preact/hooks';
import { SELECTION_REF, WATCHLIST_REF } from '../../utils/channel/playlist-ref';
import type { UploadRow } from '../../utils/channel/replies';
import { t } from '../../utils/i18n/catalogue';
import type { LibraryItem } from '../../utils/library/replies';
import type { PageReplies } from '../../utils/protocol/replies';
import type { PageSend, Send } from '../../utils/protocol/send';
import { LazyListView } from './LazyListView';

const row = (id: string, title: string, saved: boolean): UploadRow => ({
  id,
  title: title || id,
  published: null,
  saved,
  analyzed: false,
});

type Handed = NonNullable<PageReplies['lists.take']>;

/**
 * A watchlist's uploads the popup handed over (docs/library.md): asked of the background once, when the page
 * opens; the page's URL carries none, so no web page can put videos here. Then the bulk view, priced first.
 */
export function HandedList({ send, sendBulk, saved }: { send: PageSend; sendBulk: Send; saved: ReadonlySet<string> }) {
  const id = useId();
  const [handed, setHanded] = useState<Handed | null>(null);
  useEffect(() => {
    void send({ type: 'lists.take' }).then((reply) => reply.ok && reply.data && setHanded(reply.data));
  }, [send]);
  const rows = useMemo(() => (handed?.videos ?? []).map((v) => row(v.id, v.title, saved.has(v.id))), [handed, saved]);
  if (!handed) return null;
  return (
    <section class="handed-list tl-root" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('library.handed.heading', { name: handed.name })}</h2>
      <p class="muted">{t('library.handed.note', { n: rows.length })}</p>
      <LazyListView listRef={WATCHLIST_REF} rows={rows} send={sendBulk} />
    </section>
  );
}

/**
 * The library's selected videos in the bulk view: "Download transcripts" of saved ones builds the file from what
 * is held (another format, free, nothing sent); the unsaved ones are priced. "Search these videos" searches the
 * saved transcripts here, free, and offers the service for the rest with its price first.
 */
export function SelectionView({ items, send, onClose }: { items: LibraryItem[]; send: Send; onClose: () => void }) {
  const id = useId();
  const rows = useMemo(() => items.map((i) => row(i.videoId, i.title ?? '', i.transcript !== null)), [items]);
  const unsaved = rows.filter((r) => !r.saved).length;
  return (
    <section class="selection-list tl-root" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('library.selection.heading')}</h2>
      <p class="muted">
        {t(unsaved > 0 ? 'library.selection.noteUnsaved' : 'library.selection.note', {
          n: rows.length,
          saved: rows.length - unsaved,
          unsaved,
        })}
      </p>
      <LazyListView listRef={SELECTION_REF} rows={rows} send={send} />
      <button type="button" onClick={onClose}>
        {t('library.selection.close')}
      </button>
    </section>
  );
}
