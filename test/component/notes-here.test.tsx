// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnalysisView } from '../../components/analysis/AnalysisView';
import { AskView } from '../../components/ask/AskView';
import { NotesView } from '../../components/notes/NotesView';
import { NotesContext, useNotes } from '../../components/notes/useNotes';
import type { PlayerBridge } from '../../components/player';
import type { NoteItem } from '../../utils/notes/model';
import { inTimeOrder } from '../../utils/notes/order';
import type { AnalysisState, AnswerEntry } from '../../utils/panel/replies';
import type { Send } from '../../utils/protocol/send';
import { jobReply } from '../builders';
import { fakeSend, okReply } from './kit';

const VIDEO = 'dQw4w9WgXcQ';
const QUESTION = 'What does the speaker say about latency?';
const ARTIFACT = {
  summary: 'S',
  chapters: [
    { title: 'Opening', start: 0 },
    { title: 'Latency ‹measured›', start: 63 },
  ],
};
const READY: AnalysisState = { job: jobReply({ videoId: VIDEO, status: 'ready' }), artifact: ARTIFACT };
const ANSWER: AnswerEntry = {
  question: QUESTION,
  askedAt: 1,
  answer: {
    answer: 'Twice, at length.',
    citations: [
      { kind: 'speech', time: 63, quote: 'we measured the latency twice' },
      { kind: 'speech', time: 90, quote: 'and again later' },
    ],
  },
};
const UNCITED: AnswerEntry = { question: 'Anything else?', askedAt: 2, answer: { answer: 'Nothing cited.' } };

/** The background's notes and the analysis' messages, in memory. */
function background() {
  const held = new Map<string, NoteItem>();
  const list = () => okReply({ videoId: VIDEO, items: inTimeOrder([...held.values()]) });
  const fake = fakeSend({
    'notes.list': list,
    'notes.put': (m) => {
      held.set(m.item.id, m.item);
      return list();
    },
    'analysis.get': () => okReply(READY),
    'ask.history': () => okReply([ANSWER, UNCITED]),
    'ask.unsure': () => okReply({ questions: [] }),
    'transcript.get': () => ({ ok: false, error: { code: 'x', message: 'none' } }),
  });
  return { held, ...fake };
}

const player: PlayerBridge = { duration: () => 600, currentTime: () => 42, seek: vi.fn(), onTime: () => () => {} };

function Harness({ send, tab }: { send: Send; tab: 'analysis' | 'ask' }) {
  const notes = useNotes(VIDEO, 'A talk', send);
  return (
    <NotesContext.Provider value={notes}>
      {tab === 'analysis' ? (
        <AnalysisView videoId={VIDEO} send={send} player={player} refreshKey={0} />
      ) : (
        <AskView videoId={VIDEO} send={send} player={player} refreshKey={0} />
      )}
      <NotesView player={player} send={send} />
    </NotesContext.Provider>
  );
}

async function write(text: string, label: RegExp) {
  const field = await screen.findByRole('textbox', { name: label });
  fireEvent.input(field, { target: { value: text } });
  fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
}

const notesList = () => screen.findByRole('list', { name: 'Highlights and notes' });

afterEach(cleanup);

