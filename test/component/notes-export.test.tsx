// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import matter from 'gray-matter';
import { marked, type Tokens } from 'marked';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotesView } from '../../components/notes/NotesView';
import { NotesContext, useNotes } from '../../components/notes/useNotes';
import type { PlayerBridge } from '../../components/player';
import type { NoteItem } from '../../utils/notes/model';
import type { AnalysisState } from '../../utils/panel/replies';
import { jobReply } from '../builders';
import { highlightOf, noteOf, VIDEO } from '../unit/notes/builders';
import { fakeSend, okReply } from './kit';

const READY: AnalysisState = {
  job: jobReply({ videoId: VIDEO, status: 'ready' }),
  artifact: {
    summary: 'S',
    chapters: [
      { title: 'Opening', start: 0 },
      { title: 'Latency', start: 60 },
    ],
  },
};
const ITEMS: NoteItem[] = [
  highlightOf({ cues: [{ start: 10, text: 'the words that mattered' }] }),
  noteOf({ time: 75.5, text: 'Later, a thought', on: { kind: 'answer', question: 'Why?' } }),
];
const player: PlayerBridge = { duration: () => 600, currentTime: () => 0, seek: vi.fn(), onTime: () => () => {} };

function setup(analysis: AnalysisState = READY) {
  const bg = fakeSend({
    'notes.list': () => okReply({ videoId: VIDEO, items: ITEMS }),
    'analysis.get': () => okReply(analysis),
  });
  function Harness() {
    const notes = useNotes(VIDEO, 'A talk', bg.send);
    return (
      <NotesContext.Provider value={notes}>
        <NotesView player={player} send={bg.send} />
      </NotesContext.Provider>
    );
  }
  render(<Harness />);
  return bg;
}

/** The headings' words (a chapter's leading time link left out), front matter read apart as Obsidian does. */
const headings = (markdown: string) =>
  marked
    .lexer(matter(markdown).content)
    .filter((t): t is Tokens.Heading => t.type === 'heading')
    .map((h) => h.text.replace(/^\[[^\]]*\]\([^)]*\) /, ''));

let saved: { name: string; blob: Blob }[];
beforeEach(() => {
  saved = [];
  let blob: Blob | null = null;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    blob = b as Blob;
    return 'blob:test';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (blob) saved.push({ name: this.download, blob });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the Notes tab’s exports', () => {
  it('copies the notes as Markdown under the analysis’ chapters, each linking its moment', async () => {
    const bg = setup();
    const writeText = vi.fn(async (_: string) => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const group = await screen.findByRole('group', { name: 'Export notes' });
    const copy = screen.getByRole<HTMLButtonElement>('button', { name: 'Copy as Markdown' });
    // Offered once the chapters are known.
    await waitFor(() => expect(copy.disabled).toBe(false));
    expect(bg.of('analysis.get')).toHaveLength(1);
    fireEvent.click(copy);
    await waitFor(() => expect(writeText).toHaveBeenCalledOnce());
    const markdown = writeText.mock.lastCall?.[0] ?? '';
    expect(headings(markdown)).toEqual(['A talk', 'Highlights and notes', 'Opening', 'Latency']);
    expect(markdown).toContain(`(https://www.youtube.com/watch?v=${VIDEO}&t=76s) **Note** (on the answer to Why?)`);
    expect(group.textContent).toContain('Notes copied as Markdown.');
  });

  it('saves a Markdown file and a plain-text file named for the video', async () => {
    setup({ job: null, artifact: null });
    await screen.findByRole('group', { name: 'Export notes' });
    const md = screen.getByRole<HTMLButtonElement>('button', { name: 'Download notes as Markdown' });
    await waitFor(() => expect(md.disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Download notes as Markdown' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download notes as plain text' }));
    expect(saved.map((s) => [s.name, s.blob.type])).toEqual([
      [`A talk notes [${VIDEO}].notes.md`, 'text/markdown;charset=utf-8'],
      [`A talk notes [${VIDEO}].notes.txt`, 'text/plain;charset=utf-8'],
    ]);
    // No analysis: one Notes section, no chapter headings.
    expect(headings(await (saved[0]?.blob.text() ?? ''))).toEqual(['A talk', 'Highlights and notes']);
    expect(await saved[1]?.blob.text()).toContain('[1:15] Note (on the answer to Why?): Later, a thought');
  });

  it('says when the clipboard refuses', async () => {
    setup();
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new Error('denied')) },
    });
    const copy = await screen.findByRole<HTMLButtonElement>('button', { name: 'Copy as Markdown' });
    await waitFor(() => expect(copy.disabled).toBe(false));
    fireEvent.click(copy);
    expect((await screen.findByRole('alert')).textContent).toMatch(/did not allow copying/);
  });
});
