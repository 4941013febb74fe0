import type { CacheKind } from '../../../utils/cache';
import { jobStore } from '../../../utils/jobs-store';
import type { FileVideo, LibraryFile } from '../../../utils/library/file';
import type { ImportSummary, LibraryHit, LibraryItem, LibraryList } from '../../../utils/library-replies';
import {
  excerpt,
  matchRanges,
  momentAt,
  SearchEngine,
  type SearchHit,
  type SearchOptions,
} from '../../../utils/search';
import { createSerial } from '../../../utils/serial';
import type { Core } from '../core/core';
import { Refusal } from '../replies';
import { docsOf, fileVideoOf, itemOf } from './catalog';
import { type Holding, holdingsOf, readSources, signatureOf } from './holdings';
import { importFile, previewImport } from './import';
import { type CatalogRecord, openLibraryStore } from './store';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'account' | 'cache' | 'keeper'>;

const PERSIST_AFTER_MS = 3_000;
const FRESH_FOR_MS = 5_000;
const yieldToEvents = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Everything the extension holds, listed and searchable, free and offline. The list and the search index are
 * derived from the cache and kept in step by comparing each video's signature (keys and sizes of what is held):
 * only videos that changed are read again. The index is loaded (or built) on first use and updated one video at
 * a time, yielding between videos so a panel's messages are answered meanwhile; its snapshot is saved a few
 * seconds after the last change.
 */
