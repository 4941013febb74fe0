import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../../entrypoints/background/core/core';
import { createLibrary } from '../../../entrypoints/background/library/library';
import { createNotes } from '../../../entrypoints/background/notes/notes';
import { libraryFile } from '../../../utils/export/note';
import { LibraryFile } from '../../../utils/library/file';
import type { NoteItem } from '../../../utils/notes/model';
import { ID, savedTranscriptOf, videoOf } from '../../library-builders';
import { highlightOf, noteOf, VIDEO } from '../notes/builders';
import { freshProfile } from './fresh-profile';

/** The library with the person's notes: listed, searched, exported and imported (merged by id). */
async function background() {
  await freshProfile();
  const core = createCore();
  const notes = createNotes();
  return { core, notes, library: createLibrary(core, notes) };
}

/** A fresh profile's library: another database, the same file. */
async function fresh() {
  return background();
}

const ids = (items: readonly NoteItem[] | undefined) => (items ?? []).map((i) => i.id).sort();

describe('background: notes kept with the video in the library', () => {
  it('lists a video with notes, one held only for its notes too, with their count', async () => {
    const { core, notes, library } = await background();
    await core.keeper.put('transcript', `${ID}:en`, savedTranscriptOf(ID, ['held words']));
    await notes.put(noteOf({ videoId: ID, videoTitle: 'Held' }));
    await notes.put(noteOf({ videoId: ID, videoTitle: 'Held' }));
    await notes.put(highlightOf({ videoTitle: 'Only notes here' }));

    const { items } = await library.list();
    const rows = items.map((i) => [i.videoId, i.title, i.notes, i.transcript !== null]);
    expect(rows).toEqual(
      expect.arrayContaining([
        [ID, `Title of ${ID}`, 2, true],
        [VIDEO, 'Only notes here', 1, false],
      ]),
    );
    expect(items).toHaveLength(2);

    // Removing the video gives up what was bought, never the notes: it is listed for them alone.
    expect(await library.remove([ID])).toBe(1);
    const after = (await library.list()).items.find((i) => i.videoId === ID);
    expect(after).toMatchObject({ notes: 2, transcript: null, bytes: 0 });
    expect((await notes.list(ID)).items).toHaveLength(2);
  });

  it('finds note and highlight text with the same engine, a hit opening at the note’s moment; edits and removals follow', async () => {
    const { core, notes, library } = await background();
    await core.keeper.put('transcript', `${ID}:en`, savedTranscriptOf(ID, ['replication matters']));
    const note = noteOf({ videoId: ID, videoTitle: 'x', time: 42, text: 'Mi idea: cómo medir la latencia 🎉' });
    await notes.put(note);
    await notes.put(highlightOf({ start: 10, text: 'quorum reads' }));

    expect((await library.search('como medir')).map((h) => [h.videoId, h.kind, h.at, h.title])).toEqual([
      [ID, 'note', 42, `Title of ${ID}`],
    ]);
    expect((await library.search('quorum')).map((h) => [h.videoId, h.kind, h.at])).toEqual([[VIDEO, 'highlight', 10]]);
    // Restricted to some videos, their notes are among them; another video's are not.
    expect((await library.search('quorum', [ID])).map((h) => h.kind)).toEqual([]);
    expect((await library.search('quorum', [VIDEO])).map((h) => h.kind)).toEqual(['highlight']);
    // A video held only for its notes is found by the title they name; a held one once, by its own entry.
    expect((await library.search('talk')).map((h) => [h.videoId, h.kind])).toEqual([[VIDEO, 'video']]);
    expect((await library.search('title')).map((h) => [h.videoId, h.kind])).toEqual([[ID, 'video']]);

    await notes.put({ ...note, text: 'rewritten entirely' });
    expect(await library.search('medir')).toEqual([]);
    expect((await library.search('rewritten')).map((h) => h.kind)).toEqual(['note']);
    await notes.remove(ID, note.id);
    expect(await library.search('rewritten')).toEqual([]);
    // The transcript is still found: the notes' entry is the video's own, apart.
    expect((await library.search('replication')).map((h) => h.kind)).toEqual(['transcript']);
  });

  it('finds Japanese note text by a word inside it, as transcripts are', async () => {
    const { notes, library } = await background();
    await notes.put(noteOf({ text: '今日は東京の新しい図書館について' }));
    expect((await library.search('図書館')).map((h) => h.kind)).toEqual(['note']);
  });

  it('exports notes and highlights with their video, and a video held only for its notes', async () => {
    const { core, notes, library } = await background();
    await core.keeper.put('transcript', `${ID}:en`, savedTranscriptOf(ID, ['held words']));
    const mine = noteOf({ videoId: ID, videoTitle: 'x', text: 'line one\nline two' });
    const alone = highlightOf({ videoTitle: 'Only notes here' });
    await notes.put(mine);
    await notes.put(alone);
    const videos = await library.exportVideos([ID, VIDEO]);
    expect(videos.map((v) => [v.videoId, v.transcripts.length, ids(v.notes)])).toEqual([
      [ID, 1, [mine.id]],
      [VIDEO, 0, [alone.id]],
    ]);
    expect(videos[1]).toMatchObject({ title: 'Only notes here', analysis: null, answers: [] });
    // What it writes, the schema reads back.
    expect(LibraryFile.safeParse(JSON.parse(JSON.stringify(libraryFile(videos)))).success).toBe(true);
  });

  it('imports into a fresh profile: every note kept (even without its transcript), said first; twice adds nothing', async () => {
    const from = await background();
    await from.core.keeper.put('transcript', `${ID}:en`, savedTranscriptOf(ID, ['held words']));
    await from.notes.put(noteOf({ videoId: ID, videoTitle: 'x', text: 'on a held video' }));
    await from.notes.put(highlightOf({ videoTitle: 'Only notes here', text: 'a highlight alone' }));
    await from.notes.put(noteOf({ videoTitle: 'Only notes here', text: 'a note alone' }));
    const file = LibraryFile.parse(
      JSON.parse(JSON.stringify(libraryFile(await from.library.exportVideos([ID, VIDEO])))),
    );
    const exported = file.videos.flatMap((v) => v.notes ?? []);

    const to = await fresh();
    const preview = await to.library.previewLibrary(file);
    expect(preview).toMatchObject({ adds: { transcripts: 1, notes: 3 }, notesLeftOut: 0 });
    expect((await to.notes.summaries()).size).toBe(0);

    expect(await to.library.importLibrary(file)).toMatchObject({ adds: { notes: 3 } });
    const held = [...(await to.notes.list(ID)).items, ...(await to.notes.list(VIDEO)).items];
    expect(held.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [...exported].sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect((await to.library.list()).items.map((i) => [i.videoId, i.notes])).toEqual(
      expect.arrayContaining([
        [ID, 1],
        [VIDEO, 2],
      ]),
    );
    expect((await to.library.search('alone')).map((h) => h.kind).sort()).toEqual(['highlight', 'note']);

    const again = await to.library.importLibrary(file);
    expect(again).toMatchObject({ adds: { transcripts: 0, notes: 0 }, keeps: { notes: 3 } });
    expect((await to.notes.list(VIDEO)).items).toHaveLength(2);
  });

  it('merges by id: an incoming newer edit wins, an older one leaves the held edit, an id of another video is left out', async () => {
    const { notes, library } = await background();
    const note = noteOf({ text: 'held' });
    await notes.put(note);
    const [held] = (await notes.list(VIDEO)).items;
    const at = held?.updatedAt ?? 0;
    const file = (items: NoteItem[]) =>
      libraryFile([videoOf({ videoId: VIDEO, transcripts: [], analysis: null, answers: [], notes: items })]);

    expect(await library.importLibrary(file([{ ...note, text: 'older', updatedAt: at - 1 }]))).toMatchObject({
      adds: { notes: 0 },
      keeps: { notes: 1 },
    });
    expect((await notes.list(VIDEO)).items[0]).toMatchObject({ text: 'held' });
    expect(await library.importLibrary(file([{ ...note, text: 'newer', updatedAt: at + 1 }]))).toMatchObject({
      adds: { notes: 1 },
    });
    expect((await notes.list(VIDEO)).items).toEqual([expect.objectContaining({ id: note.id, text: 'newer' })]);

    const other = libraryFile([
      videoOf({
        videoId: ID,
        transcripts: [],
        analysis: null,
        answers: [],
        notes: [{ ...note, videoId: ID, updatedAt: at + 9 }],
      }),
    ]);
    expect(await library.importLibrary(other)).toMatchObject({ notesLeftOut: 1 });
    expect((await notes.list(ID)).items).toEqual([]);
    expect((await notes.list(VIDEO)).items[0]).toMatchObject({ text: 'newer' });
  });

  it('imports a file written before notes as it always did, its summary unchanged', async () => {
    const { library } = await background();
    const done = await library.importLibrary(libraryFile([videoOf()]));
    expect(done).not.toHaveProperty('notesLeftOut');
    expect(done.adds).toEqual({ transcripts: 1, analyses: 1, answers: 1 });
  });
});
