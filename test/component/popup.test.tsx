// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Listen } from '../../components/page/broadcasts';
import { App } from '../../entrypoints/popup/App';
import { errorSentence } from '../../utils/api/error-text';
import type { BroadcastMessage } from '../../utils/messages';
import { DEFAULT_SETTINGS } from '../../utils/settings';
import type { AccountView, JobView } from '../../utils/views';
import { errReply, fakePageSend, okReply, type PageHandlers } from './popup-options.fakes';

afterEach(cleanup);

const account = (over: Partial<AccountView> = {}): AccountView => ({
  plan: 'pro',
  balances: { cloudRequests: 3210, aiUnits: 9876, at: Date.now() },
  monthlyCloudRequests: 3500,
  monthlyAiUnits: 10000,
  planNote: null,
  ...over,
});

const job = (over: Partial<JobView> = {}): JobView => ({
  videoId: 'dQw4w9WgXcQ',
  jobId: 1,
  mode: 'smart',
  partial: false,
  status: 'processing',
  startedAt: Date.now() - 65_000,
  lastPolledAt: null,
  nextPollAt: null,
  endedAt: null,
  title: 'Never gonna give you up',
  error: null,
  ...over,
});

function setup(handlers: PageHandlers = {}, hasToken = true) {
  const fake = fakePageSend({
    'settings.get': () => okReply({ settings: DEFAULT_SETTINGS, hasToken }),
    'account.get': () => okReply(account()),
    'jobs.list': () => okReply([]),
    ...handlers,
  });
  const openOptions = vi.fn();
  const openTab = vi.fn();
  let pushed: ((m: BroadcastMessage) => void) | null = null;
  const listen: Listen = (listener) => {
    pushed = listener;
    return () => {
      pushed = null;
    };
  };
  render(<App send={fake.send} openOptions={openOptions} openTab={openTab} listen={listen} />);
  const push = (m: BroadcastMessage) => pushed?.(m);
  return { ...fake, openOptions, openTab, push };
}

describe('popup without a token', () => {
  it('offers one call to action that opens the options page', async () => {
    const { openOptions, of } = setup({}, false);
    const button = await screen.findByRole('button', { name: 'Add your API token' });
    expect(screen.getByText(/uses your API token/)).toBeTruthy();
    expect(screen.queryByText('Cloud Requests')).toBeNull();
    fireEvent.click(button);
    expect(openOptions).toHaveBeenCalledTimes(1);
    expect(of('account.get')).toHaveLength(0);
  });
});

