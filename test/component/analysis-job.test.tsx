// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnalysisView } from '../../components/analysis/AnalysisView';
import type { AnalysisState, JobReply, QuotedEstimate } from '../../utils/panel/replies';
import { jobReply, panelContext } from '../builders';
import { fakeSend } from './kit';

const VIDEO = 'dQw4w9WgXcQ';
const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);

const job = (over: Partial<JobReply> = {}): JobReply => jobReply({ videoId: VIDEO, startedAt: T0, ...over });

const ctx = panelContext({ balances: { cloudRequests: 1, aiUnits: 3000, at: 1 } });
const estimate: QuotedEstimate = {
  quoteId: 'quote-1',
  worstCase: null,
  lowAiUnits: null,
  mode: 'deep',
  partial: false,
  durationSeconds: 600,
  minutes: 10,
  perMinute: 30,
  aiUnits: 300,
  balance: 3000,
  exceedsBalance: false,
  exceedsGuard: false,
  guard: 1000,
  maxMinutes: null,
  tooLong: false,
  modeAllowed: true,
  alreadyPaid: false,
};

/** `state` is read on every analysis.get, so a test can move the job along. */
function setup(initial: AnalysisState, opts: { duration?: number } = {}) {
  let state = initial;
  const { send, calls } = fakeSend({
    'analysis.get': () => ({ ok: true, data: state }),
    'panel.context': () => ({ ok: true, data: ctx }),
    'analysis.estimate': (m) => ({ ok: true, data: { ...estimate, mode: m.mode } }),
  });
  const player = { duration: () => opts.duration ?? 600, seek: vi.fn() };
  const props = { videoId: VIDEO, send, player };
  const view = render(<AnalysisView {...props} refreshKey={0} />);
  return {
    player,
    calls,
    gets: () => calls().filter((c) => c.type === 'analysis.get').length,
    setState: (next: AnalysisState) => {
      state = next;
    },
    rerender: (refreshKey: number) => view.rerender(<AnalysisView {...props} refreshKey={refreshKey} />),
    unmount: view.unmount,
  };
}

const flush = () => act(async () => void (await vi.advanceTimersByTimeAsync(0)));
const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const statusText = () => screen.getByRole('status').textContent ?? '';

