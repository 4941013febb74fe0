// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LibraryApp } from '../../entrypoints/library/LibraryApp';
import { libraryFile } from '../../utils/export/note';
import type { ImportSummary, LibraryHit, LibraryItem } from '../../utils/library/replies';
import { ID, itemOf, videoOf } from '../library-builders';
import { fakePageSend, okReply, type PageFakes } from './kit';

afterEach(cleanup);

const SPANISH = 'tvaSpanish1';
const items: LibraryItem[] = [
  itemOf(),
  itemOf({
    videoId: SPANISH,
    title: 'Cocina <b>mediterránea</b>',
    channel: 'Chef',
    language: 'Spanish',
    languageCode: 'es',
    isGenerated: true,
    analysis: null,
    questions: null,
    savedAt: Date.UTC(2025, 1, 1),
  }),
];

/** What the worker hands the JSON export for these videos: their file text. */
const textOf = (videoIds: readonly string[]) => ({
  count: videoIds.length,
  text: videoIds.map((videoId) => JSON.stringify(videoOf({ videoId }))).join(','),
});

function setup(handlers: PageFakes = {}) {
  const fake = fakePageSend({
    'library.list': () => okReply({ items, hasAccount: true }),
    'library.export': (m) => okReply(m.videoIds.map((videoId) => videoOf({ videoId }))),
    'library.exportText': (m) => okReply(textOf(m.videoIds)),
    ...handlers,
  });
  const saved: { blob: Blob; name: string }[] = [];
  const copy = vi.fn(async (_text: string) => {});
  render(
    <LibraryApp send={fake.send} save={(blob, name) => saved.push({ blob, name })} copy={copy} listHeight={600} />,
  );
  return { ...fake, saved, copy };
}

const videoRows = () => screen.getByRole('region', { name: 'Videos' }).querySelectorAll('.video');
const search = () => screen.getByRole('searchbox', { name: 'Search library' });