describe('a note on a chapter, an answer or a citation', () => {
  it('keeps a chapter note at the chapter start, named for the chapter, and lists it saying what it is on', async () => {
    const bg = background();
    render(<Harness send={bg.send} tab="analysis" />);
    const button = await screen.findByRole('button', { name: 'Add a note on the chapter Latency ‹measured›' });
    fireEvent.click(button);
    await write('The numbers matter', /^New note at 1:03$/);
    await waitFor(() => expect(bg.of('notes.put')).toHaveLength(1));
    expect(bg.of('notes.put')[0]?.item).toMatchObject({
      kind: 'note',
      time: 63,
      videoId: VIDEO,
      videoTitle: 'A talk',
      text: 'The numbers matter',
      on: { kind: 'chapter', title: 'Latency ‹measured›' },
    });
    const item = within(await notesList()).getByRole('listitem');
    expect(item.textContent).toContain('On the chapter Latency ‹measured›');
    // Kept is said where the note was written, and focus goes back to its button.
    expect(await screen.findByText('Note kept (Notes tab).')).toBeTruthy();
    expect(document.activeElement).toBe(button);
  });

  it('opens a chapter note with N on its row', async () => {
    const bg = background();
    render(<Harness send={bg.send} tab="analysis" />);
    const seek = await screen.findByRole('button', { name: /^0:00 Opening/ });
    fireEvent.keyDown(seek, { key: 'n' });
    expect(await screen.findByRole('textbox', { name: 'New note at 0:00' })).toBeTruthy();
    expect(bg.of('notes.put')).toHaveLength(0);
  });

  it('keeps a citation note at its time, and an answer note at its first cited moment or the moment playing', async () => {
    const bg = background();
    render(<Harness send={bg.send} tab="ask" />);
    const citations = await screen.findByRole('list', { name: 'Citations' });
    const second = within(citations).getByRole('button', { name: '1:30' });
    fireEvent.keyDown(second, { key: 'N' });
    await write('Again, later', /^New note at 1:30$/);
    await waitFor(() => expect(bg.of('notes.put')).toHaveLength(1));
    expect(bg.of('notes.put')[0]?.item).toMatchObject({
      time: 90,
      on: { kind: 'citation', question: QUESTION, at: 90 },
    });

    const [cited, uncited] = screen.getAllByRole('button', { name: 'Add a note on this answer' });
    if (!cited || !uncited) throw new Error('two answers, two buttons');
    fireEvent.click(cited);
    await write('Cited answer', /^New note at 1:03$/);
    await waitFor(() => expect(bg.of('notes.put')).toHaveLength(2));
    fireEvent.click(uncited);
    await write('Uncited answer', /^New note at 0:42$/);
    await waitFor(() => expect(bg.of('notes.put')).toHaveLength(3));
    expect(bg.of('notes.put').map((m) => m.item.kind === 'note' && [m.item.time, m.item.on])).toEqual([
      [90, { kind: 'citation', question: QUESTION, at: 90 }],
      [63, { kind: 'answer', question: QUESTION }],
      [42, { kind: 'answer', question: 'Anything else?' }],
    ]);

    // The Notes tab lists them in time order, each saying what it is on.
    await waitFor(async () => expect(within(await notesList()).getAllByRole('listitem')).toHaveLength(3));
    const items = within(await notesList()).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('.tl-note-on')?.textContent)).toEqual([
      'On the answer to Anything else?',
      `On the answer to ${QUESTION}`,
      `On the citation 1:30 · ${QUESTION}`,
    ]);
  });

  it('takes the panel’s notes as a prop where no provider reaches (the tabs module draws it apart)', async () => {
    const bg = background();
    function Apart() {
      const notes = useNotes(VIDEO, 'A talk', bg.send);
      return <AskView videoId={VIDEO} send={bg.send} player={player} refreshKey={0} notes={notes} />;
    }
    render(<Apart />);
    const citations = await screen.findByRole('list', { name: 'Citations' });
    fireEvent.click(within(citations).getByRole('button', { name: 'Add a note on the citation at 1:03' }));
    await write('Apart', /^New note at 1:03$/);
    await waitFor(() => expect(bg.of('notes.put')).toHaveLength(1));
    expect(bg.of('notes.put')[0]?.item).toMatchObject({ text: 'Apart', on: { kind: 'citation', at: 63 } });
  });

  it('offers no note outside a panel (no notes to keep it in)', async () => {
    const bg = background();
    render(<AskView videoId={VIDEO} send={bg.send} player={player} refreshKey={0} />);
    await screen.findByRole('list', { name: 'Citations' });
    expect(screen.queryByRole('button', { name: /Add a note/ })).toBeNull();
  });
});
