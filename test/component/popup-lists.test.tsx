// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { errorSentence } from '../../utils/api/error-text';
import type { JobReply } from '../../utils/panel/replies';
import { listenBroadcasts } from '../../utils/protocol/broadcasts';
import { errReply, okReply } from './kit';
import { job, setup } from './popup.setup';

afterEach(cleanup);

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
    expect(screen.getByRole('link', { name: /ZZZZZZZZZZZ/ }).textContent).toMatch(
      /Failed · Smart · after 1:0\d.*It broke\./,
    );
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
    let status: JobReply['status'] = 'processing';
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

  it('shows a watchlist with a null name by its id and a count sent as text; an entry it cannot read, as text', async () => {
    setup({
      'watchlists.list': () =>
        okReply({
          watchlists: [
            { watchlistId: 'wl-1', name: null, recordedUploads: '12' },
            { name: 'No id at all', recordedUploads: 2 },
          ],
        }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Show watchlists' }));
    expect(await screen.findByRole('button', { name: /^wl-1 · 12 uploads recorded/ })).toBeTruthy();
    expect(screen.getByText('Also in the service’s answer, not read as watchlists:')).toBeTruthy();
    expect(screen.getByText('name: No id at all; recordedUploads: 2')).toBeTruthy();
  });

  it('shows an answer of an unknown shape as text instead of dropping it', async () => {
    setup({ 'watchlists.list': () => okReply({ surprise: { nested: true } }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Show watchlists' }));
    // Read as text the way every lenient reader shows what it cannot classify (utils/api/read/lenient.ts flatten).
    expect((await screen.findByText(/surprise: \{nested: true\}/)).textContent).not.toMatch(/\[object Object\]/);
  });
});

describe('popup broadcasts', () => {
  it('take only parsed messages from this extension', async () => {
    const seen: string[] = [];
    const stop = listenBroadcasts((m) => seen.push(m.type));
    const self = { id: fakeBrowser.runtime.id };
    const noReply = () => {};
    await fakeBrowser.runtime.onMessage.trigger(
      { type: 'analysis.updated', videoId: 'dQw4w9WgXcQ' },
      { id: 'other-extension' },
      noReply,
    );
    await fakeBrowser.runtime.onMessage.trigger({ type: 'analysis.updated', videoId: 'not an id' }, self, noReply);
    await fakeBrowser.runtime.onMessage.trigger({ type: 'analysis.updated', videoId: 'dQw4w9WgXcQ' }, self, noReply);
    stop();
    await fakeBrowser.runtime.onMessage.trigger({ type: 'analysis.updated', videoId: 'dQw4w9WgXcQ' }, self, noReply);
    expect(seen).toEqual(['analysis.updated']);
  });
});
