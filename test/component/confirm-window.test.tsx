// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../entrypoints/confirm/App';
import type { ConsentPending } from '../../utils/consent/replies';
import type { Estimate } from '../../utils/panel/replies';
import { untrusted } from '../setup/trusted-events';
import { errReply, fakePageSend, okReply } from './kit';

const estimate = (over: Partial<Estimate> = {}): Estimate => ({
  mode: 'deep',
  partial: false,
  durationSeconds: 624,
  minutes: 11,
  perMinute: 30,
  aiUnits: 330,
  lowAiUnits: null,
  worstCase: null,
  balance: 3000,
  exceedsBalance: false,
  exceedsGuard: true,
  guard: 50,
  maxMinutes: null,
  tooLong: false,
  modeAllowed: true,
  alreadyPaid: false,
  ...over,
});

const analysis = (over: Partial<Estimate> = {}): ConsentPending => {
  const e = estimate(over);
  return {
    subject: { kind: 'analysis', videoId: 'tvaHuman001', title: 'Distributed systems', estimate: e },
    price: e.aiUnits ?? e.worstCase ?? 0,
    unit: 'AI Units',
    balance: e.balance,
    refusal: null,
  };
};

const bulk = (balance: number): ConsentPending => ({
  subject: {
    kind: 'bulk',
    channel: '@tvademo',
    title: 'TVA Demo',
    selected: 3,
    cloudRequests: 2,
    format: 'srt',
    priceText: '2 Cloud Requests, and up to 360 AI Units for videos without captions (transcribed from audio)',
    mayHaveBeenCharged: 1,
    sizeNote: null,
  },
  price: 2,
  unit: 'Cloud Requests',
  balance,
  refusal: null,
});

const search: ConsentPending = {
  subject: {
    kind: 'search',
    channel: '@tvademo',
    title: 'TVA Demo',
    query: 'latency',
    range: { from: 60, to: 300 },
    videos: [
      { id: 'tvaAutoGen1', title: 'Auto captions' },
      { id: 'tvaFlaky001', title: 'A flaky one' },
    ],
    held: 1,
    cloudRequests: 1,
    calls: 1,
    perCall: 25,
  },
  price: 1,
  unit: 'Cloud Requests',
  balance: 958,
  refusal: null,
};

function open(view: ConsentPending | null, armMs = 0, extra: Parameters<typeof fakePageSend>[0] = {}) {
  const bg = fakePageSend({
    ...extra,
    'consent.pending': () => (view ? okReply(view) : errReply('expired', 'This confirmation has expired.')),
    'consent.decide': (m) => okReply({ message: m.accept ? 'Analysis started. Follow it in the panel.' : 'No.' }),
  });
  const onDone = vi.fn();
  render(<App requestId="req-1" send={bg.send} onDone={onDone} armMs={armMs} />);
  return { ...bg, onDone };
}