describe('popup plan and balances', () => {
  it('shows the plan, both balances with their numbers and meters against the monthly allowance', async () => {
    const { of } = setup();
    expect(await screen.findByRole('heading', { name: 'Pro plan' })).toBeTruthy();
    expect(screen.getByText('Cloud Requests')).toBeTruthy();
    expect(screen.getByText('3,210')).toBeTruthy();
    expect(screen.getByText('AI Units')).toBeTruthy();
    expect(screen.getByText('9,876')).toBeTruthy();
    // A native <meter>: role "meter" in browsers (aria-query here does not map it, so find it by its label).
    const cloud = screen.getByLabelText('Cloud Requests left');
    expect(cloud.tagName).toBe('METER');
    expect(cloud.getAttribute('max')).toBe('3500');
    expect(cloud.getAttribute('value')).toBe('3210');
    const ai = screen.getByLabelText('AI Units left');
    expect(ai.getAttribute('max')).toBe('10000');
    // Stored first (instant), then the free MCP refresh.
    await waitFor(() => expect(of('account.get').map((m) => m.refresh)).toEqual([false, true]));
  });

  it('falls back to the plan table for the allowance', async () => {
    setup({
      'account.get': () => okReply(account({ plan: 'starter', monthlyAiUnits: null, monthlyCloudRequests: null })),
    });
    expect(await screen.findByRole('heading', { name: 'Starter plan' })).toBeTruthy();
    expect(screen.getByLabelText('AI Units left').getAttribute('max')).toBe('3000');
    expect(screen.getByLabelText('Cloud Requests left').getAttribute('max')).toBe('1000');
  });

  it('shows the stored balances at once, then the refreshed ones', async () => {
    let release: () => void = () => {};
    const fresh = new Promise<void>((resolve) => {
      release = resolve;
    });
    setup({
      'account.get': async (m) => {
        if (!m.refresh) return okReply(account({ balances: { cloudRequests: 100, aiUnits: 200, at: Date.now() } }));
        await fresh;
        return okReply(account());
      },
    });
    expect(await screen.findByText('100')).toBeTruthy();
    release();
    expect(await screen.findByText('3,210')).toBeTruthy();
    expect(screen.queryByText('100')).toBeNull();
  });

  it('with a marketplace key shows the last balances seen, their age and the plan note', async () => {
    const note = 'This key comes from an API marketplace. The plan is unknown.';
    setup({
      'account.get': () =>
        okReply(
          account({
            plan: null,
            planNote: note,
            monthlyAiUnits: null,
            monthlyCloudRequests: null,
            balances: { cloudRequests: 42, aiUnits: 1500, at: Date.now() - 5 * 60 * 1000 },
          }),
        ),
    });
    expect(await screen.findByText(note)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Plan unknown' })).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
    expect(screen.getByText('1,500')).toBeTruthy();
    expect(screen.getByText(/seen 5 minutes ago/)).toBeTruthy();
  });

  const cases: [string, RegExp][] = [
    ['unauthorized', /API token is missing or not valid/],
    ['email_unverified', /not verified yet/],
    ['unsupported_transport', /API marketplace/],
    ['network', /Check your connection or the service address/],
  ];
  for (const [code, sentence] of cases) {
    it(`shows the ${code} sentence in an alert`, async () => {
      setup({
        'account.get': (m) => (m.refresh ? errReply(code, errorSentence(code)) : okReply(account({ plan: null }))),
      });
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toMatch(sentence);
      expect(alert.getAttribute('data-code')).toBe(code);
    });
  }

  it('on unauthorized offers "Open options"; on network also a retry that asks again', async () => {
    const first = setup({
      'account.get': (m) => (m.refresh ? errReply('unauthorized', 'Bad token.') : okReply(account())),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Open options' }));
    expect(first.openOptions).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    cleanup();

    let offline = true;
    const second = setup({
      'account.get': (m) => (m.refresh && offline ? errReply('network', errorSentence('network')) : okReply(account())),
    });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    offline = false;
    fireEvent.click(retry);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(second.of('account.get').filter((m) => m.refresh)).toHaveLength(2);
  });
});

describe('popup analyses', () => {
  it('lists running and finished analyses with status, mode and time; each opens its video', async () => {
    const now = Date.now();
    const { openTab } = setup({
      'jobs.list': () =>
        okReply([
          job(),
          job({
            videoId: 'abcdefghijk',
            title: null,
            mode: 'deep',
            status: 'ready',
            startedAt: now - 600_000,
            endedAt: now - 600_000 + 125_000,
          }),
          job({
            videoId: 'ZZZZZZZZZZZ',
            title: null,
            status: 'failed',
            endedAt: now,
            error: { code: 'x', message: 'It broke.', retryable: false },
          }),
        ]),
    });
    const running = await screen.findByRole('link', { name: /Never gonna give you up/ });
    expect(running.textContent).toMatch(/Processing · Smart · 1:0\d elapsed/);
    const ready = screen.getByRole('link', { name: /abcdefghijk/ });
    expect(ready.textContent).toMatch(/Ready · Deep · took 2:05/);
    expect(screen.getByRole('link', { name: /ZZZZZZZZZZZ/ }).textContent).toMatch(/Failed.*It broke\./);
    fireEvent.click(ready);
    expect(openTab).toHaveBeenCalledWith('https://www.youtube.com/watch?v=abcdefghijk#transcript-lens=analysis');
    expect(ready.getAttribute('href')).toBe('https://www.youtube.com/watch?v=abcdefghijk#transcript-lens=analysis');
  });

  it('says how to start one when there are none', async () => {
    setup();
    expect(
      await screen.findByText(
        'No analyses yet. Open a video and use the Analysis tab, or right-click a video link → Analyze this video.',
      ),
    ).toBeTruthy();
  });

  it('reloads the list when the background says an analysis changed', async () => {
    let status: JobView['status'] = 'processing';
    const { push, of } = setup({ 'jobs.list': () => okReply([job({ status })]) });
    await screen.findByText('Processing');
    status = 'ready';
    push({ type: 'analysis.updated', videoId: 'dQw4w9WgXcQ' });
    expect(await screen.findByText('Ready')).toBeTruthy();
    expect(of('jobs.list')).toHaveLength(2);
  });
});

describe('popup watchlists', () => {
  const lists = {
    watchlists: [
      {
        watchlistId: 'wl-demo',
        name: 'TVA Demo uploads',
        channels: ['@tvademo'],
        recordedUploads: 23,
        lastRecordedAt: null,
      },
      { watchlistId: 'wl-archive', name: 'Big archive', channels: ['@tvabig'], recordedUploads: 1 },
    ],
  };
  const activity = {
    watchlistId: 'wl-demo',
    name: 'TVA Demo uploads',
    uploads: [
      {
        videoId: 'tvaDemo0001',
        title: 'Newest upload',
        author: 'TVA',
        publishedAt: '2025-03-05T10:00:00Z',
        channel: '@tvademo',
        url: 'https://www.youtube.com/watch?v=tvaDemo0001',
      },
      { videoId: 'tvaDemo0002', title: 'Older upload', author: 'TVA', publishedAt: '2025-03-01T10:00:00Z' },
    ],
  };

  it('stays collapsed (and costs no call) until asked, then expands a watchlist to its uploads', async () => {
    const { of, openTab } = setup({
      'watchlists.list': () => okReply(lists),
      'watchlists.activity': () => okReply(activity),
    });
    const show = await screen.findByRole('button', { name: 'Show watchlists' });
    expect(screen.getByText('Free: loading watchlists costs nothing.')).toBeTruthy();
    expect(of('watchlists.list')).toHaveLength(0);
    expect(show.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(show);
    const demo = await screen.findByRole('button', { name: /TVA Demo uploads · 23 uploads recorded/ });
    expect(screen.getByRole('button', { name: /Big archive · 1 upload recorded/ })).toBeTruthy();
    fireEvent.click(demo);
    expect(demo.getAttribute('aria-expanded')).toBe('true');
    const newest = await screen.findByRole('link', { name: 'Newest upload' });
    expect(of('watchlists.activity')).toEqual([{ type: 'watchlists.activity', watchlistId: 'wl-demo' }]);
    const region = document.getElementById(demo.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(
      within(region)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Newest upload', 'Older upload']);
    fireEvent.click(newest);
    expect(openTab).toHaveBeenCalledWith('https://www.youtube.com/watch?v=tvaDemo0001');
  });

  it('says so when the plan has no watchlists, and shows tool errors as sentences', async () => {
    setup({
      'watchlists.list': () => okReply({ watchlists: [{ watchlistId: 'wl-x', name: 'X' }] }),
      'watchlists.activity': () =>
        errReply('tool_error', 'No watchlist with this id. Call list_watchlists for the ids. (not_found)'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Show watchlists' }));
    fireEvent.click(await screen.findByRole('button', { name: /^X/ }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/No watchlist with this id/);
    cleanup();

    setup({ 'watchlists.list': () => errReply('plan_required', errorSentence('plan_required')) });
    fireEvent.click(await screen.findByRole('button', { name: 'Show watchlists' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/needs a higher plan/);
  });

  it('shows an answer of an unknown shape as text instead of dropping it', async () => {
    setup({ 'watchlists.list': () => okReply({ surprise: { nested: true } }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Show watchlists' }));
    expect((await screen.findByText(/"surprise"/)).textContent).not.toMatch(/\[object Object\]/);
  });
});
