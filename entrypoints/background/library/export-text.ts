import { type Cache, type CacheEntry, type CacheKind, packedParts } from '../../../utils/cache';
import type { FileVideo } from '../../../utils/library/file';
import type { LibraryItem } from '../../../utils/library/replies';
import type { NoteItem } from '../../../utils/notes/model';
import type { NotesSummary } from '../notes/store';
import type { SavedTranscript } from '../saved/transcripts';
import { fileTranscriptOf, fileVideoOf } from './catalog';
import type { CatalogSync } from './catalog-sync';
import { ExportBytes } from './export-bytes';
import { type Holding, sourcesOf } from './holdings';
import { type NotesKept, noteOnlyVideo } from './notes-kept';

type Deps = { catalog: Pick<CatalogSync, 'held'>; cache: () => Promise<Cache>; notes: NotesKept };
type Mine = { notes?: NoteItem[] };
/** An asked video the export holds: one the cache holds, or one held for its notes alone. */
export type Exported = { held: Holding; item: LibraryItem; mine: Mine } | { noteOnly: FileVideo };

/** Each asked video the export holds, in the order asked; others are left out. The holdings are one listing's. */
export async function exportedOf({ catalog, notes }: Deps, videoIds: readonly string[]): Promise<Exported[]> {
  const { records, holdings } = await catalog.held();
  const kept = await notes.ofVideos(videoIds);
  // Every note's summary is read only for a part that has a video held for its notes alone.
  const noteOnlyAsked = videoIds.some((id) => !(holdings.has(id) && records.has(id)) && kept.get(id)?.length);
  const summaries = noteOnlyAsked ? await notes.summaries() : new Map<string, NotesSummary>();
  const out: Exported[] = [];
  for (const videoId of videoIds) {
    const held = holdings.get(videoId);
    const record = records.get(videoId);
    const items = kept.get(videoId) ?? [];
    const mine = items.length ? { notes: items } : {};
    if (held && record) out.push({ held, item: record.item, mine });
    else if (items.length) out.push({ noteOnly: noteOnlyVideo(videoId, summaries.get(videoId)?.title ?? null, items) });
  }
  return out;
}

/** The entries a held video's JSON is made of: its tracks, then its analysis and answers when it has them. */
const entriesOf = (h: Holding): { kind: CacheKind; key: string }[] =>
  [...h.transcripts, h.analysis, h.answers].flatMap((e) => (e ? [{ kind: e.kind, key: e.key }] : []));

type Read = CacheEntry<unknown> | null;
/** How long the export's buffers wait for the next part before they are let go. */
const RELEASE_AFTER_MS = 5_000;
const encoder = new TextEncoder();
const COMMA = encoder.encode(',');
const CUES_OPEN = encoder.encode('[');
const TRACK_CLOSE = encoder.encode(']}');
const TRANSCRIPTS = '"transcripts":[';

/** A saved transcript's JSON in the file, its cues straight from their blocks; false for a value that is not one. */
function writeTrack(out: ExportBytes, value: unknown, first: boolean): boolean {
  const parts = packedParts(value);
  const saved = value as Partial<SavedTranscript> | null | undefined;
  // readSources leaves out a value that is neither packed nor has cues: so does this.
  if (!parts && !Array.isArray(saved?.segments)) return false;
  if (!first) out.put(COMMA);
  if (!parts) {
    out.text(JSON.stringify(fileTranscriptOf(saved as SavedTranscript)));
    return true;
  }
  const head = JSON.stringify(fileTranscriptOf({ ...parts.rest, segments: [] } as unknown as SavedTranscript));
  // `segments` is the last field: its `[]}` is where the cues go.
  out.text(head.slice(0, -3));
  out.put(CUES_OPEN);
  out.cues(parts.packed);
  out.put(TRACK_CLOSE);
  return true;
}

/**
 * A held video's JSON in the library file, byte for byte `JSON.stringify` of what `fileVideoOf` makes of it, with
 * its notes, from its entries as read (`entriesOf`'s order): each track written into `out` one at a time.
 */
function writeVideo(out: ExportBytes, { held: h, item, mine }: Extract<Exported, { held: Holding }>, read: Read[]) {
  const tracks = read.slice(0, h.transcripts.length);
  let at = h.transcripts.length;
  const analysis = h.analysis ? (read[at++] ?? null) : null;
  const answers = h.answers ? (read[at++] ?? null) : null;
  // The tracks are written below, from their blocks as stored.
  const json = JSON.stringify({ ...fileVideoOf(sourcesOf(h, [], analysis, answers), item), ...mine });
  // The first `"transcripts":[` is the field's: inside a JSON string every quote is escaped.
  const cut = json.indexOf(TRANSCRIPTS) + TRANSCRIPTS.length;
  out.text(json.slice(0, cut));
  let first = true;
  for (const track of tracks) if (writeTrack(out, track?.value, first)) first = false;
  out.text(json.slice(cut));
}

/**
 * A part of the export as the file holds it, its videos' JSON comma-separated, as UTF-8 handed to `make` (a
 * Blob, or the text for a message), which must copy it: the bytes are the worker's one buffer. The part's
 * entries are read in one transaction, then written without an await, so two parts in flight never share it.
 */
export function exportPart(deps: Deps) {
  const out = new ExportBytes();
  let idle: ReturnType<typeof setTimeout> | undefined;
  return async <R>(
    videoIds: readonly string[],
    make: (count: number, bytes: Uint8Array<ArrayBuffer>) => R,
  ): Promise<R> => {
    const exported = await exportedOf(deps, videoIds);
    const cache = await deps.cache();
    const read = await cache.peekStored(exported.flatMap((e) => ('held' in e ? entriesOf(e.held) : [])));
    let at = 0;
    for (const [i, e] of exported.entries()) {
      if (i > 0) out.put(COMMA);
      if ('noteOnly' in e) {
        out.text(JSON.stringify(e.noteOnly));
        continue;
      }
      const n = entriesOf(e.held).length;
      writeVideo(out, e, read.slice(at, at + n));
      at += n;
    }
    const made = make(exported.length, out.take());
    out.settle();
    // Kept for the next part, let go when none comes: an idle worker holds nothing of an export.
    clearTimeout(idle);
    idle = setTimeout(() => out.release(), RELEASE_AFTER_MS);
    return made;
  };
}

export type ExportPart = ReturnType<typeof exportPart>;