const spend = () => screen.getByRole('button', { name: 'Spend' }) as HTMLButtonElement;
const text = () => document.body.textContent ?? '';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the confirmation window', () => {
  it('an analysis within the guard (sent by a panel frame not seen whole) says why it is asked here, not the guard', async () => {
    open(analysis({ mode: 'smart', perMinute: 3, aiUnits: 33, exceedsGuard: false }));
    expect(await screen.findByText('≈ 33 AI Units (10:24 at 3 per minute)')).toBeTruthy();
    expect(
      screen.getByText(
        'Asked here because the panel on the page could not be confirmed fully in view when it was pressed.',
      ),
    ).toBeTruthy();
    expect(text()).not.toContain('spending guard');
  });

  it('an analysis above the guard: what, the price, the guard and the balance; focus on Cancel; Spend buys it', async () => {
    const { of } = open(analysis());
    expect(await screen.findByRole('heading', { name: 'Analyze this video?' })).toBeTruthy();
    expect(text()).toContain('Distributed systems tvaHuman001 · Deep analysis');
    expect(screen.getByText('≈ 330 AI Units (10:24 at 30 per minute)')).toBeTruthy();
    expect(screen.getByText('Above your spending guard of 50 AI Units (in the options).')).toBeTruthy();
    expect(screen.getByText('3,000 AI Units left.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })));
    await waitFor(() => expect(spend().disabled).toBe(false));

    spend().dispatchEvent(untrusted(new MouseEvent('click', { bubbles: true })));
    await new Promise((r) => setTimeout(r, 20));
    expect(of('consent.decide')).toEqual([]);
    fireEvent.click(spend());
    expect((await screen.findByRole('status')).textContent).toBe('Analysis started. Follow it in the panel.');
    expect(of('consent.decide')).toEqual([{ type: 'consent.decide', requestId: 'req-1', accept: true }]);
  });

  it('an unknown length is priced at the worst case and always asks', async () => {
    open(analysis({ durationSeconds: null, minutes: null, aiUnits: null, worstCase: 720, perMinute: 3 }));
    expect(
      await screen.findByText(
        '3 AI Units per started minute of video (its length is not known yet: up to 720 AI Units)',
      ),
    ).toBeTruthy();
    expect(screen.getByText('An analysis of unknown length always asks first.')).toBeTruthy();
  });

  it('a channel’s transcripts: how many are bought and saved, the format, Cloud Requests and a short balance', async () => {
    open(bulk(1));
    expect(await screen.findByRole('heading', { name: 'Buy these transcripts?' })).toBeTruthy();
    // The channel's title sits in a <bdi> inside the sentence (its own direction in Arabic): read the whole text.
    expect(text()).toContain(
      'Transcripts of 3 selected videos of TVA Demo, saved as SRT: 2 transcripts to buy, 1 already saved (free).',
    );
    expect(
      screen.getByText(
        '2 Cloud Requests, and up to 360 AI Units for videos without captions (transcribed from audio): 1 Cloud Request per transcript delivered',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/1 of these videos may already have been charged/)).toBeTruthy();
    expect(screen.getByText('1 Cloud Request left.')).toBeTruthy();
    expect(screen.getByText('Your balance covers only part of it: it stops when it runs out.')).toBeTruthy();
  });

  it('a search on the service: the words, the range, the videos and what was searched before', async () => {
    open(search);
    expect(await screen.findByRole('heading', { name: 'Search these videos on the service?' })).toBeTruthy();
    expect(text()).toContain('Search TVA Demo for “latency” between 1:00 and 5:00 in 2 videos without a saved');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Auto captions', 'A flaky one']);
    expect(screen.getByText('1 Cloud Request, 1 per video')).toBeTruthy();
    expect(text()).toContain('1 video was searched for this before: free.');
    expect(screen.getByText('958 Cloud Requests left.')).toBeTruthy();
  });

  it('Spend waits a moment after the window is in front, and again after it lost focus', async () => {
    open(bulk(10), 60);
    await screen.findByRole('heading', { name: 'Buy these transcripts?' });
    expect(spend().disabled).toBe(true);
    await waitFor(() => expect(spend().disabled).toBe(false));
    window.dispatchEvent(new Event('blur'));
    await waitFor(() => expect(spend().disabled).toBe(true));
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(spend().disabled).toBe(false));
  });

  it('Spend arms 1 s after its price is on screen, however late the price comes, and anew for another price', async () => {
    vi.useFakeTimers();
    const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
    const late = (view: ConsentPending, ms: number) =>
      new Promise<ReturnType<typeof okReply<ConsentPending>>>((r) => setTimeout(() => r(okReply(view)), ms));
    const deep: ConsentPending = { ...analysis({ modeAllowed: false }), refusal: null, modes: ['smart'] };
    const smart = analysis({ mode: 'smart', perMinute: 3, aiUnits: 33 });
    const { send, of } = fakePageSend({
      'consent.pending': () => late(deep, 5000),
      'consent.mode': () => late(smart, 3000),
    });
    render(<App requestId="req-1" send={send} onDone={vi.fn()} armMs={1000} />);
    // The window has been open, in front, for far longer than the delay when its price arrives.
    await tick(4900);
    expect(screen.queryByRole('button', { name: 'Spend' })).toBeNull();
    await tick(100);
    expect(screen.getByText('≈ 330 AI Units (10:24 at 30 per minute)')).toBeTruthy();
    expect(spend().disabled).toBe(true);
    fireEvent.click(spend());
    await tick(900);
    expect(spend().disabled).toBe(true);
    fireEvent.click(spend());
    expect(of('consent.decide')).toEqual([]);
    await tick(200);
    expect(spend().disabled).toBe(false);

    // Another mode is priced: Spend is off from the moment it is asked until 1 s after the new price is drawn.
    fireEvent.click(screen.getByRole('button', { name: 'Smart analysis' }));
    await tick(0);
    expect(spend().disabled).toBe(true);
    await tick(3000);
    expect(screen.getByText('≈ 33 AI Units (10:24 at 3 per minute)')).toBeTruthy();
    expect(spend().disabled).toBe(true);
    await tick(900);
    expect(spend().disabled).toBe(true);
    await tick(200);
    expect(spend().disabled).toBe(false);
    expect(of('consent.decide')).toEqual([]);
  });

  it('a refusal keeps Spend off; Cancel says no and closes', async () => {
    const { of, onDone } = open({ ...bulk(0), refusal: 'You have no Cloud Requests left. Nothing will be sent.' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have no Cloud Requests left. Nothing will be sent.',
    );
    expect(spend().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(of('consent.decide')).toEqual([{ type: 'consent.decide', requestId: 'req-1', accept: false }]);
  });

  it('Deep on a plan without it: the reason in a sentence, the modes the plan allows, and a chosen one priced again before Spend', async () => {
    const reason =
      'Deep analysis needs the Pro or Team plan, and your Starter plan does not include it, so Spend is off. Choose one of the modes your plan allows below: it is priced again before you can spend.';
    const deep: ConsentPending = {
      ...analysis({ modeAllowed: false }),
      refusal: reason,
      modes: ['quick', 'smart', 'auto'],
    };
    const smart = analysis({ mode: 'smart', perMinute: 3, aiUnits: 33 });
    const { of } = open(deep, 0, { 'consent.mode': () => okReply(smart) });
    expect((await screen.findByRole('alert')).textContent).toBe(reason);
    expect(spend().disabled).toBe(true);
    const offered = screen.getByRole('group', { name: 'Modes your plan allows' });
    expect([...offered.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Quick analysis',
      'Smart analysis',
      'Auto analysis',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Smart analysis' }));
    expect(await screen.findByText('≈ 33 AI Units (10:24 at 3 per minute)')).toBeTruthy();
    expect(of('consent.mode')).toEqual([{ type: 'consent.mode', requestId: 'req-1', mode: 'smart' }]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Modes your plan allows' })).toBeNull();
    expect(text()).toContain('· Smart analysis');
    expect(of('consent.decide')).toEqual([]);
    await waitFor(() => expect(spend().disabled).toBe(false));
  });

  it('an expired or used confirmation offers nothing to spend', async () => {
    const { onDone } = open(null);
    expect((await screen.findByRole('alert')).textContent).toBe('This confirmation has expired.');
    expect(screen.queryByRole('button', { name: 'Spend' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onDone).toHaveBeenCalled();
  });
});
