// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AskView, importedAskReason, unnumberedAskReason } from '../../components/ask/AskView';
import type { AnalysisState, AnswerEntry, JobReply, TranscriptReply } from '../../utils/panel/replies';
import type { Reply } from '../../utils/protocol/envelope';
import { jobReply } from '../builders';
import { untrusted } from '../setup/trusted-events';
import { type ContentFakes, fakeSend } from './kit';

const VIDEO = 'dQw4w9WgXcQ';

const job = (status: JobReply['status']): JobReply => jobReply({ videoId: VIDEO, status });

const ARTIFACT = {
  summary: 'S',
  evidence: [
    { kind: 'visual', time: 40, text: 'a bar chart' },
    { kind: 'speech', time: 14, text: 'we measured it' },
  ],
};
const READY: AnalysisState = { job: job('ready'), artifact: ARTIFACT };

const TRANSCRIPT: TranscriptReply = {
  status: 'ok',
  videoId: VIDEO,
  requestedLang: 'en',
  fellBack: false,
  fromCache: true,
  fetchedAt: 1,
  title: null,
  author: null,
  language: 'English',
  languageCode: 'en',
  isGenerated: false,
  text: '',
  segments: [
    { text: 'hello and welcome', start: 0, duration: 5 },
    { text: 'we measured the latency twice', start: 63, duration: 4 },
  ],
};

const entry = (question: string, answer: unknown, askedAt = 1): AnswerEntry => ({ question, askedAt, answer });

type Handlers = ContentFakes;

function setup(handlers: Handlers = {}, duration = 600) {
  const all: Handlers = {
    'analysis.get': () => ({ ok: true, data: READY }),
    'ask.history': () => ({ ok: true, data: [] }),
    'transcript.get': () => ({ ok: true, data: TRANSCRIPT }),
    'ask.quote': () => ({ ok: true, data: { quoteId: 'aq', aiUnits: 1, balance: 100 } }),
    ...handlers,
  };
  const { send, of } = fakeSend(all);
  const player = { duration: () => duration, seek: vi.fn() };
  const onOpenAnalysis = vi.fn();
  const props = { videoId: VIDEO, send, player, onOpenAnalysis };
  const view = render(<AskView {...props} refreshKey={0} />);
  return {
    player,
    onOpenAnalysis,
    asks: () => of('ask.send'),
    rerender: (refreshKey: number) => view.rerender(<AskView {...props} refreshKey={refreshKey} />),
  };
}

const box = () => screen.getByRole('textbox', { name: 'Question' }) as HTMLTextAreaElement;
const askButton = () => screen.getByRole('button', { name: 'Ask' }) as HTMLButtonElement;
const type = (text: string) => fireEvent.input(box(), { target: { value: text } });

afterEach(cleanup);

