import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ErrorAlert } from '../../components/page/ErrorAlert';
import { t } from '../../utils/i18n/catalogue';
import type { LibraryItem, LibraryList } from '../../utils/library/replies';
import type { Reply, ReplyError } from '../../utils/protocol/envelope';
import type { PageSend, Send } from '../../utils/protocol/send';
import { ChannelPaste } from './ChannelPaste';
import { FilterBar } from './FilterBar';
import { applyFilters, type Filters, isFiltered, NO_FILTERS } from './filters';
import { ImportPreview } from './ImportPreview';
import { HandedList, SelectionView } from './LibraryLists';
import { LibraryProgress } from './LibraryProgress';
import { LibrarySearch } from './LibrarySearch';
import { PasteList } from './PasteList';
import { RemoveDialog } from './RemoveDialog';
import { Toolbar } from './Toolbar';
import { copyNote, exportJson, exportNotes, type Outcome, type Save } from './transfer';
import { useImport } from './useImport';
import { VideoList } from './VideoList';
import { sizeText } from './words';

const RELIST_MS = 1_000;

export type LibraryProps = {
  send: PageSend;
  /** The list already asked for as the page started (main.tsx), so the first open does not wait to draw first. */
  firstList?: Promise<Reply<LibraryList>>;
  /** The bulk flow's messages (quote, consent window, runs) for a pasted list; without it the box is not shown. */
  sendBulk?: Send;
  save: Save;
  copy: (text: string) => Promise<void>;
  /** Height of the list's viewport in px. */
  listHeight: number;
};

/**
 * Everything the extension holds, free and offline: the list (filtered, selectable), full-text search over
 * all of it, notes and JSON out, a JSON file in, and removal. Nothing here reaches the service, except the
 * pasted list's bulk flow (./PasteList.tsx), priced first and bought only by Spend in the Transcript Lens window.
 */