const CANONICAL = {
  summary: 'First paragraph.\n\nSecond paragraph.',
  chapters: [
    { title: 'Intro', start: 0, end: 30 },
    { title: 'Demo', start: 30, end: 90 },
  ],
  keyPoints: [{ text: 'Point one', time: 65 }],
  evidence: [
    { kind: 'speech', time: 14, text: 'we measured it' },
    { kind: 'visual', time: 40, text: 'a bar chart' },
  ],
};

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('AnalysisView: progress', () => {
  it('shows Queued then Processing, elapsed time and a countdown ticking every second', async () => {
    vi.useFakeTimers({ now: T0 + 12_000 });
    const app = setup({ job: job({ nextPollAt: T0 + 20_000 }), artifact: null });
    await flush();
    expect(statusText()).toContain('Queued');
    expect(statusText()).toContain('0:12 elapsed');
    expect(statusText()).toContain('next check in 8s');
    await tick(1000);
    expect(statusText()).toContain('0:13 elapsed');
    expect(statusText()).toContain('next check in 7s');

    app.setState({ job: job({ status: 'processing', nextPollAt: T0 + 30_000 }), artifact: null });
    app.rerender(1);
    await flush();
    expect(statusText()).toContain('Processing');
    expect(statusText()).toContain('next check in 17s');
  });

  it('re-queries every 5 seconds while pending, and stops when ready or unmounted', async () => {
    vi.useFakeTimers({ now: T0 });
    const app = setup({ job: job(), artifact: null });
    await flush();
    expect(app.gets()).toBe(1);
    await tick(5000);
    expect(app.gets()).toBe(2);
    app.setState({ job: job({ status: 'ready', endedAt: T0 + 9000 }), artifact: CANONICAL });
    await tick(5000);
    expect(app.gets()).toBe(3);
    expect(statusText()).toContain('Ready');
    await tick(20_000);
    expect(app.gets()).toBe(3);

    cleanup();
    const again = setup({ job: job(), artifact: null });
    await flush();
    again.unmount();
    const before = again.gets();
    await tick(20_000);
    expect(again.gets()).toBe(before);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('AnalysisView: results', () => {
  const ready = (artifact: unknown): AnalysisState => ({
    job: job({ status: 'ready', endedAt: T0 + 60_000 }),
    artifact,
  });
  const headings = () => screen.getAllByRole('heading').map((h) => h.textContent);

  it('renders the canonical artifact: sections, seeking chapters, key points and evidence', async () => {
    const app = setup(ready(CANONICAL));
    expect(await screen.findByRole('heading', { name: 'Summary' })).toBeTruthy();
    expect(headings()).toEqual(['Summary', 'Chapters', 'Key points', 'Evidence']);
    expect(screen.getByText('Second paragraph.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '0:30 Demo' }));
    expect(app.player.seek).toHaveBeenLastCalledWith(30);
    fireEvent.click(screen.getByRole('button', { name: '1:05 Point one' }));
    expect(app.player.seek).toHaveBeenLastCalledWith(65);
    fireEvent.click(screen.getByRole('button', { name: '0:40 Visual a bar chart' }));
    expect(app.player.seek).toHaveBeenLastCalledWith(40);
    expect(screen.getByRole('button', { name: '0:14 Speech we measured it' })).toBeTruthy();
    expect(statusText()).toContain('Ready');
  });

  const ODD: [string, unknown][] = [
    [
      'strings only',
      {
        summary: 'First point.\n\nSecond point.',
        chapters: '0:00 Intro\n1:30 Demo',
        keyPoints: ['Point one', '0:45 Point two'],
        evidence: ['0:14 we measured it', '[1:40] a bar chart'],
      },
    ],
    [
      'snake_case keys',
      {
        tl_dr: 'Short',
        table_of_contents: [
          { name: 'Intro', start_seconds: 0 },
          { name: 'Demo', start_time: '1:30' },
        ],
        key_points: [{ point: 'kp', start_time: '0:45' }],
        evidence: { speech: [{ quote: 'we measured it', timestamp: '0:14' }], visual: [{ caption: 'chart', t: 100 }] },
        frame_stats: { sampled: 12, by_scene: [3, 4, 5] },
      },
    ],
    [
      'nested objects',
      {
        data: {
          artifact: {
            summary: { text: 'Wrapped summary' },
            chapters: [{ title: { text: 'Intro' }, start: 0, meta: { foo: 1 } }],
            keyPoints: [{ point: { text: 'kp', detail: { x: 1 } }, time: '0:45' }],
            evidence: [{ kind: 'visual', time: 40, text: { caption: 'a chart' } }],
          },
          stats: { frames: 12, nested: { deep: true } },
        },
      },
    ],
  ];

  it.each(ODD)('renders an artifact of %s as text in all four sections', async (_name, artifact) => {
    setup(ready(artifact));
    await screen.findByRole('heading', { name: 'Summary' });
    for (const name of ['Chapters', 'Key points', 'Evidence'])
      expect(screen.getByRole('heading', { name })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^0:00 Intro/ })).toHaveLength(1);
    expect(document.body.textContent).not.toContain('[object');
    expect(document.body.innerHTML).not.toContain('[object');
  });

  it('shows fields it cannot classify under Other details, readably', async () => {
    setup(ready(ODD[1]?.[1]));
    expect(await screen.findByRole('heading', { name: 'Other details' })).toBeTruthy();
    expect(screen.getByText('Frame stats')).toBeTruthy();
    expect(screen.getByText('sampled: 12; by_scene: [3, 4, 5]')).toBeTruthy();
  });

  it('omits empty sections and never seeks past the end of the video', async () => {
    const app = setup(ready({ summary: 'Only this.', chapters: [{ title: 'Late', start: 9999 }] }));
    await screen.findByRole('heading', { name: 'Summary' });
    expect(headings()).toEqual(['Summary', 'Chapters']);
    expect(screen.queryByRole('button', { name: /Late/ })).toBeNull();
    expect(screen.getByText('Late')).toBeTruthy();
    expect(app.player.seek).not.toHaveBeenCalled();
  });

  it('renders markup in the artifact as text', async () => {
    setup(ready({ summary: '<img src=x onerror=alert(1)><b>bold</b>' }));
    expect(await screen.findByText('<img src=x onerror=alert(1)><b>bold</b>')).toBeTruthy();
    expect(document.querySelector('.tl-analysis img, .tl-analysis b')).toBeNull();
  });
});

describe('AnalysisView: failures', () => {
  it('shows a failed first load as an alert with a way to try again', async () => {
    let first = true;
    const { send } = fakeSend({
      'analysis.get': () => {
        if (!first) return { ok: true, data: { job: job({ status: 'processing' }), artifact: null } };
        first = false;
        return { ok: false, error: { code: 'disconnected', message: 'Reload the page to reconnect.' } };
      },
    });
    render(<AnalysisView videoId={VIDEO} send={send} player={{ duration: () => 600, seek: vi.fn() }} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Reload the page to reconnect.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('status')).textContent).toContain('Processing');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a failed job’s reason; Retry analysis goes back to the cost with the same mode', async () => {
    const app = setup({
      job: job({
        status: 'failed',
        mode: 'deep',
        error: { code: 'internal', message: 'The analysis failed on the service.', retryable: true },
      }),
      artifact: null,
    });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'The analysis failed on the service.');
    expect(statusText()).toContain('Failed');
    fireEvent.click(screen.getByRole('button', { name: 'Retry analysis' }));
    expect(await screen.findByText('≈ 300 AI Units (10:00 at 30 per minute) · 3,000 left')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Analysis mode' }) as HTMLSelectElement).value).toBe('deep');
    expect(app.calls().filter((c) => c.type === 'analysis.start')).toHaveLength(0);
  });

  it('a failure that retrying will not fix says so before Retry, with the service’s words, and still lets the person start again (showing the cost first)', async () => {
    const words = '<b>Age-restricted.</b>';
    const app = setup({
      job: job({ status: 'failed', error: { code: 'age_restricted', message: words, retryable: false } }),
      artifact: null,
    });
    expect((await screen.findByRole('alert')).textContent).toBe(words);
    const note = screen.getByRole('note');
    expect(note.textContent).toBe(
      'The service said retrying this analysis will not help.You can still retry: it is charged again, at the price shown before it starts.',
    );
    const retry = screen.getByRole('button', { name: 'Retry analysis' });
    // Said before the button, in reading order.
    expect(note.compareDocumentPosition(retry) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Look again' })).toBeNull();

    fireEvent.click(retry);
    const price = await screen.findByText('≈ 300 AI Units (10:00 at 30 per minute) · 3,000 left');
    // Beside the price a retry shows, the note again, now with the service's own words, as text (never markup).
    const again = screen.getByRole('note');
    expect(again.textContent).toContain('The service said retrying this analysis will not help.');
    expect(again.querySelector('q')?.textContent).toBe(words);
    expect(again.querySelector('b')).toBeNull();
    expect(again.compareDocumentPosition(price) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Analyze video' })).toBeTruthy();
    expect(app.calls().filter((c) => c.type === 'analysis.start')).toHaveLength(0);
  });

  it('a failure the service calls retryable says nothing of the kind', async () => {
    setup({
      job: job({ status: 'failed', error: { code: 'internal', message: 'Try again.', retryable: true } }),
      artifact: null,
    });
    await screen.findByRole('alert');
    expect(screen.queryByRole('note')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry analysis' }));
    await screen.findByText('≈ 300 AI Units (10:00 at 30 per minute) · 3,000 left');
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows a lost job as failed, with its message and a retry', async () => {
    setup({
      job: job({
        status: 'lost',
        error: { code: 'not_found', message: 'The service no longer knows it.', retryable: true },
      }),
      artifact: null,
    });
    expect((await screen.findByRole('alert')).textContent).toBe('The service no longer knows it.');
    expect(statusText()).toContain('Failed');
    expect(statusText()).not.toContain('Lost');
    expect(screen.getByRole('button', { name: 'Retry analysis' })).toBeTruthy();
  });
});