describe('AskView: availability', () => {
  it('is disabled until the analysis is ready, explains why and links to Analysis', async () => {
    let state: AnalysisState = { job: job('processing'), artifact: null };
    const app = setup({ 'analysis.get': () => ({ ok: true, data: state }) });
    expect(await screen.findByText('Questions are answered from a finished analysis of this video.')).toBeTruthy();
    expect(screen.getByText(/still running/)).toBeTruthy();
    expect(box().disabled).toBe(true);
    expect(askButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Go to Analysis' }));
    expect(app.onOpenAnalysis).toHaveBeenCalledOnce();

    state = READY;
    app.rerender(1);
    await waitFor(() => expect(box().disabled).toBe(false));
    expect(screen.queryByRole('button', { name: 'Go to Analysis' })).toBeNull();
    expect(screen.getByText('1 AI Unit')).toBeTruthy();
  });

  it('says so when the video was never analyzed', async () => {
    setup({ 'analysis.get': () => ({ ok: true, data: { job: null, artifact: null } }) });
    expect(await screen.findByText('This video has not been analyzed yet.')).toBeTruthy();
  });

  it('an analysis sent without its job number is not asked: it says why and what to do', async () => {
    const unnumbered: AnalysisState = {
      job: jobReply({ videoId: VIDEO, jobId: 0, status: 'ready', source: 'unnumbered' }),
      artifact: ARTIFACT,
    };
    const app = setup({ 'analysis.get': () => ({ ok: true, data: unnumbered }) });
    expect(await screen.findByText(unnumberedAskReason())).toBeTruthy();
    expect(askButton().disabled).toBe(true);
    expect(app.asks()).toEqual([]);
  });

  it('an analysis imported from a file is not asked: it says why, and its answers stay readable', async () => {
    const imported: AnalysisState = {
      job: jobReply({ videoId: VIDEO, status: 'ready', source: 'import' }),
      artifact: ARTIFACT,
    };
    const app = setup({
      'analysis.get': () => ({ ok: true, data: imported }),
      'ask.history': () => ({ ok: true, data: [entry('What was measured?', 'Latency, twice.')] }),
    });
    expect(await screen.findByText(importedAskReason())).toBeTruthy();
    expect(await screen.findByText('What was measured?')).toBeTruthy();
    expect(box().disabled).toBe(true);
    expect(askButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Go to Analysis' }));
    expect(app.onOpenAnalysis).toHaveBeenCalledTimes(1);
    expect(app.asks()).toEqual([]);
  });
});

describe('AskView: asking', () => {
  const answer = {
    answer: 'Twice, at 1:05.',
    citations: [{ kind: 'speech', time: 65, quote: 'measured the latency' }],
  };

  it('Enter sends the question, Shift+Enter does not; the answer is appended and the box cleared', async () => {
    const app = setup({ 'ask.send': (m) => ({ ok: true, data: entry((m as { question: string }).question, answer) }) });
    await waitFor(() => expect(box().disabled).toBe(false));
    type('How often was it measured?');
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    expect(app.asks()).toHaveLength(0);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(await screen.findByText('Twice, at 1:05.')).toBeTruthy();
    expect(app.asks()).toEqual([
      { type: 'ask.send', videoId: VIDEO, question: 'How often was it measured?', quoteId: 'aq' },
    ]);
    expect(screen.getByText('How often was it measured?')).toBeTruthy();
    expect(box().value).toBe('');
  });

  it('names the questions that may have been charged without their answer; one asked again leaves the list', async () => {
    const lost = 'What happens when a node fails?';
    setup({
      'ask.unsure': () => ({ ok: true, data: { questions: [lost] } }),
      'ask.send': (m) => ({ ok: true, data: entry((m as { question: string }).question, answer) }),
    });
    const list = await screen.findByRole('list', { name: 'May have been charged' });
    expect(within(list).getByText(lost)).toBeTruthy();
    expect(
      screen.getByText(
        'This question may have been charged 1 AI Unit without its answer arriving; Transcript Lens does not ask again by itself. Asking again costs 1 AI Unit.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(box().disabled).toBe(false));
    type(lost);
    fireEvent.click(askButton());
    await screen.findByText('Twice, at 1:05.');
    expect(screen.queryByRole('list', { name: 'May have been charged' })).toBeNull();
  });

  it('does not send an empty question', async () => {
    const app = setup({ 'ask.send': () => ({ ok: true, data: entry('x', 'y') }) });
    await waitFor(() => expect(box().disabled).toBe(false));
    type('   ');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(askButton().disabled).toBe(true);
    expect(app.asks()).toHaveLength(0);
  });

  it('disables Ask while sending', async () => {
    let resolve: (r: Reply<AnswerEntry>) => void = () => {};
    const pending = new Promise<Reply<AnswerEntry>>((r) => {
      resolve = r;
    });
    const { send, of } = fakeSend({
      'analysis.get': () => ({ ok: true, data: READY }),
      'ask.history': () => ({ ok: true, data: [] }),
      'ask.send': () => pending,
      'ask.quote': () => ({ ok: true, data: { quoteId: 'aq', aiUnits: 1, balance: 100 } }),
      'transcript.get': () => ({ ok: true, data: TRANSCRIPT }),
    });
    render(<AskView videoId={VIDEO} send={send} player={{ duration: () => 600, seek: vi.fn() }} />);
    await waitFor(() => expect(box().disabled).toBe(false));
    type('Why?');
    fireEvent.click(askButton());
    await waitFor(() => expect(askButton().disabled).toBe(true));
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(of('ask.send')).toHaveLength(1);
    resolve({ ok: true, data: entry('Why?', 'Because.') });
    expect(await screen.findByText('Because.')).toBeTruthy();
  });

  it('shows a send error as an alert and keeps the typed question', async () => {
    setup({
      'ask.send': () => ({
        ok: false,
        error: { code: 'insufficient_ai_units', message: 'You do not have enough AI Units for this.' },
      }),
    });
    await waitFor(() => expect(box().disabled).toBe(false));
    type('What is the conclusion?');
    fireEvent.click(askButton());
    expect((await screen.findByRole('alert')).textContent).toBe('You do not have enough AI Units for this.');
    expect(box().value).toBe('What is the conclusion?');
  });
});

describe('AskView: answers and citations', () => {
  it('shows history newest last, with citation buttons that seek, kinds and our own check', async () => {
    const app = setup({
      'ask.history': () => ({
        ok: true,
        data: [
          entry('Second?', 'Two.', 20),
          entry('First?', {
            answer: 'One.',
            citations: [
              { kind: 'speech', time: 65, quote: 'measured the latency' },
              { kind: 'speech', time: 2, quote: 'something never said' },
              { kind: 'visual', time: 44, quote: 'a chart' },
            ],
          }),
        ],
      }),
    });
    await screen.findByText('Second?');
    const questions = screen.getAllByText(/^(First|Second)\?$/).map((q) => q.textContent);
    expect(questions).toEqual(['First?', 'Second?']);
    const list = screen.getByRole('list', { name: 'Citations' });
    const [spoken, unsaid, visual] = within(list).getAllByRole('listitem');
    await waitFor(() => expect(spoken?.textContent).toContain('quote found in the transcript near 1:05'));
    expect(spoken?.textContent).toContain('verified by the service');
    expect(spoken?.textContent).toContain('Speech');
    expect(spoken?.textContent).toContain('measured the latency');
    // Our check cannot back it, but the service verified it: never "not found".
    expect(unsaid?.textContent).toContain('verified by the service');
    expect(unsaid?.textContent).not.toMatch(/not found|unbacked|no matching/);
    expect(unsaid?.querySelector('.tl-second')).toBeNull();
    expect(visual?.textContent).toContain('Visual');
    expect(visual?.textContent).toContain('matches analysis evidence near 0:44');
    fireEvent.click(within(list).getByRole('button', { name: '1:05' }));
    expect(app.player.seek).toHaveBeenCalledWith(65);
    fireEvent.click(within(list).getByRole('button', { name: '0:44' }));
    expect(app.player.seek).toHaveBeenLastCalledWith(44);
  });

  it('gives no seek button to a citation past the end of the video or without a time', async () => {
    setup({
      'ask.history': () => ({
        ok: true,
        data: [
          entry('Q?', {
            answer: 'A.',
            citations: [
              { kind: 'speech', time: 9000, quote: 'far away' },
              { kind: 'speech', quote: 'no time at all' },
              { kind: 'speech', time: '1:05', quote: 'measured the latency' },
            ],
          }),
        ],
      }),
    });
    const list = await screen.findByRole('list', { name: 'Citations' });
    const [late, none, fine] = within(list).getAllByRole('listitem');
    expect(within(late as HTMLElement).queryByRole('button')).toBeNull();
    expect(late?.textContent).toContain('time not in this video');
    expect(late?.textContent).toContain('far away');
    expect(within(none as HTMLElement).queryByRole('button')).toBeNull();
    expect(none?.textContent).toContain('time not in this video');
    expect(within(fine as HTMLElement).getByRole('button', { name: '1:05' })).toBeTruthy();
  });

  it('shows an insufficient-evidence answer as a note, not an alert', async () => {
    setup({
      'ask.history': () => ({
        ok: true,
        data: [entry('Who won?', { answer: 'Nothing supports an answer.', citations: [], insufficientEvidence: true })],
      }),
    });
    const note = await screen.findByRole('note');
    expect(note.textContent).toBe('The evidence in this video is insufficient to answer that.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('renders HTML in questions and answers as text', async () => {
    const html = '<img src=x onerror="alert(1)"><script>alert(2)</script><b>bold</b>';
    setup({
      'ask.history': () => ({
        ok: true,
        data: [entry(html, { answer: html, citations: [{ kind: 'speech', time: 65, quote: html }] })],
      }),
    });
    // question, answer and quote
    expect((await screen.findAllByText(html)).length).toBe(3);
    const root = document.querySelector('.tl-ask') as HTMLElement;
    expect(root.querySelector('img, script, b')).toBeNull();
    expect(root.textContent).not.toContain('[object');
  });

  it('without a transcript, a spoken citation stays verified by the service, with no second opinion', async () => {
    setup({
      'transcript.get': () => ({ ok: false, error: { code: 'network', message: 'offline' } }),
      'ask.history': () => ({
        ok: true,
        data: [entry('Q?', { answer: 'A.', citations: [{ kind: 'speech', time: 65, quote: 'measured the latency' }] })],
      }),
    });
    expect(await screen.findByText('verified by the service')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.tl-second')).toBeNull());
  });
});

describe('AskView: only a person asks', () => {
  it('a script’s Enter or submit sends no question', async () => {
    const app = setup({ 'ask.send': () => ({ ok: true, data: entry('x', 'y') }) });
    await waitFor(() => expect(box().disabled).toBe(false));
    type('Will a script pay for this?');
    box().dispatchEvent(untrusted(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })));
    const form = box().closest('form') as HTMLFormElement;
    form.dispatchEvent(untrusted(new Event('submit', { bubbles: true, cancelable: true })));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(app.asks()).toHaveLength(0);
  });
});
