import { useRef, useState } from 'preact/hooks';
import { ErrorAlert } from '../../components/page/ErrorAlert';
import { t } from '../../utils/i18n/catalogue';
import type { LibraryItem, LibraryList } from '../../utils/library/replies';
import type { Reply } from '../../utils/protocol/envelope';
import type { PageSend, Send } from '../../utils/protocol/send';
import { ChannelPaste } from './ChannelPaste';
import { FilterBar } from './FilterBar';
import { type Filters, NO_FILTERS } from './filters';
import { ImportPreview } from './ImportPreview';
import { LibraryHead } from './LibraryHead';
import { HandedList, SelectionView } from './LibraryLists';
import { LibraryProgress } from './LibraryProgress';
import { LibrarySearch } from './LibrarySearch';
import { PartsBar } from './PartsBar';
import { PasteList } from './PasteList';
import { RemoveDialog } from './RemoveDialog';
import { Toolbar } from './Toolbar';
import type { Save } from './transfer';
import { useImport } from './useImport';
import { useInParts } from './useInParts';
import { useLibraryList } from './useLibraryList';
import { useOutcome } from './useOutcome';
import { toggled, useRemoval } from './useRemoval';
import { useShownItems } from './useShownItems';
import { useSlashToSearch } from './useSlashToSearch';
import { VideoList } from './VideoList';

export type LibraryProps = {
  send: PageSend;
  /** The list already asked for as the page started (main.tsx), so the first open does not wait to draw first. */
  firstList?: Promise<Reply<LibraryList>>;
  /** Its list when it came before the page first drew (its messages load meanwhile): the first draw shows its rows. */
  listed?: LibraryList;
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
 * The exports, the import and the bulk view are modules loaded at their first use: the first screen does not
 * evaluate zod's file schema, fflate or the channel view (docs/library.md, "The list").
 */
export function LibraryApp({ send, firstList, listed, sendBulk, save, copy, listHeight }: LibraryProps) {
  const { note, error, setError, busy, run } = useOutcome();
  const [list, setList] = useLibraryList(send, firstList, setError, listed);
  const [query, setQuery] = useState('');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  /** The selection put in the bulk view: a copy, so changing the checkboxes below does not change it. */
  const [picked, setPicked] = useState<{ n: number; items: LibraryItem[] } | null>(null);
  const searchBox = useRef<HTMLInputElement>(null);

  useSlashToSearch(searchBox);

  const progress = list?.progress;
  const items = list?.items ?? [];
  const { shown, scope, selectedShown, chosen, held, partial, titles, saved } = useShownItems(list, filters, selected);
  // While indexing, the search covers what is indexed so far; it is asked again once everything is.
  const indexed = list !== null && !progress;

  const inParts = useInParts(run);
  const importing = useImport({ send, run, inParts: (work) => inParts.start('import', work), onList: setList });

  const select = (videoId: string, on: boolean) => setSelected((current) => toggled(current, videoId, on));
  const { removing, setRemoving, remove } = useRemoval(send, run, (left) => {
    setList(left);
    setSelected(new Set());
  });

  return (
    <main class="library">
      <LibraryHead held={held} searchBox={searchBox} query={query} onQuery={setQuery} />
      {sendBulk && <HandedList send={send} sendBulk={sendBulk} saved={saved} />}
      <LibraryProgress progress={progress} />
      {sendBulk && <PasteList send={sendBulk} titles={titles} />}
      {sendBulk && <ChannelPaste send={send} sendBulk={sendBulk} />}
      <FilterBar items={items} value={filters} onChange={setFilters} disabled={partial} />
      {inParts.feed && <PartsBar feed={inParts.feed} onCancel={inParts.cancel} />}
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
            busy={busy || importing.pending !== null || Boolean(progress?.reading) || partial}
            onSelectAll={(on) => setSelected(on ? new Set(shown.map((i) => i.videoId)) : new Set())}
            onExportNotes={() => void run(async () => (await import('./transfer')).exportNotes(send, chosen, save))}
            onExportJson={() =>
              void inParts.start('export', async (how) =>
                (await import('./export-json')).exportJson(send, chosen, save, how),
              )
            }
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
              onCopy={(item) => void run(async () => (await import('./transfer')).copyNote(send, item, copy))}
              onRemove={(item) => setRemoving([item])}
              height={listHeight}
            />
          )}
        </>
      )}
    </main>
  );
}
