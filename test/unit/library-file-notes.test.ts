import { describe, expect, it } from 'vitest';
import { libraryFile } from '../../utils/export/note';
import { parseLibraryText } from '../../utils/library/file';
import { ID, videoOf } from '../library-builders';
import { highlightOf, noteOf } from './notes/builders';

/** The library file carries the person's notes and highlights; files written before them still read. */
describe('the library file with notes', () => {
  it('reads a video’s notes and highlights back exactly, emoji and right-to-left text included', () => {
    const notes = [noteOf({ videoId: ID, text: 'مرحبا 🎉\nsecond line', updatedAt: 5 }), highlightOf({ videoId: ID })];
    const parsed = parseLibraryText(JSON.stringify(libraryFile([videoOf({ notes })])));
    expect(parsed.ok && parsed.file.videos[0]?.notes).toEqual(notes);
  });

  it('reads a file written before notes', () => {
    const parsed = parseLibraryText(JSON.stringify(libraryFile([videoOf()])));
    expect(parsed.ok && parsed.file.videos[0]?.notes).toBeUndefined();
  });

  it('refuses a note filed under another video, or too long, with a sentence naming its place', () => {
    const elsewhere = parseLibraryText(JSON.stringify(libraryFile([videoOf({ notes: [noteOf()] })])));
    expect(elsewhere).toEqual({
      ok: false,
      message: expect.stringMatching(/video 1, note 1, videoId belongs to another video/),
    });
    const long = noteOf({ videoId: ID, text: 'x'.repeat(20_001) });
    const tooLong = parseLibraryText(JSON.stringify(libraryFile([videoOf({ notes: [long] })])));
    expect(tooLong).toMatchObject({ ok: false, message: expect.stringMatching(/video 1, note 1, text/) });
  });
});
