// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotesView } from '../../components/notes/NotesView';
import { NotesContext, useNotes } from '../../components/notes/useNotes';
import type { PlayerBridge } from '../../components/player';
import { TranscriptBody } from '../../components/transcript/TranscriptBody';
import type { Segment } from '../../utils/api/schemas';
import { MAX_NOTE_CHARS } from '../../utils/notes/limits';
import type { NoteItem } from '../../utils/notes/model';
import { inTimeOrder } from '../../utils/notes/order';
import type { TranscriptOk } from '../../utils/panel/replies';
import type { Send } from '../../utils/protocol/send';
import { cuesOf, fakeSend, okReply } from './kit';

const VIDEO = 'dQw4w9WgXcQ';

function transcript(segments: Segment[]): TranscriptOk {
  const text = segments.map((s) => s.text).join(' ');
  return {
    ...{ status: 'ok', videoId: VIDEO, requestedLang: 'en', fellBack: false, fromCache: false, fetchedAt: 0 },
    ...{ title: 'A talk', author: 'Someone', language: 'English', languageCode: 'en', isGenerated: false },
    text,
    segments,
  };
}

/** The background's notes, in memory: what the panel keeps, lists and removes. */
function notesBackground() {
  const held = new Map<string, NoteItem>();
  const list = () => okReply({ videoId: VIDEO, items: inTimeOrder([...held.values()]) });
  return {
    held,
    ...fakeSend({
      'notes.list': list,
      'notes.put': (m) => {
        held.set(m.item.id, m.item);
        return list();
      },
      'notes.remove': (m) => {
        held.delete(m.id);
        return list();
      },
    }),
  };
}

function player(at = 0) {
  return {
    duration: () => 60,
    currentTime: () => at,
    seek: vi.fn(),
    onTime: () => () => {},
  } satisfies PlayerBridge;
}

function Harness({ send, shown, p }: { send: Send; shown: TranscriptOk; p: PlayerBridge }) {
  const notes = useNotes(VIDEO, 'A talk', send);
  return (
    <NotesContext.Provider value={notes}>
      <TranscriptBody data={shown} player={p} />
      <NotesView player={p} send={send} />
    </NotesContext.Provider>
  );
}

const TEXTS = ['first cue about cells', 'second cue about membranes', 'third cue about proteins'];

function setup(at = 0) {
  const bg = notesBackground();
  const p = player(at);
  const view = render(<Harness send={bg.send} shown={transcript(cuesOf(TEXTS))} p={p} />);
  return { bg, p, view };
}

const cueText = (i: number) => {
  const el = document.querySelector(`[data-cue="${i}"] .tl-cue-text`);
  if (!el?.firstChild) throw new Error(`no cue ${i}`);
  return el.firstChild;
};
const notesList = () => screen.getByRole('list', { name: 'Highlights and notes' });

afterEach(() => {
  cleanup();
  document.getSelection()?.removeAllRanges();
});

describe('highlights in the transcript', () => {
  it('keeps words selected over two cues, draws them as marks of text and lists them at their time', async () => {
    const { bg } = setup();
    await waitFor(() => expect(bg.of('notes.list')).toHaveLength(1));
    const range = document.createRange();
    range.setStart(cueText(0), 'first cue about '.length);
    range.setEnd(cueText(1), 'second cue'.length);
    document.getSelection()?.addRange(range);
    fireEvent.click(screen.getByRole('button', { name: 'Highlight' }));

    await waitFor(() => expect(bg.of('notes.put')).toHaveLength(1));
    const [put] = bg.of('notes.put');
    expect(put?.item).toMatchObject({ kind: 'highlight', text: 'cells\nsecond cue', start: 0, end: 10 });
    expect(put?.item.kind === 'highlight' && put.item.cues.map((c) => c.text)).toEqual(TEXTS.slice(0, 2));
    await waitFor(() => expect(document.querySelectorAll('mark.tl-kept')).toHaveLength(2));
    const marks = [...document.querySelectorAll('mark.tl-kept')].map((m) => m.textContent);
    expect(marks).toEqual(['cells', 'second cue']);
    expect(within(notesList()).getByText('cells second cue', { normalizer: (s) => s.replace(/\s+/g, ' ') }));
  });

  it('keeps a whole cue with H on it', async () => {
    const { bg } = setup();
    await waitFor(() => expect(bg.of('notes.list')).toHaveLength(1));
    const row = document.querySelector<HTMLElement>('[data-cue="2"]');
    if (!row) throw new Error('no row');
    row.focus();
    fireEvent.keyDown(row, { key: 'h' });
    await waitFor(() => expect(bg.of('notes.put')).toHaveLength(1));
    expect(bg.of('notes.put')[0]?.item).toMatchObject({ text: TEXTS[2], start: 10 });
    await waitFor(() => expect(row.getAttribute('data-kept')).toBe('true'));
  });

  it('says a highlight no longer matches a transcript whose cues changed, keeping its words', async () => {
    const { bg, p, view } = setup();
    await waitFor(() => expect(bg.of('notes.list')).toHaveLength(1));
    const row = document.querySelector<HTMLElement>('[data-cue="1"]');
    if (row) fireEvent.keyDown(row, { key: 'H' });
    await waitFor(() => expect(within(notesList()).getByText(TEXTS[1] ?? '')).toBeTruthy());
    view.rerender(<Harness send={bg.send} shown={transcript(cuesOf(TEXTS.map((x) => `${x} (fr)`)))} p={p} />);
    await screen.findByText(/No longer matches/);
    expect(within(notesList()).getByText(TEXTS[1] ?? '')).toBeTruthy();
    expect(document.querySelectorAll('mark.tl-kept')).toHaveLength(0);
  });
});

