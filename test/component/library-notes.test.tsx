// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { LibraryApp } from '../../entrypoints/library/LibraryApp';
import { libraryFile } from '../../utils/export/note';
import type { ImportSummary, LibraryHit, LibraryItem } from '../../utils/library/replies';
import { ID, itemOf, videoOf } from '../library-builders';
import { highlightOf, noteOf, VIDEO } from '../unit/notes/builders';
import { fakePageSend, okReply, type PageFakes } from './kit';

afterEach(cleanup);

/** A video held with two notes, and one held only for its notes (nothing saved: nothing to remove). */
const items: LibraryItem[] = [
  itemOf({ notes: 2 }),
  itemOf({
    videoId: VIDEO,
    title: 'Only notes here',
    channel: null,
    language: null,
    languageCode: null,
    isGenerated: null,
    transcript: null,
    analysis: null,
    questions: null,
    bytes: 0,
    notes: 3,
  }),
  itemOf({ videoId: 'tvaNoNotes1', title: 'No notes', notes: undefined }),
];

function setup(handlers: PageFakes = {}) {
  const fake = fakePageSend({ 'library.list': () => okReply({ items, hasAccount: true }), ...handlers });
  render(<LibraryApp send={fake.send} save={() => undefined} copy={async () => undefined} listHeight={600} />);
  return fake;
}

const videoRows = () => [...screen.getByRole('region', { name: 'Videos' }).querySelectorAll('.video')];
const rowOf = (videoId: string) => videoRows().find((r) => r.getAttribute('data-video-id') === videoId);

describe('library: videos with notes', () => {
  it('marks a video’s notes, lists one held for its notes alone without a Remove, and filters to videos with notes', async () => {
    setup();
    await waitFor(() => expect(videoRows()).toHaveLength(3));
    expect(rowOf(ID)?.textContent).toContain('Notes (2)');
    const alone = rowOf(VIDEO) as HTMLElement;
    expect(alone.textContent).toContain('Notes (3)');
    expect(alone.textContent).not.toContain('Transcript');
    const remove = within(alone).getByRole('button', { name: 'Remove Only notes here' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    expect(rowOf('tvaNoNotes1')?.textContent).not.toContain('Notes (');

    fireEvent.click(screen.getByLabelText('Has notes'));
    await waitFor(() => expect(videoRows().map((r) => r.getAttribute('data-video-id'))).toEqual([ID, VIDEO]));
  });

  it('shows note and highlight hits, each opening the Notes tab at its moment', async () => {
    const hits: LibraryHit[] = [
      { videoId: ID, kind: 'note', at: 42, title: 'Latency', channel: '', text: 'my <b>idea</b>', spans: [[3, 6]] },
      { videoId: VIDEO, kind: 'highlight', at: 10, title: 'Only notes here', channel: '', text: 'kept', spans: [] },
    ];
    setup({ 'library.search': () => okReply(hits) });
    await waitFor(() => expect(videoRows()).toHaveLength(3));
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search library' }), { target: { value: 'idea' } });
    const results = await screen.findByRole('region', { name: 'Search results' });
    const links = within(results).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      `https://www.youtube.com/watch?v=${ID}&t=42s#transcript-lens=notes`,
      `https://www.youtube.com/watch?v=${VIDEO}&t=10s#transcript-lens=notes`,
    ]);
    expect(links[0]?.textContent).toMatch(/^0:42Note/);
    expect(links[1]?.textContent).toMatch(/^0:10Highlight/);
    expect(results.querySelector('b')).toBeNull();
  });

  it('says before importing how many notes a file adds and leaves out, and after how many it merged', async () => {
    const preview: ImportSummary = {
      videos: 2,
      adds: { transcripts: 1, analyses: 0, answers: 0, notes: 3 },
      keeps: { transcripts: 0, analyses: 0, answers: 0, notes: 1 },
      leavesOut: 0,
      notesLeftOut: 1,
    };
    const { of } = setup({
      'library.importPreview': () => okReply(preview),
      'library.import': () => okReply({ ...preview, list: { items, hasAccount: true } }),
    });
    await waitFor(() => expect(videoRows()).toHaveLength(3));
    const input = screen.getByLabelText('Library file to import') as HTMLInputElement;
    const notes = [noteOf(), highlightOf()];
    const file = libraryFile([
      videoOf(),
      videoOf({ videoId: VIDEO, transcripts: [], analysis: null, answers: [], notes }),
    ]);
    Object.defineProperty(input, 'files', { value: [new File([JSON.stringify(file)], 'n.json')], configurable: true });
    fireEvent.change(input);
    const dialog = await screen.findByRole('dialog', { name: 'Import “n.json”?' });
    expect(of('library.importPreview')[0]?.file.videos[1]?.notes?.map((n) => n.id)).toEqual(notes.map((n) => n.id));
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Adds 1 transcript, 3 notes and highlights.',
      'Keeps what you already have: 1 note or highlight.',
      'Leaves out 1 note or highlight: held here for another video, or past the 5,000 a video keeps.',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Merged 3 notes and highlights.'));
  });
});