describe('library list', () => {
  it('shows every video with what is held and its size, newest first as the background sent them', async () => {
    setup();
    await waitFor(() => expect(videoRows()).toHaveLength(2));
    const [first, second] = [...videoRows()];
    expect(first?.textContent).toContain('Latency: a "practical" guide');
    expect(first?.textContent).toContain('Systems Channel · 2025-03-04 · English, human captions');
    expect(first?.textContent).toContain('Transcript 1:35');
    expect(first?.textContent).toContain('Analysis (Smart)');
    expect(first?.textContent).toContain('1 question');
    expect(first?.textContent).toContain('3 KB');
    // A title is text, whatever it holds.
    expect(second?.querySelector('b')).toBeNull();
    expect(within(second as HTMLElement).getByRole('link').textContent).toBe('Cocina <b>mediterránea</b>');
    expect(
      within(second as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe(`https://www.youtube.com/watch?v=${SPANISH}#transcript-lens=transcript`);
    expect(screen.getByText(/2 videos held in this browser/)).toBeTruthy();
  });

  it('filters by channel, language, analysis and questions', async () => {
    setup();
    await waitFor(() => expect(videoRows()).toHaveLength(2));
    fireEvent.click(screen.getByLabelText('Has analysis'));
    await waitFor(() => expect(videoRows()).toHaveLength(1));
    fireEvent.click(screen.getByLabelText('Has analysis'));
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'es' } });
    await waitFor(() => expect([...videoRows()].map((r) => r.getAttribute('data-video-id'))).toEqual([SPANISH]));
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Channel'), { target: { value: 'Systems Channel' } });
    await waitFor(() => expect([...videoRows()].map((r) => r.getAttribute('data-video-id'))).toEqual([ID]));
    fireEvent.change(screen.getByLabelText('Channel'), { target: { value: '' } });
    fireEvent.click(screen.getByLabelText('Has questions'));
    await waitFor(() => expect(videoRows()).toHaveLength(1));
  });

  it('exports the selection as a ZIP of notes, and copies one note', async () => {
    const { saved, copy, of } = setup();
    await waitFor(() => expect(videoRows()).toHaveLength(2));
    fireEvent.click(screen.getByLabelText(`Select ${items[1]?.title}`));
    fireEvent.click(screen.getByRole('button', { name: 'Export notes' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(of('library.export').map((m) => m.videoIds)).toEqual([[SPANISH]]);
    const zip = saved[0]?.blob;
    if (!zip) throw new Error('nothing saved');
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(files)).toEqual([`Cocina b mediterránea b [${SPANISH}].md`]);
    expect(strFromU8(files[Object.keys(files)[0] ?? ''] ?? new Uint8Array())).toMatch(/^---\ntitle: "Cocina <b>/);
    expect(screen.getByRole('status').textContent).toBe('Saved 1 note as a ZIP.');

    fireEvent.click(screen.getByRole('button', { name: `Copy note of ${items[0]?.title}` }));
    await waitFor(() => expect(copy).toHaveBeenCalledTimes(1));
    expect(copy.mock.calls[0]?.[0]).toContain('## Key points');
  });

  it('shows how far the JSON export is, and its Cancel saves nothing', async () => {
    let release = () => {};
    const { saved } = setup({
      'library.exportText': async (m) => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return okReply(textOf(m.videoIds));
      },
    });
    await waitFor(() => expect(videoRows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Export JSON' }));
    const bar = await screen.findByRole('region', { name: 'Export progress' });
    expect(bar.textContent).toContain('Exporting 0 of 2 videos…');
    fireEvent.click(within(bar).getByRole('button', { name: 'Cancel' }));
    release();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Export progress' })).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('Export cancelled: nothing was saved.');
    expect(saved).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Export JSON' }));
    await screen.findByRole('region', { name: 'Export progress' });
    release();
    await waitFor(() => expect(saved).toHaveLength(1));
    const file = JSON.parse((await saved[0]?.blob.text()) ?? '');
    expect(file.videos.map((v: { videoId: string }) => v.videoId)).toEqual([items[0]?.videoId, SPANISH]);
    expect(screen.getByRole('status').textContent).toBe('Saved 2 videos as JSON.');
  });

  it('removes only after saying what getting it back costs', async () => {
    const { of } = setup({
      'library.remove': () => okReply({ removed: 1, list: { items: items.slice(1), hasAccount: true } }),
    });
    await waitFor(() => expect(videoRows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: `Remove ${items[0]?.title}` }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'Getting it back costs 1 Cloud Request for the transcript, up to 6 AI Units for the Smart analysis, 1 AI Unit to ask 1 question again.',
    );
    expect(of('library.remove')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: `Remove ${items[0]?.title}` }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(videoRows()).toHaveLength(1));
    expect(of('library.remove').map((m) => m.videoIds)).toEqual([[ID]]);
  });

  const summary = (over: Partial<ImportSummary> = {}): ImportSummary => ({
    videos: 1,
    adds: { transcripts: 1, analyses: 1, answers: 1 },
    keeps: { transcripts: 0, analyses: 0, answers: 0 },
    leavesOut: 0,
    ...over,
  });
  const chooser = () => {
    const input = screen.getByLabelText('Library file to import') as HTMLInputElement;
    return (content: string, name = 'lib.json') => {
      Object.defineProperty(input, 'files', { value: [new File([content], name)], configurable: true });
      fireEvent.change(input);
    };
  };

  it('refuses a bad file with its sentence and sends nothing; a good one is previewed, then imported', async () => {
    const { of } = setup({
      'library.importPreview': () => okReply(summary()),
      'library.import': () => okReply({ ...summary(), list: { items, hasAccount: true } }),
    });
    await waitFor(() => expect(videoRows()).toHaveLength(2));
    const choose = chooser();
    choose('{"format":"transcript-lens-library","version":1,"exportedAt":"x","videos":[{"videoId":"bad"}]}');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(/^This library file cannot be imported: video 1, /),
    );
    expect(of('library.importPreview')).toEqual([]);
    choose(JSON.stringify(libraryFile([videoOf()])));
    const dialog = await screen.findByRole('dialog', { name: 'Import “lib.json”?' });
    expect(of('library.import')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Imported 1 video: 1 transcript, 1 analysis, 1 answer.'),
    );
    expect(of('library.import')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says what the file adds and what it keeps before writing anything; Cancel writes nothing', async () => {
    const preview = summary({
      videos: 3,
      adds: { transcripts: 3, analyses: 1, answers: 4 },
      keeps: { transcripts: 2, analyses: 1, answers: 1 },
      leavesOut: 2,
    });
    let next = preview;
    const { of } = setup({ 'library.importPreview': () => okReply(next) });
    await waitFor(() => expect(videoRows()).toHaveLength(2));
    const choose = chooser();
    choose(JSON.stringify(libraryFile([videoOf()])), 'moving.json');
    const dialog = await screen.findByRole('dialog', { name: 'Import “moving.json”?' });
    expect(of('library.importPreview').map((m) => m.file.videos.map((v) => v.videoId))).toEqual([[ID]]);
    const lines = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      'Adds 3 transcripts, 1 analysis, 4 answers.',
      'Keeps what you already have: 2 transcripts, 1 analysis (not replaced), 1 answer.',
      expect.stringMatching(/^Leaves out 2 answers: /),
    ]);
    expect(dialog.textContent).toContain('to ask it questions, analyze the video with your own account');
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBe(document.activeElement);
    // The toolbar cannot open a second import meanwhile.
    const toolbar = screen.getByRole('toolbar', { name: 'Library actions' });
    expect((within(toolbar).getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Nothing was imported.'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(of('library.import')).toEqual([]);

    // A file that adds nothing cannot be "imported"; Escape backs out.
    next = summary({ adds: { transcripts: 0, analyses: 0, answers: 0 }, keeps: preview.keeps, leavesOut: 0 });
    choose(JSON.stringify(libraryFile([videoOf()])), 'again.json');
    const again = await screen.findByRole('dialog', { name: 'Import “again.json”?' });
    expect(again.textContent).toContain('Adds nothing: everything in this file is already here.');
    expect(again.textContent).not.toContain('can be read and searched');
    expect((within(again).getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(again, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(of('library.import')).toEqual([]);
  });
});

describe('library search', () => {
  const hits: LibraryHit[] = [
    {
      videoId: SPANISH,
      kind: 'transcript',
      at: 65,
      title: 'Cocina',
      channel: 'Chef',
      text: 'fíjate <script>x</script> en cómo cambia',
      spans: [[29, 33]],
    },
    {
      videoId: ID,
      kind: 'answer',
      at: null,
      title: 'Latency',
      channel: 'C',
      text: 'What matters?\nLatency.',
      spans: [],
    },
  ];

  it('asks the background as the person types and shows highlighted results that open the moment', async () => {
    const { of } = setup({ 'library.search': () => okReply(hits) });
    await waitFor(() => expect(videoRows()).toHaveLength(2));
    fireEvent.input(search(), { target: { value: 'como' } });
    const results = await screen.findByRole('region', { name: 'Search results' });
    const links = within(results).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      `https://www.youtube.com/watch?v=${SPANISH}&t=65s#transcript-lens=transcript`,
      `https://www.youtube.com/watch?v=${ID}#transcript-lens=ask`,
    ]);
    expect(links[0]?.textContent).toMatch(/^1:05Transcript/);
    expect(links[1]?.textContent).toMatch(/^0:00Answer/);
    expect([...results.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['cómo']);
    expect(results.querySelector('script')).toBeNull();
    // Fewer than a screenful: nothing more to ask.
    expect(of('library.search')).toEqual([{ type: 'library.search', query: 'como', limit: 20 }]);
    expect(screen.queryByRole('region', { name: 'Videos' })).toBeNull();
  });

  it('shows the first screen of results, then asks all of them and shows them in the same order', async () => {
    const many = (n: number): LibraryHit[] =>
      Array.from({ length: n }, (_, i) => ({
        videoId: ID,
        kind: 'transcript',
        at: i,
        title: `Part ${i}`,
        channel: 'C',
        text: `raft ${i}`,
        spans: [[0, 4]],
      }));
    let release: () => void = () => {};
    const rest = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { of } = setup({
      'library.search': async (m) => {
        if (m.limit === 20) return okReply(many(20));
        await rest;
        return okReply(many(45));
      },
    });
    await waitFor(() => expect(videoRows()).toHaveLength(2));
    fireEvent.input(search(), { target: { value: 'raft' } });
    const results = await screen.findByRole('region', { name: 'Search results' });
    await waitFor(() => expect(of('library.search')).toHaveLength(2));
    expect(within(results).getAllByRole('link')).toHaveLength(20);
    expect(results.getAttribute('aria-busy')).toBe('true');
    expect(within(results).getByRole('status').textContent).toBe('Searching…');
    release();
    await waitFor(() => expect(within(results).getAllByRole('link')).toHaveLength(45));
    expect(results.getAttribute('aria-busy')).toBeNull();
    expect(
      within(results)
        .getAllByRole('link')
        .map((l) => l.textContent?.match(/raft \d+/)?.[0]),
    ).toEqual(many(45).map((h) => h.text));
    expect(of('library.search')).toEqual([
      { type: 'library.search', query: 'raft', limit: 20 },
      { type: 'library.search', query: 'raft', limit: 100 },
    ]);
  });

  it('searches only the filtered videos, and says when nothing is found', async () => {
    const { of } = setup({ 'library.search': () => okReply([]) });
    await waitFor(() => expect(videoRows()).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'es' } });
    fireEvent.input(search(), { target: { value: 'zzz' } });
    await screen.findByText('Nothing found.');
    expect(of('library.search').at(-1)).toEqual({
      type: 'library.search',
      query: 'zzz',
      limit: 20,
      videoIds: [SPANISH],
    });
    fireEvent.keyDown(search(), { key: 'Escape' });
    await waitFor(() => expect(videoRows()).toHaveLength(1));
  });
});
