// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnalysisView, importedNote, unnumberedNote } from '../../components/analysis/AnalysisView';
import type { ConsentStatus } from '../../utils/consent/replies';
import type { JobReply } from '../../utils/panel/replies';
import type { Reply } from '../../utils/protocol/envelope';
import { quotedEstimate as estimate, jobReply, panelContext } from '../builders';
import { untrusted } from '../setup/trusted-events';
import { type ContentFakes, fakeSend } from './kit';

const VIDEO = 'dQw4w9WgXcQ';

const player = (duration = 624) => ({ duration: () => duration, seek: vi.fn() });

const context = panelContext;

const job = (over: Partial<JobReply> = {}): JobReply =>
  jobReply({ videoId: VIDEO, startedAt: Date.now(), nextPollAt: Date.now() + 10_000, ...over });

const ok = <T,>(data: T): Reply<T> => ({ ok: true, data });
const fail = (code: string, message: string): Reply<never> => ({ ok: false, error: { code, message } });

function setup(handlers: ContentFakes, duration = 624) {
  const fake = fakeSend({
    'analysis.get': () => ok({ job: null, artifact: null }),
    'panel.context': () => ok(context()),
    'analysis.estimate': (m) => ok(estimate({ mode: m.mode, partial: m.partial })),
    ...handlers,
  });
  const p = player(duration);
  render(<AnalysisView videoId={VIDEO} send={fake.send} player={p} refreshKey={0} title="A video" />);
  return { ...fake, player: p };
}

const analyze = () => screen.getByRole('button', { name: 'Analyze video' });

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

