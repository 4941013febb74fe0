// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnalysisView } from '../../components/analysis/AnalysisView';
import type { QuotedEstimate } from '../../utils/panel/replies';
import type { Reply } from '../../utils/protocol/envelope';
import { quotedEstimate as estimate, jobReply, panelContext } from '../builders';
import { fakeSend } from './kit';

/**
 * The click that reached nothing (issue 39): the first price is asked before the player knows the video's length,
 * the length arrives, the price is asked again, and the person presses "Analyze video" while that answer is on its
 * way. The click must be kept, and must buy only at the price the person saw.
 */
const VIDEO = 'dQw4w9WgXcQ';

const ok = <T,>(data: T): Reply<T> => ({ ok: true, data });

/** A reply the test hands over when it chooses: the re-ask still in flight until then. */
function later<T>() {
  let give: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => {
    give = resolve;
  });
  return { promise, give };
}

const worstCase = (): QuotedEstimate =>
  estimate({ durationSeconds: null, minutes: null, aiUnits: null, worstCase: 720, exceedsGuard: true });

function setup(first: QuotedEstimate) {
  const second = later<Reply<QuotedEstimate>>();
  let asks = 0;
  const fake = fakeSend({
    'analysis.get': () => ok({ job: null, artifact: null }),
    'panel.context': () => ok(panelContext()),
    'analysis.estimate': () => (++asks === 1 ? ok(first) : second.promise),
    'analysis.start': () => ok(jobReply({ videoId: VIDEO, startedAt: Date.now(), nextPollAt: Date.now() + 10_000 })),
    'consent.open': () => ok({ requestId: 'req-1', focused: false }),
  });
  // The player has no length yet; the content script's state brings it later.
  let length = Number.NaN;
  const player = { duration: () => length, seek: vi.fn() };
  const view = () => <AnalysisView videoId={VIDEO} send={fake.send} player={player} refreshKey={0} />;
  const { rerender, unmount } = render(view());
  const lengthArrives = async () => {
    length = 624;
    rerender(view());
    await waitFor(() => expect(fake.of('analysis.estimate')).toHaveLength(2));
  };
  return { ...fake, second, lengthArrives, unmount };
}

const analyze = () => screen.getByRole('button', { name: 'Analyze video' }) as HTMLButtonElement;

afterEach(cleanup);

describe('AnalysisView: a click while the price is asked again', () => {
  it('keeps the price and the button, then buys with the new quote when the price is the same', async () => {
    const { of, second, lengthArrives } = setup(estimate({ quoteId: 'quote-1' }));
    await screen.findByText('≈ 33 AI Units (10:24 at 3 per minute) · 3,000 left');
    await lengthArrives();
    expect(of('analysis.estimate')[1]).toMatchObject({ durationSeconds: 624 });

    // The re-ask is in flight: the price the person reads and the button under the cursor stay.
    expect(screen.getByText('≈ 33 AI Units (10:24 at 3 per minute) · 3,000 left')).toBeTruthy();
    expect(analyze().disabled).toBe(false);
    fireEvent.click(analyze());
    expect(await screen.findByText('Starting…')).toBeTruthy();
    expect(of('analysis.start')).toEqual([]);

    second.give(ok(estimate({ quoteId: 'quote-2', balance: 2990 })));
    expect((await screen.findByRole('status')).textContent).toContain('Queued');
    expect(of('analysis.start')).toEqual([
      expect.objectContaining({ quoteId: 'quote-2', mode: 'smart', partial: false, durationSeconds: 624 }),
    ]);
    expect(of('consent.open')).toEqual([]);
  });

  it('buys nothing when the new price differs, says so, and the next press buys at the price shown', async () => {
    const { of, second, lengthArrives } = setup(worstCase());
    await screen.findByText(/length is not known yet, up to 720 AI Units/);
    await lengthArrives();
    fireEvent.click(analyze());

    second.give(ok(estimate({ quoteId: 'quote-2' })));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The price changed as you pressed: nothing was spent. Check the new price, then press again.',
    );
    expect(screen.getByText('≈ 33 AI Units (10:24 at 3 per minute) · 3,000 left')).toBeTruthy();
    expect(of('analysis.start')).toEqual([]);
    expect(of('consent.open')).toEqual([]);

    fireEvent.click(analyze());
    expect((await screen.findByRole('status')).textContent).toContain('Queued');
    expect(of('analysis.start')).toEqual([expect.objectContaining({ quoteId: 'quote-2' })]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('back on the tab the price is asked again with the button kept; a press meanwhile buys once, at that price', async () => {
    const { of, second } = setup(estimate({ quoteId: 'quote-1' }));
    await screen.findByText(/≈ 33 AI Units/);
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(of('analysis.estimate')).toHaveLength(2));
    expect(analyze().disabled).toBe(false);
    fireEvent.click(analyze());
    fireEvent.click(analyze());
    second.give(ok(estimate({ quoteId: 'quote-2' })));
    expect((await screen.findByRole('status')).textContent).toContain('Queued');
    expect(of('analysis.start')).toEqual([expect.objectContaining({ quoteId: 'quote-2' })]);
  });

  it('a press still waiting when the view goes (another video) buys nothing', async () => {
    const { of, second, lengthArrives, unmount } = setup(estimate({ quoteId: 'quote-1' }));
    await screen.findByText(/≈ 33 AI Units/);
    await lengthArrives();
    fireEvent.click(analyze());
    unmount();
    second.give(ok(estimate({ quoteId: 'quote-2' })));
    await second.promise;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(of('analysis.start')).toEqual([]);
    expect(of('consent.open')).toEqual([]);
  });

  it('a re-ask that fails takes the old price off and says why; nothing is bought', async () => {
    const { of, second, lengthArrives } = setup(estimate({ quoteId: 'quote-1' }));
    await screen.findByText(/≈ 33 AI Units/);
    await lengthArrives();
    fireEvent.click(analyze());
    second.give({ ok: false, error: { code: 'network', message: 'Could not reach the service.' } });
    expect((await screen.findByRole('alert')).textContent).toContain('Could not reach the service.');
    expect(analyze().disabled).toBe(true);
    expect(screen.queryByText(/≈ 33 AI Units/)).toBeNull();
    expect(of('analysis.start')).toEqual([]);
  });
});
