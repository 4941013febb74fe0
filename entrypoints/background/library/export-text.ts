import { type Cache, type Packed, packedParts } from '../../../utils/cache';
import type { FileVideo } from '../../../utils/library/file';
import type { LibraryItem } from '../../../utils/library/replies';
import type { NoteItem } from '../../../utils/notes/model';
import type { NotesSummary } from '../notes/store';
import type { SavedTranscript } from '../saved/transcripts';
import { fileTranscriptOf, fileVideoOf } from './catalog';
import type { CatalogSync } from './catalog-sync';
import { type Holding, readSources } from './holdings';
import { type NotesKept, noteOnlyVideo } from './notes-kept';

type Deps = { catalog: Pick<CatalogSync, 'held'>; cache: () => Promise<Cache>; notes: NotesKept };
type Mine = { notes?: NoteItem[] };
type Write<T> = (cache: Cache, h: Holding, item: LibraryItem, mine: Mine) => Promise<T>;

/**
 * Each asked video the export holds, in the order asked: one the cache holds written by `held`, one held for its
 * notes alone by `noteOnly`; others are left out. The holdings are one listing's (catalog-sync.ts `held`).
 */
export async function eachExported<T>(
  { catalog, cache: open, notes }: Deps,
  videoIds: readonly string[],
  held: Write<T>,
  noteOnly: (video: FileVideo) => T,
): Promise<T[]> {
  const { records, holdings } = await catalog.held();
  const cache = await open();
  const kept = await notes.ofVideos(videoIds);
  // Every note's summary is read only for a part that has a video held for its notes alone.
  const noteOnlyAsked = videoIds.some((id) => !(holdings.has(id) && records.has(id)) && kept.get(id)?.length);
  const summaries = noteOnlyAsked ? await notes.summaries() : new Map<string, NotesSummary>();
  // Every read of the part asked at once: the browser answers them one after another without waiting for this
  // worker between them (one at a time, the worker sat idle most of an export). A part is small (export-json.ts).
  const out = videoIds.map(async (videoId): Promise<T[]> => {
    const h = holdings.get(videoId);
    const record = records.get(videoId);
    const items = kept.get(videoId) ?? [];
    const mine = items.length ? { notes: items } : {};
    if (h && record) return [await held(cache, h, record.item, mine)];
    if (items.length) return [noteOnly(noteOnlyVideo(videoId, summaries.get(videoId)?.title ?? null, items))];
    return [];
  });
  return (await Promise.all(out)).flat();
}

/** As JSON.stringify writes a number (a Float64Array's are never undefined). */
const numberJson = (n: number) => (Number.isFinite(n) ? String(n) : 'null');

/** A packed transcript's JSON, its cues written straight from their blocks: no object per cue is made. */
function packedJson(rest: Partial<SavedTranscript>, { starts, durations, lengths, texts }: Packed): string {
  const head = JSON.stringify(fileTranscriptOf({ ...rest, segments: [] } as SavedTranscript));
  const cues = new Array<string>(starts.length);
  let at = 0;
  for (let i = 0; i < starts.length; i++) {
    const length = lengths[i] ?? 0;
    const text = JSON.stringify(texts.slice(at, at + length));
    cues[i] = `{"text":${text},"start":${numberJson(starts[i] ?? 0)},"duration":${numberJson(durations[i] ?? 0)}}`;
    at += length;
  }
  // `segments` is the last field: its `[]}` is where the cues go.
  return `${head.slice(0, -3)}[${cues.join(',')}]}`;
}

/** A saved transcript's JSON in the file, or null for a value that is not one (readSources leaves it out too). */
function transcriptJson(value: unknown): string | null {
  const parts = packedParts(value);
  if (parts) return packedJson(parts.rest, parts.packed);
  const saved = value as Partial<SavedTranscript> | null | undefined;
  return Array.isArray(saved?.segments) ? JSON.stringify(fileTranscriptOf(saved as SavedTranscript)) : null;
}

const TRANSCRIPTS = '"transcripts":[';

/**
 * A held video's JSON in the library file, byte for byte `JSON.stringify` of what `fileVideoOf` makes of it, with
 * its notes: its tracks read as stored, together, and written one at a time; only one part's text is ever held.
 */
export const videoJson: Write<string> = async (cache, h, item, mine) => {
  const [others, stored] = await Promise.all([
    readSources(cache, { ...h, transcripts: [] }),
    Promise.all(h.transcripts.map((t) => cache.peekStored('transcript', t.key))),
  ]);
  const tracks: string[] = [];
  for (const entry of stored) {
    const json = transcriptJson(entry?.value);
    if (json !== null) tracks.push(json);
  }
  const json = JSON.stringify({ ...fileVideoOf(others, item), ...mine });
  // The first `"transcripts":[` is the field's: inside a JSON string every quote is escaped.
  const at = json.indexOf(TRANSCRIPTS) + TRANSCRIPTS.length;
  return `${json.slice(0, at)}${tracks.join(',')}${json.slice(at)}`;
};