describe('AnalysisView: start form and cost', () => {
  it('shows the estimate’s cost next to the button, asked with the player’s duration', async () => {
    const { of } = setup({});
    expect(await screen.findByText('≈ 33 AI Units (10:24 at 3 per minute) · 3,000 left')).toBeTruthy();
    expect((analyze() as HTMLButtonElement).disabled).toBe(false);
    expect(of('analysis.estimate')[0]).toEqual({
      type: 'analysis.estimate',
      videoId: VIDEO,
      mode: 'smart',
      partial: false,
      durationSeconds: 624,
    });
    const mode = screen.getByRole('combobox', { name: 'Analysis mode' }) as HTMLSelectElement;
    expect(mode.value).toBe('smart');
    expect(Array.from(mode.options).map((o) => o.textContent)).toEqual(['Quick', 'Smart', 'Deep', 'Auto']);
    expect(screen.getByText(/Balanced default/)).toBeTruthy();
  });

  it('says when an earlier start may have got through, and that starting again then costs nothing', async () => {
    setup({ 'analysis.get': () => ok({ job: null, artifact: null, unsureStart: true }) });
    const note = await screen.findByRole('note');
    expect(note.textContent).toMatch(/^An earlier start of this analysis may have reached the service/);
    expect(note.textContent).toContain('starting it again costs nothing if it did');
    expect(await screen.findByText(/≈ 33 AI Units/)).toBeTruthy();
  });

  it('says nothing of an earlier start when none is in doubt', async () => {
    setup({});
    await screen.findByText(/≈ 33 AI Units/);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('leaves the duration to the background when the player does not know it', async () => {
    const { of } = setup({}, Number.NaN);
    await screen.findByText(/≈ 33 AI Units/);
    expect(of('analysis.estimate')[0]).not.toHaveProperty('durationSeconds');
  });

  it('starts in the default mode from the context and re-estimates when the mode changes', async () => {
    const { of } = setup({
      'panel.context': () => ok(context({ defaultMode: 'quick' })),
      'analysis.estimate': (m) =>
        ok(estimate({ mode: m.mode, perMinute: m.mode === 'deep' ? 30 : 3, aiUnits: m.mode === 'deep' ? 330 : 33 })),
    });
    const mode = (await screen.findByRole('combobox', { name: 'Analysis mode' })) as HTMLSelectElement;
    await waitFor(() => expect(mode.value).toBe('quick'));
    expect(screen.getByText(/Fastest/)).toBeTruthy();
    fireEvent.change(mode, { target: { value: 'deep' } });
    expect(await screen.findByText('≈ 330 AI Units (10:24 at 30 per minute) · 3,000 left')).toBeTruthy();
    expect(screen.getByText(/Frame by frame/)).toBeTruthy();
    expect(of('analysis.estimate').map((m) => m.mode)).toEqual(['quick', 'deep']);
  });

  it('disables the button and sends nothing when the cost exceeds the balance', async () => {
    const { of } = setup({ 'analysis.estimate': () => ok(estimate({ balance: 20, exceedsBalance: true })) });
    expect(await screen.findByText('That is more than your 20 AI Units left.')).toBeTruthy();
    expect((analyze() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(analyze());
    fireEvent.submit(analyze().closest('form') as HTMLFormElement);
    expect(of('analysis.start')).toHaveLength(0);
  });

  it('below the guard, the visible cost is the consent: starts at once with the quote it was shown', async () => {
    const { of } = setup({ 'analysis.start': () => ok(job()) });
    await screen.findByText(/≈ 33 AI Units/);
    fireEvent.click(analyze());
    expect((await screen.findByRole('status')).textContent).toContain('Queued');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(of('analysis.start')).toEqual([
      {
        type: 'analysis.start',
        videoId: VIDEO,
        mode: 'smart',
        partial: false,
        quoteId: 'quote-1',
        durationSeconds: 624,
        title: 'A video',
      },
    ]);
  });

  it('above the guard, the page only opens the extension’s window; the job it starts there is followed', async () => {
    let state: ConsentStatus = { state: 'waiting' };
    const { of } = setup({
      'analysis.estimate': () => ok(estimate({ aiUnits: 330, exceedsGuard: true, guard: 100 })),
      'consent.open': () => ok({ requestId: 'req-1', focused: false }),
      'consent.status': () => ok(state),
    });
    await screen.findByText(/≈ 330 AI Units/);
    fireEvent.click(analyze());
    expect(await screen.findByText('Confirm in the Transcript Lens window…')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(of('analysis.start')).toEqual([]);
    expect(of('consent.open')).toEqual([
      {
        type: 'consent.open',
        purchase: {
          kind: 'analysis',
          videoId: VIDEO,
          mode: 'smart',
          partial: false,
          quoteId: 'quote-1',
          durationSeconds: 624,
          title: 'A video',
        },
      },
    ]);
    // Pressed again while the window is open: it is brought to the front (the background decides), no start here.
    fireEvent.click(analyze());
    await waitFor(() => expect(of('consent.open')).toHaveLength(2));

    state = { state: 'done', result: { kind: 'analysis', job: job() } };
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Queued'), { timeout: 3000 });
    expect(of('analysis.start')).toEqual([]);
  });

  it('in Firefox, a click in the panel only opens the window, even within the guard; already paid starts at once', async () => {
    vi.stubEnv('BROWSER', 'firefox');
    const { of } = setup({
      'consent.open': () => ok({ requestId: 'req-1', focused: false }),
      'consent.status': () => ok({ state: 'waiting' }),
      'analysis.start': () => ok(job()),
    });
    await screen.findByText(/≈ 33 AI Units/);
    fireEvent.click(analyze());
    expect(await screen.findByText('Confirm in the Transcript Lens window…')).toBeTruthy();
    expect(of('consent.open')).toHaveLength(1);
    expect(of('analysis.start')).toEqual([]);
    cleanup();

    const paid = setup({
      'analysis.estimate': () => ok(estimate({ alreadyPaid: true })),
      'analysis.start': () => ok(job()),
    });
    await waitFor(() => expect((analyze() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(analyze());
    await waitFor(() => expect(paid.of('analysis.start')).toHaveLength(1));
    expect(paid.of('consent.open')).toEqual([]);
  });

  it('an unknown length always goes to the window, priced with the worst case for the plan', async () => {
    const { of } = setup({
      'analysis.estimate': () =>
        ok(estimate({ durationSeconds: null, minutes: null, aiUnits: null, worstCase: 720, exceedsGuard: true })),
      'consent.open': () => ok({ requestId: 'req-1', focused: false }),
      'consent.status': () => ok({ state: 'waiting' }),
    });
    expect(await screen.findByText(/length is not known yet, up to 720 AI Units/)).toBeTruthy();
    fireEvent.click(analyze());
    await waitFor(() => expect(of('consent.open')).toHaveLength(1));
    expect(of('analysis.start')).toHaveLength(0);
  });

  it('a page script cannot start nor open the window: untrusted submits and clicks send nothing', async () => {
    const { of } = setup({
      'analysis.estimate': () => ok(estimate({ aiUnits: 330, exceedsGuard: true })),
      'consent.open': () => ok({ requestId: 'req-1', focused: false }),
    });
    await screen.findByText(/≈ 330 AI Units/);
    const form = analyze().closest('form') as HTMLFormElement;
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })); // trusted in Chromium even from requestSubmit()
    analyze().dispatchEvent(untrusted(new MouseEvent('click', { bubbles: true })));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(of('consent.open')).toHaveLength(0);
    expect(of('analysis.start')).toHaveLength(0);
  });

  it('what went wrong in the window is said in the panel: too long offers the allowed minutes; Cancel says nothing', async () => {
    let state: ConsentStatus = { state: 'cancelled' };
    setup({
      'analysis.estimate': (m) => ok(estimate({ aiUnits: 330, exceedsGuard: true, partial: m.partial })),
      'consent.open': () => ok({ requestId: 'req-1', focused: false }),
      'consent.status': () => ok(state),
    });
    await screen.findByText(/≈ 330 AI Units/);
    fireEvent.click(analyze());
    await screen.findByText('Confirm in the Transcript Lens window…');
    await waitFor(() => expect(screen.queryByText('Confirm in the Transcript Lens window…')).toBeNull(), {
      timeout: 3000,
    });
    expect(screen.queryByRole('alert')).toBeNull();

    state = {
      state: 'failed',
      error: { code: 'video_too_long', message: 'This video is longer than your plan allows.' },
    };
    fireEvent.click(analyze());
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toBe(
      'This video is longer than your plan allows.',
    );
    const partial = screen.getByRole('checkbox', { name: 'Analyze only the allowed minutes' }) as HTMLInputElement;
    expect(partial.checked).toBe(true);
  });

  it('shows an imported analysis and offers the account’s own, priced in full', async () => {
    const imported = job({ status: 'ready', source: 'import', nextPollAt: null, endedAt: Date.now() });
    const { of } = setup({
      'analysis.get': () => ok({ job: imported, artifact: { summary: 'From the file.' } }),
      'analysis.start': () => ok(job({ jobId: 8, status: 'queued' })),
    });
    expect(await screen.findByRole('heading', { name: 'Summary' })).toBeTruthy();
    expect(screen.getByText('From the file.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('imported from a library file');
    expect(screen.getByText(importedNote())).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/≈ 33 AI Units \(10:24 at 3 per minute\)/)).toBeTruthy());
    fireEvent.click(analyze());
    await waitFor(() => expect(of('analysis.start')).toHaveLength(1));
    expect(of('analysis.start')[0]).toMatchObject({ quoteId: 'quote-1', mode: 'smart' });
  });

  it('shows an analysis the service sent without its job number, and offers starting again for free', async () => {
    const unnumbered = job({ jobId: 0, status: 'ready', source: 'unnumbered', nextPollAt: null, endedAt: Date.now() });
    setup({
      'analysis.get': () => ok({ job: unnumbered, artifact: { summary: 'Analysed before.' } }),
      'analysis.estimate': () => ok(estimate({ alreadyPaid: true, aiUnits: 0, exceedsGuard: false })),
    });
    expect(await screen.findByText('Analysed before.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('sent without a job number');
    expect(screen.getByText(unnumberedNote())).toBeTruthy();
    expect(await screen.findByText('Already analyzed — opening it costs nothing.')).toBeTruthy();
  });

  it('a refusal that is not about length does not offer the allowed minutes', async () => {
    setup({
      'analysis.start': () => ({
        ok: false,
        error: { code: 'age_restricted', message: 'The video is age-restricted and cannot be analyzed.' },
      }),
    });
    await screen.findByText(/≈ 33 AI Units/);
    fireEvent.click(analyze());
    expect((await screen.findByRole('alert')).textContent).toBe('The video is age-restricted and cannot be analyzed.');
    expect(screen.queryByRole('checkbox', { name: 'Analyze only the allowed minutes' })).toBeNull();
  });

  it('says opening an analysis already paid for costs nothing', async () => {
    const { of } = setup({
      'analysis.estimate': () => ok(estimate({ alreadyPaid: true, exceedsGuard: true })),
      'analysis.start': () => ok(job({ status: 'ready' })),
    });
    expect(await screen.findByText('Already analyzed — opening it costs nothing.')).toBeTruthy();
    fireEvent.click(analyze());
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(of('analysis.start')).toHaveLength(1));
  });

  it('disables Deep on the Starter plan', async () => {
    setup({ 'panel.context': () => ok(context({ plan: 'starter', defaultMode: 'deep' })) });
    const deep = (await screen.findByRole('option', { name: 'Deep (needs Pro or Team)' })) as HTMLOptionElement;
    expect(deep.disabled).toBe(true);
    // A deep default on a lower plan falls back to Smart.
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Analysis mode' }) as HTMLSelectElement).value).toBe('smart'),
    );
  });

  it('keeps Deep available on Pro, and disables it when the estimate says the plan cannot', async () => {
    setup({
      'panel.context': () => ok(context({ plan: null, defaultMode: 'deep' })),
      'analysis.estimate': (m) => ok(estimate({ mode: m.mode, modeAllowed: m.mode !== 'deep' })),
    });
    await screen.findByText(/Deep analysis needs the Pro or Team plan/);
    expect((screen.getByRole('option', { name: 'Deep (needs Pro or Team)' }) as HTMLOptionElement).disabled).toBe(true);
    expect((analyze() as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    setup({});
    const deep = (await screen.findByRole('option', { name: 'Deep' })) as HTMLOptionElement;
    expect(deep.disabled).toBe(false);
  });

  it('after a video_too_long refusal, pre-checks partial and shows the reduced cost', async () => {
    const { of } = setup({
      'analysis.estimate': (m) =>
        ok(m.partial ? estimate({ partial: true, minutes: 5, aiUnits: 15, maxMinutes: 5 }) : estimate()),
      'analysis.start': (m) =>
        m.partial ? ok(job({ partial: true })) : fail('video_too_long', 'This video is longer than your plan allows.'),
    });
    expect(screen.queryByRole('checkbox')).toBeNull();
    await screen.findByText(/≈ 33 AI Units/);
    fireEvent.click(analyze());
    expect((await screen.findByRole('alert')).textContent).toBe('This video is longer than your plan allows.');
    const partial = screen.getByRole('checkbox', { name: 'Analyze only the allowed minutes' }) as HTMLInputElement;
    expect(partial.checked).toBe(true);
    expect(await screen.findByText('≈ 15 AI Units (first 5 min at 3 per minute) · 3,000 left')).toBeTruthy();
    expect(of('analysis.estimate').at(-1)?.partial).toBe(true);
    fireEvent.click(analyze());
    await screen.findByRole('status');
    expect(of('analysis.start').map((m) => m.partial)).toEqual([false, true]);
  });

  it('offers partial up front when the estimate already knows the video is too long', async () => {
    const { of } = setup({
      'analysis.estimate': (m) =>
        ok(m.partial ? estimate({ partial: true, minutes: 5, aiUnits: 15 }) : estimate({ tooLong: true })),
    });
    const partial = (await screen.findByRole('checkbox', {
      name: 'Analyze only the allowed minutes',
    })) as HTMLInputElement;
    expect(partial.checked).toBe(false);
    expect((analyze() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(partial);
    expect(await screen.findByText(/≈ 15 AI Units/)).toBeTruthy();
    expect((analyze() as HTMLButtonElement).disabled).toBe(false);
    expect(of('analysis.estimate').map((m) => m.partial)).toEqual([false, true]);
  });

  it.each([
    ['insufficient_ai_units', 'You do not have enough AI Units for this. Nothing was charged.'],
    ['plan_required', 'This needs a higher plan.'],
    ['service_unavailable', 'The analysis service is unavailable right now.'],
    ['rate_limited', 'The service asked us to wait 12 seconds.'],
  ])('shows a %s refusal as an alert and stays on the form', async (code, message) => {
    setup({ 'analysis.start': () => fail(code, message) });
    await screen.findByText(/≈ 33 AI Units/);
    fireEvent.click(analyze());
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('status')).toBeNull();
    expect(analyze()).toBeTruthy();
  });

  it('shows an estimate failure as an alert and can ask again', async () => {
    let calls = 0;
    setup({
      'analysis.estimate': () => (++calls === 1 ? fail('network', 'Could not reach the service.') : ok(estimate())),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Could not reach the service.');
    expect((analyze() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Check the cost again' }));
    expect(await screen.findByText(/≈ 33 AI Units/)).toBeTruthy();
  });
});