export function createLibrary(core: CoreNeeds) {
  const store = openLibraryStore();
  const serial = createSerial();
  let engine: SearchEngine | null = null;
  let engineLoading: Promise<SearchEngine> | null = null;
  let records = new Map<string, CatalogRecord>();
  let syncedAt = 0;
  let syncedAccount: string | null = null;
  let dirty = true;
  let persistTimer: ReturnType<typeof setTimeout> | null = null;

  core.keeper.onStored(() => {
    dirty = true;
  });

  function persistSoon(): void {
    if (persistTimer) clearTimeout(persistTimer);
    persistTimer = setTimeout(() => {
      persistTimer = null;
      if (engine) void store.writeSnapshot(engine.toJSON()).catch(() => undefined);
    }, PERSIST_AFTER_MS);
  }

  async function indexVideo(e: SearchEngine, h: Holding, record: CatalogRecord, account: string) {
    const sources = await readSources(await core.cache(), h);
    e.setVideo(docsOf(sources, record.item, account), record.signature);
  }

  /** The catalog brought in step with the cache (and the index too, when it is loaded). */
  function sync(force = false): Promise<{ account: string; records: Map<string, CatalogRecord> }> {
    return serial(async () => {
      const account = await core.account();
      if (!force && !dirty && account === syncedAccount && Date.now() - syncedAt < FRESH_FOR_MS) {
        return { account, records };
      }
      dirty = false;
      const cache = await core.cache();
      const [listed, jobs, stored] = await Promise.all([cache.list(), jobStore.all(account), store.catalog()]);
      const holdings = holdingsOf(listed, account, jobs);
      const known = new Map(stored.map((r) => [r.videoId, r]));
      const put: CatalogRecord[] = [];
      for (const h of holdings.values()) {
        const signature = signatureOf(h, account);
        if (known.get(h.videoId)?.signature === signature) continue;
        const sources = await readSources(cache, h);
        const item = itemOf(sources);
        const record = { videoId: h.videoId, signature, item };
        put.push(record);
        known.set(h.videoId, record);
        if (engine) engine.setVideo(docsOf(sources, item, account), signature);
      }
      const gone = [...known.keys()].filter((videoId) => !holdings.has(videoId));
      for (const videoId of gone) {
        known.delete(videoId);
        engine?.removeVideo(videoId);
      }
      await store.writeCatalog(put, gone);
      if (engine && (put.length || gone.length)) persistSoon();
      records = known;
      syncedAt = Date.now();
      syncedAccount = account;
      return { account, records };
    });
  }

  /** Re-indexes the videos whose catalog record changed since the index last saw them; drops removed ones. */
  async function catchUp(e: SearchEngine, account: string, current: Map<string, CatalogRecord>): Promise<void> {
    let changed = false;
    for (const videoId of e.videoIds()) {
      if (!current.has(videoId)) {
        e.removeVideo(videoId);
        changed = true;
      }
    }
    const stale = [...current.values()].filter((r) => e.signatureOf(r.videoId) !== r.signature);
    if (stale.length > 0) {
      const cache = await core.cache();
      const holdings = holdingsOf(await cache.list(), account, await jobStore.all(account));
      for (const record of stale) {
        const h = holdings.get(record.videoId);
        if (!h) continue;
        await indexVideo(e, h, record, account);
        changed = true;
        await yieldToEvents();
      }
    }
    if (changed) persistSoon();
  }

  /** The index, loaded from its snapshot (or built), then brought in step with the catalog. */
  function searchEngine(): Promise<SearchEngine> {
    engineLoading ??= (async () => {
      const snapshot = await store.snapshot().catch(() => undefined);
      const loaded = (snapshot && SearchEngine.load(snapshot)) || SearchEngine.create();
      const { account, records: current } = await sync();
      await catchUp(loaded, account, current);
      engine = loaded;
      return loaded;
    })().catch((error: unknown) => {
      engineLoading = null;
      throw error;
    });
    return engineLoading;
  }

  function toHit(hit: SearchHit): LibraryHit {
    const ranges = matchRanges(hit.text, hit.terms);
    const first = ranges[0];
    const at = hit.kind === 'transcript' && first ? momentAt(hit, first[0]) : hit.start;
    const cut = excerpt(hit.text, ranges);
    return { videoId: hit.videoId, kind: hit.kind, at, title: hit.title, channel: hit.channel, ...cut };
  }

  const newestFirst = (a: LibraryItem, b: LibraryItem) => b.savedAt - a.savedAt || a.videoId.localeCompare(b.videoId);

  async function list(): Promise<LibraryList> {
    const { account, records: current } = await sync(true);
    // The index is warmed while the person looks at the list, so the first search does not wait for it.
    void searchEngine().catch(() => undefined);
    return { items: [...current.values()].map((r) => r.item).sort(newestFirst), hasAccount: account !== '' };
  }

  /** The engine's own hits (passages keep their cue marks), in step with the cache. */
  async function hits(query: string, opts: Omit<SearchOptions, 'account'> = {}): Promise<SearchHit[]> {
    const e = await searchEngine();
    const { account, records: current } = await sync();
    // Changes that landed while the index was loading.
    await catchUp(e, account, current);
    return e.search(query, { ...opts, account });
  }

  async function search(query: string, videoIds?: readonly string[], limit = 100): Promise<LibraryHit[]> {
    return (await hits(query, { videoIds, limit })).map(toHit);
  }

  /** Those of the videos with a saved transcript: what a search restricted to them can find words in. */
  async function withTranscripts(videoIds: readonly string[]): Promise<string[]> {
    const { records: current } = await sync();
    return videoIds.filter((id) => current.get(id)?.item.transcript);
  }

  /** The titles the library knows of these videos (the spending history names what was bought by them). */
  async function titles(videoIds: Iterable<string>): Promise<Record<string, string>> {
    const { records: current } = await sync();
    const found: Record<string, string> = {};
    for (const id of videoIds) {
      const title = current.get(id)?.item.title;
      if (title) found[id] = title;
    }
    return found;
  }

  async function remove(videoIds: readonly string[]): Promise<number> {
    const { account } = await sync(true);
    const cache = await core.cache();
    const holdings = holdingsOf(await cache.list(), account, await jobStore.all(account));
    const fallbacks = (await cache.keys('meta')).filter((k) => videoIds.some((id) => k.startsWith(`fallback:${id}:`)));
    const keys: { kind: CacheKind; key: string }[] = fallbacks.map((key) => ({ kind: 'meta', key }));
    let removed = 0;
    for (const videoId of videoIds) {
      const h = holdings.get(videoId);
      if (!h) continue;
      removed++;
      for (const e of [...h.transcripts, h.analysis, h.answers]) if (e) keys.push({ kind: e.kind, key: e.key });
    }
    await cache.deleteAll(keys);
    // Without its record the panel offers the analysis again with its price, instead of fetching it for free
    // behind the person's back: what was removed stays removed.
    for (const videoId of videoIds) if (holdings.get(videoId)?.job) await jobStore.remove(account, videoId);
    dirty = true;
    await sync(true);
    return removed;
  }

  async function exportVideos(videoIds: readonly string[]): Promise<FileVideo[]> {
    const { account, records: current } = await sync();
    const cache = await core.cache();
    const holdings = holdingsOf(await cache.list(), account, await jobStore.all(account));
    const out: FileVideo[] = [];
    for (const videoId of videoIds) {
      const h = holdings.get(videoId);
      const record = current.get(videoId);
      if (h && record) out.push(fileVideoOf(await readSources(cache, h), record.item));
    }
    return out;
  }

  /** The account the file's analyses and answers go to; refused when there is none and the file has some. */
  async function importAccount(file: LibraryFile): Promise<string> {
    const account = await core.account();
    const paid = file.videos.some((v) => v.analysis || v.answers.length > 0);
    if (paid && !account) {
      throw new Refusal(
        'no_token',
        'This file holds analyses and answers, which are kept per account: add your API token in the options first. Nothing was imported.',
      );
    }
    return account;
  }

  /** What importing the file would add and keep, before the person agrees; nothing is written. */
  async function previewLibrary(file: LibraryFile): Promise<ImportSummary> {
    return previewImport(await core.cache(), await importAccount(file), file);
  }

  async function importLibrary(file: LibraryFile): Promise<ImportSummary> {
    const result = await importFile(await core.cache(), await importAccount(file), file);
    dirty = true;
    await sync(true);
    return result;
  }

  return {
    list,
    search,
    hits,
    withTranscripts,
    titles,
    remove,
    exportVideos,
    previewLibrary,
    importLibrary,
    markChanged: () => (dirty = true),
  };
}

export type Library = ReturnType<typeof createLibrary>;