describe('the Notes tab', () => {
  it('adds a note at the moment playing, with line breaks, shown as text, and seeks when activated', async () => {
    const { bg, p } = setup(75);
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    const field = screen.getByRole('textbox', { name: 'New note at 1:15' });
    fireEvent.input(field, { target: { value: 'Why <b>this</b>?\nبسبب الغشاء 🧬' } });
    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(bg.of('notes.put')).toHaveLength(1));
    expect(bg.of('notes.put')[0]?.item).toMatchObject({ kind: 'note', time: 75, videoTitle: 'A talk' });
    const item = await within(notesList()).findByRole('button', { name: /1:15/ });
    expect(item.textContent).toContain('Why <b>this</b>?\nبسبب الغشاء 🧬');
    expect(notesList().querySelector('b')).toBeNull();
    fireEvent.click(item);
    expect(p.seek).toHaveBeenCalledWith(75);
  });

  it('edits a note in place, deletes it, and brings it back with Undo', async () => {
    const { bg } = setup(5);
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    fireEvent.input(screen.getByRole('textbox', { name: 'New note at 0:05' }), { target: { value: 'draft' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save note' }));
    const list = await screen.findByRole('list', { name: 'Highlights and notes' });
    fireEvent.click(within(list).getByRole('button', { name: 'Edit' }));
    fireEvent.input(screen.getByRole('textbox', { name: 'Note at 0:05' }), { target: { value: 'final words' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await within(notesList()).findByText('final words');
    expect(bg.held.size).toBe(1);

    fireEvent.click(within(notesList()).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Deleted.');
    expect(bg.held.size).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await within(await screen.findByRole('list', { name: 'Highlights and notes' })).findByText('final words');
    expect([...bg.held.values()][0]).toMatchObject({ text: 'final words', time: 5 });
  });

  it('says a note is too long before sending it, keeping every character typed', async () => {
    const { bg } = setup();
    await waitFor(() => expect(bg.of('notes.list')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    const field = screen.getByRole<HTMLTextAreaElement>('textbox', { name: /New note/ });
    const long = 'y'.repeat(MAX_NOTE_CHARS + 1);
    fireEvent.input(field, { target: { value: long } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/20,000.*20,001/);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save note' }).disabled).toBe(true);
    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
    expect(bg.of('notes.put')).toHaveLength(0);
    expect(field.value).toBe(long);
  });

  it('shows a refusal as its sentence and loses nothing held', async () => {
    const note: NoteItem = {
      kind: 'note',
      id: crypto.randomUUID(),
      videoId: VIDEO,
      videoTitle: 'T',
      time: 1,
      text: 'held',
    };
    const bg = fakeSend({
      'notes.list': () => okReply({ videoId: VIDEO, items: [note] }),
      'notes.put': () => ({ ok: false, error: { code: 'notes_full', message: 'This video is full.' } }),
    });
    render(<Harness send={bg.send} shown={transcript(cuesOf(TEXTS))} p={player()} />);
    await within(await screen.findByRole('list', { name: 'Highlights and notes' })).findByText('held');
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    fireEvent.input(screen.getByRole('textbox', { name: /New note/ }), { target: { value: 'one more' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save note' }));
    });
    // Said in the Notes tab as an alert (and beside Highlight, where a highlight would have been refused).
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This video is full.'));
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: /New note/ }).value).toBe('one more');
    expect(within(notesList()).getByText('held')).toBeTruthy();
  });
});
