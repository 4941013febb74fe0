// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnalysisView } from '../../components/analysis/AnalysisView';
import { AskView } from '../../components/ask/AskView';
import { type SpendGate, setSpendGate } from '../../components/spend-gate';
import { LoadBar } from '../../components/transcript/LoadBar';
import { TranscriptError } from '../../components/transcript/TranscriptError';
import { quotedEstimate as estimate, jobReply, panelContext } from '../builders';
import { fakeSend } from './kit';

const VIDEO = 'dQw4w9WgXcQ';
const NOT_SEEN = /^Nothing was spent: the panel was not fully in view for half a second/;

/** The frame's gate as the test sets it: armed or not, with or without the browser's signal. */
function gate(armed: boolean, supported = true): SpendGate {
  return { supported, armed: () => armed, listen: () => () => undefined };
}

const QUOTE = { cloudRequests: 1, balance: 24, quoteId: 'q', audio: null };

const ok = <T,>(data: T) => ({ ok: true as const, data });

beforeEach(() => setSpendGate(gate(false)));
afterEach(() => {
  cleanup();
  setSpendGate(gate(true));
});

describe('the spend gate of the panel frame', () => {
  it('Load transcript from a frame not seen whole: nothing is bought, the sentence says why; armed, it loads', () => {
    const onLoad = vi.fn();
    render(<LoadBar quote={QUOTE} label="Load transcript" busy={false} onLoad={onLoad} />);
    const load = screen.getByRole('button', { name: 'Load transcript' });
    fireEvent.click(load);
    expect(onLoad).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(NOT_SEEN);
    setSpendGate(gate(true));
    fireEvent.click(load);
    expect(onLoad).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('without the browser’s signal (Firefox) Load keeps the panel’s own rule: a trusted click loads', () => {
    setSpendGate(gate(false, false));
    const onLoad = vi.fn();
    render(<LoadBar quote={QUOTE} label="Load transcript" busy={false} onLoad={onLoad} />);
    fireEvent.click(screen.getByRole('button', { name: 'Load transcript' }));
    expect(onLoad).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Retry from a frame not seen whole buys nothing', () => {
    const onRetry = vi.fn();
    render(
      <TranscriptError kind="error" error={{ code: 'network', message: 'The connection failed.' }} onRetry={onRetry} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).not.toHaveBeenCalled();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContainEqual(expect.stringMatching(NOT_SEEN));
  });

  it.each([
    ['a frame not seen whole', true],
    ['a browser without the signal (Firefox)', false],
  ])('an analysis within the guard from %s only opens the extension’s window', async (_, supported) => {
    setSpendGate(gate(false, supported));
    const fake = fakeSend({
      'analysis.get': () => ok({ job: null, artifact: null }),
      'panel.context': () => ok(panelContext()),
      'analysis.estimate': () => ok(estimate()),
      'analysis.start': () => ok(jobReply({ videoId: VIDEO })),
      'consent.open': () => ok({ requestId: 'req-1', focused: false }),
      'consent.status': () => ok({ state: 'waiting' }),
    });
    render(
      <AnalysisView
        videoId={VIDEO}
        send={fake.send}
        player={{ duration: () => 624, seek: vi.fn() }}
        refreshKey={0}
        title="A video"
      />,
    );
    await screen.findByText(/≈ 33 AI Units/);
    fireEvent.click(screen.getByRole('button', { name: 'Analyze video' }));
    expect(await screen.findByText('Confirm in the Transcript Lens window…')).toBeTruthy();
    expect(fake.of('analysis.start')).toEqual([]);
    expect(fake.of('consent.open')).toEqual([
      expect.objectContaining({ purchase: expect.objectContaining({ kind: 'analysis', quoteId: 'quote-1' }) }),
    ]);
  });
});

describe('Ask from a frame not seen whole', () => {
  it('asks nothing (not even the price) and keeps the question', async () => {
    const fake = fakeSend({
      'analysis.get': () =>
        ok({ job: jobReply({ videoId: VIDEO, status: 'ready' }), artifact: { summary: 'S', evidence: [] } }),
      'ask.history': () => ok([]),
      'ask.quote': () => ok({ quoteId: 'aq', aiUnits: 1, balance: 100 }),
      'ask.send': () => ok({ question: 'x', askedAt: 1, answer: { answer: 'y', citations: [] } }),
    });
    render(<AskView videoId={VIDEO} send={fake.send} player={{ duration: () => 600, seek: vi.fn() }} refreshKey={0} />);
    const box = screen.getByRole('textbox', { name: 'Question' }) as HTMLTextAreaElement;
    await waitFor(() => expect(box.disabled).toBe(false));
    fireEvent.input(box, { target: { value: 'How often?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toMatch(NOT_SEEN);
    expect(fake.of('ask.quote')).toEqual([]);
    expect(fake.of('ask.send')).toEqual([]);
    expect(box.value).toBe('How often?');
  });
});
