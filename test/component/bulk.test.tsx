// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BulkBar } from '../../components/channel/BulkBar';
import { RunProgress } from '../../components/channel/RunProgress';
import type { BulkQuote, BulkStatus, UploadRow } from '../../utils/channel/replies';
import type { ConsentStatus } from '../../utils/consent/replies';
import type { BroadcastMessage, Listen } from '../../utils/protocol/broadcasts';
import { untrusted } from '../setup/trusted-events';
import { fakeSend, okReply } from './kit';

const rows: UploadRow[] = ['aaaaaaaaaaa', 'bbbbbbbbbbb', 'ccccccccccc'].map((id) => ({
  id,
  title: `Video ${id}`,
  published: '2025-06-01',
  saved: id === 'aaaaaaaaaaa',
  analyzed: false,
}));
const status = (over: Partial<BulkStatus>): BulkStatus => ({
  runId: '00000000-0000-4000-8000-000000000000',
  channel: '@tvademo',
  title: 'TVA Demo',
  unknown: [],
  etaSeconds: null,
  inFlight: 0,
  format: 'srt',
  startedAt: 0,
  state: 'running',
  total: 2,
  done: 0,
  failed: [],
  left: 2,
  message: null,
  ...over,
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const bulkQuote = (
  q: Pick<BulkQuote, 'quoteId' | 'selected' | 'uncached' | 'balance'> & Partial<BulkQuote>,
): BulkQuote => ({
  aiUnitsUpTo: 0,
  priceText: `${q.uncached} Cloud Requests`,
  mayHaveBeenCharged: 0,
  sizeNote: null,
  ...q,
});

describe('BulkBar', () => {
  it('prices the selection first (saved ones free); a person’s Buy opens the window, whose run it follows', async () => {
    let state: ConsentStatus = { state: 'waiting' };
    const bg = fakeSend({
      'bulk.quote': () => okReply(bulkQuote({ quoteId: 'q9', selected: 3, uncached: 2, balance: 10 })),
      'consent.open': () => okReply({ requestId: 'req-1', focused: false }),
      'consent.status': () => okReply(state),
    });
    render(<BulkBar channel="@tvademo" send={bg.send} selection={rows} />);
    const open = screen.getByRole('button', { name: 'Download transcripts' });
    open.dispatchEvent(untrusted(new MouseEvent('click', { bubbles: true })));
    expect(bg.of('bulk.quote')).toEqual([]);
    fireEvent.click(open);
    await screen.findByText(
      /3 videos selected: 2 transcripts to buy for 2 Cloud Requests · 10 Cloud Requests left; 1 already saved/,
    );
    const buy = screen.getByRole('button', { name: 'Buy 2 transcripts and download' });
    buy.dispatchEvent(untrusted(new MouseEvent('click', { bubbles: true })));
    expect(bg.of('consent.open')).toEqual([]);
    fireEvent.click(buy);
    await screen.findByText('Confirm in the Transcript Lens window…');
    expect(bg.of('consent.open')).toEqual([
      {
        type: 'consent.open',
        purchase: { kind: 'bulk', channel: '@tvademo', ids: rows.map((r) => r.id), quoteId: 'q9', format: 'srt' },
      },
    ]);
    state = { state: 'done', result: { kind: 'bulk', run: status({}) } };
    await screen.findByRole('progressbar', { name: 'Bulk transcripts' }, { timeout: 3_000 });
    expect(screen.getByText('0 done · 0 failed · 2 left')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.queryByText('Confirm in the Transcript Lens window…')).toBeNull();
  });

  it('a refusal in the window is said here, and the price is asked again', async () => {
    const bg = fakeSend({
      'bulk.quote': () => okReply(bulkQuote({ quoteId: 'q9', selected: 3, uncached: 2, balance: 10 })),
      'consent.open': () => okReply({ requestId: 'req-1', focused: false }),
      'consent.status': () =>
        okReply({ state: 'failed', error: { code: 'consent_required', message: 'That price is no longer valid.' } }),
    });
    render(<BulkBar channel="@tvademo" send={bg.send} selection={rows} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download transcripts' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Buy 2 transcripts and download' }));
    expect((await screen.findByRole('alert', {}, { timeout: 3_000 })).textContent).toBe(
      'That price is no longer valid.',
    );
    expect(screen.getByRole('button', { name: 'Download transcripts' })).toBeTruthy();
  });

  it('warns when the balance covers only part of the selection', async () => {
    const bg = fakeSend({
      'bulk.quote': () => okReply(bulkQuote({ quoteId: 'q', selected: 3, uncached: 3, balance: 1 })),
    });
    render(<BulkBar channel="@tvademo" send={bg.send} selection={rows} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download transcripts' }));
    await screen.findByText(/the run stops when it runs out/);
  });

  it('names the AI Units audio transcription may add, what may already have been charged, and a cache too small', async () => {
    const quote = bulkQuote({
      quoteId: 'q',
      selected: 3,
      uncached: 3,
      balance: 100,
      aiUnitsUpTo: 540,
      priceText: '3 Cloud Requests, and up to 540 AI Units for videos without captions (transcribed from audio)',
      mayHaveBeenCharged: 1,
      sizeNote: 'These transcripts take about 300 MB and your cache keeps 50 MB.',
    });
    const bg = fakeSend({ 'bulk.quote': () => okReply(quote) });
    render(<BulkBar channel="@tvademo" send={bg.send} selection={rows} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download transcripts' }));
    await screen.findByText(/3 Cloud Requests, and up to 540 AI Units for videos without captions/);
    expect(screen.getByText(/1 of these videos may already have been charged/)).toBeTruthy();
    expect(screen.getByText(/your cache keeps 50 MB/)).toBeTruthy();
  });

  it('names the videos that may have been charged and the price of trying them again', () => {
    const run = status({ state: 'finished', unknown: [{ id: 'bbbbbbbbbbb', message: 'The service took too long.' }] });
    render(<RunProgress run={run} onCancel={() => undefined} />);
    expect(screen.getByText(/1 video may have been charged/).textContent).toMatch(/costs 1 Cloud Request/);
    expect(screen.getByRole('list', { name: 'May have been charged' }).textContent).toContain('bbbbbbbbbbb');
  });

  it('offers nothing to buy with no selection', () => {
    render(<BulkBar channel="@tvademo" send={fakeSend({}).send} selection={[]} />);
    expect(screen.getByRole('button', { name: 'Download transcripts' }).hasAttribute('disabled')).toBe(true);
  });

  it('re-attaches to the channel’s running run: progress, time left at the plan’s rate, and the file when it ends', async () => {
    let state: Partial<BulkStatus> = { done: 100, left: 400, total: 500, etaSeconds: 12, format: 'jsonl' };
    const bg = fakeSend({
      'bulk.current': () => okReply(status(state)),
      'bulk.status': () => okReply(status(state)),
      'bulk.archive': () => okReply({ filename: 'x.jsonl', mime: 'application/jsonl', base64: 'e30K' }),
    });
    render(<BulkBar channel="@tvabig" send={bg.send} selection={[]} />);
    await screen.findByText('100 done · 0 failed · 400 left');
    expect(screen.getByText('About 12 seconds left at your plan’s rate limit.')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Bulk transcripts' })).toBeTruthy();
    expect(bg.of('bulk.current')).toEqual([{ type: 'bulk.current', channel: '@tvabig' }]);
    const failed = [{ id: 'x', message: 'No captions.' }];
    state = { ...state, done: 497, failed, left: 0, state: 'finished', etaSeconds: null };
    await screen.findByText(/497 done · 1 failed · 0 left · finished/, undefined, { timeout: 3_000 });
    // Saved once, in the format chosen when it started, for the run's own selection.
    await waitFor(() =>
      expect(bg.of('bulk.archive')).toEqual([
        { type: 'bulk.archive', channel: '@tvabig', format: 'jsonl', runId: status({}).runId },
      ]),
    );
    expect(screen.queryByText(/seconds left at your plan/)).toBeNull();
    // Another format afterwards, on the person's click.
    fireEvent.change(screen.getByRole('combobox', { name: 'Format' }), { target: { value: 'vtt' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save archive again' }));
    await waitFor(() => expect(bg.of('bulk.archive').at(-1)).toMatchObject({ format: 'vtt' }));
  });

  it('the pushed end asks for the file at once, in the run’s format, not after a status read a busy worker holds', async () => {
    const running = status({ format: 'vtt', total: 500, left: 500 });
    const line: { hear: ((message: BroadcastMessage) => void) | null } = { hear: null };
    const listen: Listen = (listener) => {
      line.hear = listener;
      return () => {
        line.hear = null;
      };
    };
    const bg = fakeSend({
      'bulk.current': () => okReply(running),
      // The worker is putting the file together: its status answer does not come during this test.
      'bulk.status': () => new Promise(() => undefined),
      'bulk.archive': () => okReply({ filename: 'x.zip', mime: 'application/zip', base64: '' }),
    });
    render(<BulkBar channel="@tvabig" send={bg.send} listen={listen} selection={[]} />);
    await screen.findByText('0 done · 0 failed · 500 left');
    await waitFor(() => expect(line.hear).not.toBeNull());
    expect(bg.of('bulk.archive')).toEqual([]);
    line.hear?.({ type: 'bulk.ended', runId: 'ffffffff-0000-4000-8000-000000000000' });
    expect(bg.of('bulk.archive')).toEqual([]);
    line.hear?.({ type: 'bulk.ended', runId: running.runId });
    await waitFor(() =>
      expect(bg.of('bulk.archive')).toEqual([
        { type: 'bulk.archive', channel: '@tvabig', format: 'vtt', runId: running.runId },
      ]),
    );
    // Heard twice (a push and a poll may both see the end), saved once.
    line.hear?.({ type: 'bulk.ended', runId: running.runId });
    await new Promise((r) => setTimeout(r, 50));
    expect(bg.of('bulk.archive')).toHaveLength(1);
  });

  it('holds the run’s ZIP entries as they are made, and at the end only the rest of the file crosses', async () => {
    let running = status({ total: 4, left: 4 });
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      if (blob instanceof Blob) saved.push(blob);
      return 'blob:x';
    });
    const b64 = (bytes: number[]) => Buffer.from(bytes).toString('base64');
    const bg = fakeSend({
      'bulk.current': () => okReply(running),
      'bulk.status': () => okReply(running),
      // Two entries made by the first look, the third by the second: each look asks from what it holds.
      'bulk.pieces': (m) =>
        okReply(
          m.from === 0
            ? { epoch: 'e1', from: 0, base64: b64([1, 2, 3, 4, 5]), sizes: [2, 3] }
            : { epoch: 'e1', from: m.from, base64: b64([6]), sizes: [1] },
        ),
      // The file is its headers around the held pieces: [9] [piece 0] [8] [piece 1] [piece 2] [7].
      'bulk.archive': () =>
        okReply({
          filename: 'x.zip',
          mime: 'application/zip',
          base64: b64([9, 8, 7]),
          held: [
            { at: 1, piece: 0 },
            { at: 2, piece: 1 },
            { at: 2, piece: 2 },
          ],
        }),
    });
    render(<BulkBar channel="@tvademo" send={bg.send} selection={[]} />);
    await screen.findByText('0 done · 0 failed · 4 left');
    await waitFor(() => expect(bg.of('bulk.pieces')).toHaveLength(1));
    running = status({ total: 4, done: 2, left: 2 });
    await screen.findByText('2 done · 0 failed · 2 left');
    await waitFor(() => expect(bg.of('bulk.pieces').at(-1)).toMatchObject({ from: 2 }));
    running = status({ total: 4, done: 4, left: 0, state: 'finished' });
    await waitFor(() => expect(bg.of('bulk.archive')).toHaveLength(1));
    expect(bg.of('bulk.archive')[0]).toMatchObject({ held: { epoch: 'e1', count: 3 } });
    await waitFor(() => expect(saved).toHaveLength(1));
    expect([...new Uint8Array(await (saved[0] as Blob).arrayBuffer())]).toEqual([9, 1, 2, 8, 3, 4, 5, 6, 7]);
  });

  it('an ended run found on opening is not saved by itself: the person saves it', async () => {
    const bg = fakeSend({
      'bulk.current': () => okReply(status({ state: 'cancelled', done: 50, left: 450 })),
      'bulk.archive': () => okReply({ filename: 'x.zip', mime: 'application/zip', base64: '' }),
    });
    render(<BulkBar channel="@tvabig" send={bg.send} selection={[]} />);
    await screen.findByText(/50 done · 0 failed · 450 left · cancelled/);
    await new Promise((r) => setTimeout(r, 800));
    expect(bg.of('bulk.archive')).toEqual([]);
    expect(bg.of('bulk.status')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Save archive' }));
    await waitFor(() => expect(bg.of('bulk.archive')).toHaveLength(1));
  });

  it('the format chosen at the confirmation goes with the run, JSONL included', async () => {
    const bg = fakeSend({
      'bulk.quote': () => okReply(bulkQuote({ quoteId: 'q1', selected: 3, uncached: 2, balance: 10 })),
      'consent.open': () => okReply({ requestId: 'req-1', focused: false }),
    });
    render(<BulkBar channel="@tvademo" send={bg.send} selection={rows} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download transcripts' }));
    const format = await screen.findByRole('combobox', { name: 'Format' });
    expect([...format.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'TXT',
      'SRT',
      'VTT',
      'Markdown',
      'JSON',
      'JSONL (one file)',
    ]);
    fireEvent.change(format, { target: { value: 'jsonl' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy 2 transcripts and download' }));
    await waitFor(() => expect(bg.of('consent.open').at(0)?.purchase).toMatchObject({ format: 'jsonl' }));
  });

  it('names the videos that may have been charged, why, and the price of trying them again', async () => {
    const why = 'The service took too long to answer. It may have delivered and charged the transcript.';
    const unknown = [
      { id: 'bbbbbbbbbbb', message: why },
      { id: 'zzzzzzzzzzz', message: why },
    ];
    const bg = fakeSend({
      'bulk.current': () => okReply(status({ state: 'finished', done: 1, left: 0, total: 3, unknown })),
    });
    render(<BulkBar channel="@tvademo" send={bg.send} selection={[]} uploads={rows} />);
    await screen.findByText('1 done · 0 failed · 2 may have been charged · 0 left · finished');
    const bar = screen.getByRole('progressbar', { name: 'Bulk transcripts' });
    expect([bar.getAttribute('max'), bar.getAttribute('value')]).toEqual(['3', '3']);
    const items = screen.getByRole('list', { name: 'May have been charged' }).querySelectorAll('li');
    // Named by title when the listing has it, else by id; each with the sentence of its batch.
    expect([...items].map((li) => li.textContent)).toEqual([
      `Video bbbbbbbbbbb [bbbbbbbbbbb]: ${why}`,
      `zzzzzzzzzzz: ${why}`,
    ]);
    expect(screen.getByText(/Trying them again costs 2 Cloud Requests\.$/)).toBeTruthy();
  });

  it('a cancelled run settles first: the batch already sent still arrives, then the file is saved', async () => {
    let state: Partial<BulkStatus> = { done: 0, left: 500, total: 500 };
    const bg = fakeSend({
      'bulk.current': () => okReply(status(state)),
      'bulk.status': () => okReply(status(state)),
      'bulk.cancel': () => {
        state = { ...state, state: 'cancelled', inFlight: 50 };
        return okReply(status(state));
      },
      'bulk.archive': () => okReply({ filename: 'x.zip', mime: 'application/zip', base64: '' }),
    });
    render(<BulkBar channel="@tvabig" send={bg.send} selection={[]} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await screen.findByText(/cancelling; the videos already asked for are still arriving/, undefined, {
      timeout: 3_000,
    });
    expect(bg.of('bulk.archive')).toEqual([]);
    state = { ...state, done: 50, left: 450, inFlight: 0 };
    await screen.findByText('50 done · 0 failed · 450 left · cancelled; what was delivered is kept', undefined, {
      timeout: 3_000,
    });
    await waitFor(() => expect(bg.of('bulk.archive')).toHaveLength(1));
  });
});