export function LibraryApp({ send, firstList, sendBulk, save, copy, listHeight }: LibraryProps) {
  const [list, setList] = useState<LibraryList | null>(null);
  const [error, setError] = useState<ReplyError | null>(null);
  const [note, setNote] = useState('');
  const [query, setQuery] = useState('');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [removing, setRemoving] = useState<LibraryItem[] | null>(null);
  const [busy, setBusy] = useState(false);
  /** The selection put in the bulk view: a copy, so changing the checkboxes below does not change it. */
  const [picked, setPicked] = useState<{ n: number; items: LibraryItem[] } | null>(null);
  const searchBox = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const ask = () => send({ type: 'library.list' });
    // A failed early ask is asked again now that the page is drawn, so its error is in the page's language.
    const asked = firstList ? firstList.then((reply) => (reply.ok ? reply : ask())) : ask();
    void asked.then((reply) => (reply.ok ? setList(reply.data) : setError(reply.error)));
  }, [send, firstList]);

  // A library being read or indexed: listed again each second until both end, so titles and progress follow.
  const progress = list?.progress;
  useEffect(() => {
    if (!progress) return;
    let current = true;
    const timer = setTimeout(() => {
      void send({ type: 'library.list' }).then((reply) => current && reply.ok && setList(reply.data));
    }, RELIST_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [send, progress]);

  // "/" anywhere but a field goes to the search box, as on most sites with one.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const field = e.target instanceof HTMLElement && e.target.closest('input, select, textarea, button');
      if (e.key === '/' && !field) {
        e.preventDefault();
        searchBox.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const items = list?.items ?? [];
  const shown = useMemo(() => applyFilters(items, filters), [items, filters]);
  const scope = useMemo(() => (isFiltered(filters) ? shown.map((i) => i.videoId) : null), [filters, shown]);
  // While indexing, the search covers what is indexed so far; it is asked again once everything is.
  const indexed = list !== null && !progress;
  const selectedShown = shown.filter((i) => selected.has(i.videoId));
  const chosen = selectedShown.length > 0 ? selectedShown : shown;
  const total = items.reduce((n, i) => n + i.bytes, 0);
  const titles = useMemo(
    () => new Map(items.flatMap((i) => (i.title ? [[i.videoId, i.title] as const] : []))),
    [items],
  );
  const saved = useMemo(() => new Set(items.flatMap((i) => (i.transcript ? [i.videoId] : []))), [items]);

  async function run(work: () => Promise<Outcome>) {
    setBusy(true);
    setNote('');
    const outcome = await work();
    setBusy(false);
    if (outcome.ok) {
      setError(null);
      setNote(outcome.message);
    } else setError(outcome.error);
  }
  const importing = useImport({ send, run, onList: setList });

  const select = (videoId: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(videoId);
      else next.delete(videoId);
      return next;
    });

  async function remove(targets: LibraryItem[]) {
    setRemoving(null);
    await run(async () => {
      const reply = await send({ type: 'library.remove', videoIds: targets.map((t) => t.videoId) });
      if (!reply.ok) return reply;
      setList(reply.data.list);
      setSelected(new Set());
      return { ok: true, message: t('library.removed', { n: reply.data.removed }) };
    });
  }

  return (
    <main class="library">
      <header class="library-head">
        <h1>{t('common.library')}</h1>
        <p class="muted">
          {list ? t('library.head.held', { n: items.length, size: sizeText(total) }) : t('library.head.loading')}
        </p>
        <nav class="links" aria-label={t('library.nav.label')}>
          <a href="/spending.html">{t('library.nav.spending')}</a>
        </nav>
      </header>
      <search class="search">
        <input
          ref={searchBox}
          type="search"
          aria-label={t('library.search.label')}
          placeholder={t('library.search.hint')}
          value={query}
          onInput={(e) => setQuery(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Escape' && setQuery('')}
        />
      </search>
      {sendBulk && <HandedList send={send} sendBulk={sendBulk} saved={saved} />}
      <LibraryProgress progress={progress} />
      {sendBulk && <PasteList send={sendBulk} titles={titles} />}
      {sendBulk && <ChannelPaste send={send} sendBulk={sendBulk} />}
      <FilterBar items={items} value={filters} onChange={setFilters} />
      <p role="status" class="note">
        {note}
      </p>
      {error && <ErrorAlert error={error} />}
      {removing && (
        <RemoveDialog items={removing} onConfirm={() => void remove(removing)} onCancel={() => setRemoving(null)} />
      )}
      {importing.pending && (
        <ImportPreview
          name={importing.pending.name}
          summary={importing.pending.summary}
          onConfirm={() => void importing.confirm()}
          onCancel={() => void importing.cancel()}
        />
      )}
      {query.trim() ? (
        <LibrarySearch
          send={send}
          query={query}
          scope={scope}
          indexed={indexed}
          indexing={progress ? (progress.indexing?.done ?? 0) : null}
        />
      ) : (
        <>
          <Toolbar
            shown={shown.length}
            selected={selectedShown.length}
            busy={busy || importing.pending !== null || Boolean(progress?.reading)}
            onSelectAll={(on) => setSelected(on ? new Set(shown.map((i) => i.videoId)) : new Set())}
            onExportNotes={() => void run(() => exportNotes(send, chosen, save))}
            onExportJson={() => void run(() => exportJson(send, chosen, save))}
            onImport={(file) => void importing.choose(file)}
            onRemove={() => setRemoving(selectedShown)}
            onBulk={sendBulk && (() => setPicked((p) => ({ n: (p?.n ?? 0) + 1, items: selectedShown })))}
          />
          {sendBulk && picked && (
            <SelectionView key={picked.n} items={picked.items} send={sendBulk} onClose={() => setPicked(null)} />
          )}
          {list && items.length === 0 && <p class="muted">{t('library.empty')}</p>}
          {list && items.length > 0 && shown.length === 0 && <p class="muted">{t('library.noMatch')}</p>}
          {shown.length > 0 && (
            <VideoList
              items={shown}
              selected={selected}
              onSelect={select}
              onCopy={(item) => void run(() => copyNote(send, item, copy))}
              onRemove={(item) => setRemoving([item])}
              height={listHeight}
            />
          )}
        </>
      )}
    </main>
  );
}
