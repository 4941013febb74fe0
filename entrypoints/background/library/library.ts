import { t } from '../../../utils/i18n/catalogue';
import type { FileVideo, LibraryFile } from '../../../utils/library/file';
import type { ImportSummary, LibraryItem, LibraryList } from '../../../utils/library/replies';
import type { Core } from '../core/core';
import { Refusal } from '../core/replies';
import { createNotes } from '../notes/notes';
import type { NotesSummary } from '../notes/store';
import { fileVideoOf, pendingItemOf } from './catalog';
import { createCatalogSync } from './catalog-sync';
import { exportedOf, exportPart } from './export-text';
import { readSources } from './holdings';
import { importFile, previewImport, withNotesMerged } from './import';
import { type NotesKept, withNotes } from './notes-kept';
import { removeVideos } from './remove';
import { createSearchIndex } from './search-index';
import { openLibraryStore } from './store';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'account' | 'cache' | 'keeper'>;

const newestFirst = (a: LibraryItem, b: LibraryItem) => b.savedAt - a.savedAt || a.videoId.localeCompare(b.videoId);

/** The newest `first` items, with the whole list's count and size (`more`) when there are more; else all. */
function firstOf(items: LibraryItem[], first: number | undefined): Pick<LibraryList, 'items' | 'more'> {
  if (first === undefined || items.length <= first) return { items };
  return { items: items.slice(0, first), more: { count: items.length, bytes: items.reduce((n, i) => n + i.bytes, 0) } };
}

/**
 * Everything the extension holds, listed and searchable, free and offline: the catalog (./catalog-sync.ts) and
 * the search index (./search-index.ts), both derived from the cache, plus what the library page does with
 * them (remove, export, import).
 */
export function createLibrary(core: CoreNeeds, notes: NotesKept = createNotes()) {
  const store = openLibraryStore();
  const catalog = createCatalogSync({ account: core.account, cache: core.cache, store });
  const index = createSearchIndex({ cache: core.cache, store, catalog, notes });
  core.keeper.onStored(() => catalog.markChanged());

  /**
   * What the page lists: every video, those not read yet (a library never listed) from their holdings alone,
   * with how far the reading and the indexing are, so the page is usable long before both end. `first`: only
   * the newest that many, with the whole list's count and size (the page's first screen, a small message).
   */
  async function list(first?: number): Promise<LibraryList> {
    const { account, records, unread, reading } = await catalog.listing();
    index.warm();
    const held = [...records.values()].map((r) => r.item);
    for (const h of unread) if (!records.has(h.videoId)) held.push(pendingItemOf(h));
    // Notes are the person's own: a list that cannot read them still lists what is held.
    const items = withNotes(held, await notes.summaries().catch(() => new Map<string, NotesSummary>()));
    const indexing = index.progress();
    const progress = reading || indexing ? { reading, indexing } : null;
    return { ...firstOf(items.sort(newestFirst), first), hasAccount: account !== '', ...(progress && { progress }) };
  }

  /** Those of the videos with a saved transcript: what a search restricted to them can find words in. */
  async function withTranscripts(videoIds: readonly string[]): Promise<string[]> {
    const { records } = await catalog.sync();
    return videoIds.filter((id) => records.get(id)?.item.transcript);
  }

  /** The titles the library knows of these videos (the spending history names what was bought by them). */
  async function titles(videoIds: Iterable<string>): Promise<Record<string, string>> {
    const { records } = await catalog.sync();
    const found: Record<string, string> = {};
    for (const id of videoIds) {
      const title = records.get(id)?.item.title;
      if (title) found[id] = title;
    }
    return found;
  }

  const exportDeps = { catalog, cache: core.cache, notes };

  /** The videos' held data for the JSON export, a part at a time (./catalog-sync.ts `held`: one read of all). */
  async function exportVideos(videoIds: readonly string[]): Promise<FileVideo[]> {
    const cache = await core.cache();
    const exported = await exportedOf(exportDeps, videoIds);
    return Promise.all(
      exported.map(async (e) =>
        'noteOnly' in e ? e.noteOnly : { ...fileVideoOf(await readSources(cache, e.held), e.item), ...e.mine },
      ),
    );
  }

  /** The same videos as the library file's bytes (./export-text.ts): what "Export JSON" writes, a part at a time. */
  const exportBytes = exportPart(exportDeps);
  const decoder = new TextDecoder();
  /** As text, for a message (Firefox's pages: its background is not a service worker they can post to). */
  const exportText = (videoIds: readonly string[]) =>
    exportBytes(videoIds, (count, bytes) => ({ count, text: decoder.decode(bytes) }));

  /** The account the file's analyses and answers go to; refused when there is none and the file has some. */
  async function importAccount(file: LibraryFile): Promise<string> {
    const account = await core.account();
    const paid = file.videos.some((v) => v.analysis || v.answers.length > 0);
    if (paid && !account) {
      throw new Refusal('no_token', t('background.library.importNeedsToken'));
    }
    return account;
  }

  /** What importing the file would add and keep, before the person agrees; nothing is written. */
  async function previewLibrary(file: LibraryFile): Promise<ImportSummary> {
    const summary = await previewImport(await core.cache(), await importAccount(file), file);
    return withNotesMerged(summary, await notes.plan(file.videos.flatMap((v) => v.notes ?? [])));
  }

  /** What the cache takes first (all or nothing), then the notes, merged by id (never lost, never twice). */
  async function importLibrary(file: LibraryFile): Promise<ImportSummary> {
    const result = await importFile(await core.cache(), await importAccount(file), file);
    catalog.markChanged();
    const merged = await notes.merge(file.videos.flatMap((v) => v.notes ?? []));
    await catalog.sync(true);
    return withNotesMerged(result, merged);
  }

  return {
    list,
    search: index.search,
    hits: index.hits,
    withTranscripts,
    titles,
    remove: (videoIds: readonly string[]) => removeVideos(core, catalog, videoIds),
    exportVideos,
    exportText,
    exportBytes,
    previewLibrary,
    importLibrary,
    markChanged: catalog.markChanged,
  };
}

export type Library = ReturnType<typeof createLibrary>;
