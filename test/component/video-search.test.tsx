// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VideoSearch } from '../../components/channel/VideoSearch';
import type { UploadRow } from '../../utils/channel/replies';
import type { ConsentStatus } from '../../utils/consent/replies';
import type { LocalSearch, SearchQuote, ServiceSearch, VideoFindings } from '../../utils/video-search/replies';
import { untrusted } from '../setup/trusted-events';
import { fakeSend, okReply, wholeText } from './kit';

const SAVED = 'savedVideo1';
const UNSAVED = ['unsavedVid1', 'unsavedVid2'];
const uploads: UploadRow[] = [SAVED, ...UNSAVED].map((id, i) => ({
  id,
  title: `Upload ${i}`,
  published: null,
  saved: id === SAVED,
  analyzed: false,
}));

const findings = (over: Partial<VideoFindings> & Pick<VideoFindings, 'videoId'>): VideoFindings => ({
  title: null,
  source: 'saved',
  moments: [],
  more: 0,
  terms: ['budget'],
  error: null,
  other: [],
  ...over,
});

const local = (over: Partial<LocalSearch> = {}): LocalSearch => ({
  query: 'budget',
  searched: 1,
  unsaved: UNSAVED,
  videos: [
    findings({
      videoId: SAVED,
      moments: [
        { at: 64.6, before: 'First we plan.', quote: 'The budget is <b>tight</b>.', after: 'Then we spend.' },
        { at: 3725, before: '', quote: 'Budget review.', after: '' },
      ],
      more: 3,
    }),
  ],
  ...over,
});

const quote = (over: Partial<SearchQuote> = {}): SearchQuote => ({
  quoteId: 'q1',
  ids: UNSAVED,
  held: 0,
  cloudRequests: 2,
  calls: 1,
  perCall: 25,
  refusal: null,
  balance: 24,
  mayHaveBeenCharged: 0,
  ...over,
});

const found: ServiceSearch = {
  query: 'budget',
  range: { from: 60, to: 300 },
  searched: 2,
  held: 0,
  notSearched: null,
  other: ['Notice: searched in English'],
  videos: [
    findings({
      videoId: UNSAVED[0] ?? '',
      source: 'service',
      moments: [{ at: 90, before: '', quote: '<img src=x onerror=alert(1)> budget talk', after: 'more words' }],
    }),
    findings({
      videoId: UNSAVED[1] ?? '',
      source: 'service',
      error: { code: 'no_transcript', message: 'This video has no captions.' },
    }),
  ],
};

const box = () => screen.getByRole('searchbox', { name: 'Search these videos' });
const type = (el: HTMLElement, value: string) => fireEvent.input(el, { target: { value } });

afterEach(cleanup);

describe('Search these videos', () => {
  it('searches every listed video’s saved transcripts as the person types, free, grouped with marked quotes', async () => {
    const bg = fakeSend({ 'search.local': () => okReply(local()) });
    render(<VideoSearch channel="@tvademo" send={bg.send} uploads={uploads} selected={new Set()} />);
    expect(screen.getByText(/^In all 3 listed videos/)).toBeTruthy();
    type(box(), 'budget');
    const results = await screen.findByRole('region', { name: 'Found in saved transcripts' });
    expect(bg.of('search.local')).toEqual([
      { type: 'search.local', channel: '@tvademo', query: 'budget', ids: [SAVED, ...UNSAVED], from: null, to: null },
    ]);
    expect(within(results).getByText('5 matches in 1 video, searched in 1 saved transcript (free).')).toBeTruthy();
    expect(within(results).getByRole('heading', { name: 'Upload 0' })).toBeTruthy();
    // A cue at 1:04.6 links to t=65s: whole seconds, rounded up so the video opens inside that cue.
    const links = within(results).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      `https://www.youtube.com/watch?v=${SAVED}&t=65s`,
      `https://www.youtube.com/watch?v=${SAVED}&t=3725s`,
    ]);
    expect(links[0]?.textContent).toMatch(/^1:04 First we plan\. The budget is <b>tight<\/b>\. Then we spend\.$/);
    expect(links[1]?.textContent).toMatch(/^1:02:05 /);
    // Page text is text: the <b> is shown, not made bold; matched words are <mark>.
    expect(results.querySelector('b')).toBeNull();
    expect([...results.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['budget', 'Budget']);
    expect(within(results).getByText('… and 3 more matches.')).toBeTruthy();
    // With nothing selected the service is not offered, only how to get there.
    expect(screen.getByText(/2 listed videos have no saved transcript: select the ones to search/)).toBeTruthy();
    expect(bg.of('search.quote')).toEqual([]);
  });

  it('From/To: each problem is a sentence once the field is left, and nothing is searched with it', async () => {
    const bg = fakeSend({ 'search.local': () => okReply(local()), 'search.quote': () => okReply(quote()) });
    render(<VideoSearch channel="@tvademo" send={bg.send} uploads={uploads} selected={new Set(UNSAVED)} />);
    type(box(), 'budget');
    await screen.findByRole('button', { name: 'Search 2 videos on the service' });
    const from = screen.getByRole('textbox', { name: 'From' });
    const to = screen.getByRole('textbox', { name: 'To' });
    const sent = bg.calls().length;

    type(from, '1:75');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(from);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'From “1:75” is not a time: use seconds (90), m:ss (1:30) or h:mm:ss (1:01:30).',
    );
    expect(from.getAttribute('aria-invalid')).toBe('true');
    type(from, '-10');
    expect(screen.getByRole('alert').textContent).toMatch(/^From cannot be negative/);
    type(from, '5:00');
    type(to, '1:00');
    fireEvent.blur(to);
    expect(screen.getByRole('alert').textContent).toBe('To must be later than From: nothing lies between them.');
    // The price waits for a range that reads: its button cannot be used meanwhile.
    expect(screen.getByRole('button', { name: 'Search 2 videos on the service' }).hasAttribute('disabled')).toBe(true);
    await new Promise((r) => setTimeout(r, 400));
    expect(bg.calls().slice(sent)).toEqual([]);

    type(to, '0:10:00');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await waitFor(() =>
      expect(bg.of('search.local').at(-1)).toMatchObject({ from: 300, to: 600, ids: UNSAVED, query: 'budget' }),
    );
  });

  it('shows the cost against the balance first; only a person’s click opens the window, with the quote, ids and range', async () => {
    let state: ConsentStatus = { state: 'waiting' };
    const bg = fakeSend({
      'search.local': () => okReply(local({ searched: 0, videos: [] })),
      'search.quote': () => okReply(quote()),
      'consent.open': () => okReply({ requestId: 'req-1', focused: false }),
      'consent.status': () => okReply(state),
    });
    render(<VideoSearch channel="@tvademo" send={bg.send} uploads={uploads} selected={new Set(UNSAVED)} />);
    type(screen.getByRole('textbox', { name: 'From' }), '1:00');
    type(screen.getByRole('textbox', { name: 'To' }), '300');
    type(box(), 'budget');
    const buy = await screen.findByRole('button', { name: 'Search 2 videos on the service' });
    await waitFor(() => expect(buy.hasAttribute('disabled')).toBe(false));
    expect(
      screen.getByText(
        '2 selected videos have no saved transcript. Searching them on the service costs 2 Cloud Requests (1 per video) · 24 left.',
      ),
    ).toBeTruthy();
    expect(buy.getAttribute('type')).toBe('button');
    expect(bg.of('search.quote').at(-1)).toEqual({
      type: 'search.quote',
      channel: '@tvademo',
      ids: UNSAVED,
      query: 'budget',
      from: 60,
      to: 300,
    });
    expect(screen.getByText('None of these videos has a saved transcript yet.')).toBeTruthy();

    buy.dispatchEvent(untrusted(new MouseEvent('click', { bubbles: true })));
    await new Promise((r) => setTimeout(r, 50));
    expect(bg.of('consent.open')).toEqual([]);

    fireEvent.click(buy);
    await screen.findByText('Confirm in the Transcript Lens window…');
    expect(bg.of('consent.open')).toEqual([
      {
        type: 'consent.open',
        purchase: {
          kind: 'search',
          channel: '@tvademo',
          ids: UNSAVED,
          quoteId: 'q1',
          query: 'budget',
          from: 60,
          to: 300,
        },
      },
    ]);
    state = { state: 'done', result: { kind: 'search', found } };
    const results = await screen.findByRole('region', { name: 'Found on the service' }, { timeout: 3_000 });
    expect(
      within(results).getByText(
        wholeText('Searched 2 videos on the service for “budget” between 1:00 and 5:00: 1 match.'),
      ),
    ).toBeTruthy();
    const [first, second] = within(results)
      .getAllByRole('listitem')
      .filter((li) => li.dataset.videoId);
    expect(within(first as HTMLElement).getByRole('heading', { name: 'Upload 1' })).toBeTruthy();
    const link = within(first as HTMLElement).getByRole('link');
    expect(link.getAttribute('href')).toBe(`https://www.youtube.com/watch?v=${UNSAVED[0]}&t=90s`);
    expect(link.textContent).toMatch(/^1:30 <img src=x onerror=alert\(1\)> budget talk more words$/);
    expect(results.querySelector('img')).toBeNull();
    expect(
      within(second as HTMLElement).getByText(wholeText('This video has no captions. Nothing was charged for it.')),
    ).toBeTruthy();
    expect(within(results).getByText('Notice: searched in English')).toBeTruthy();
    // The quote was used: a fresh price is asked for.
    await waitFor(() => expect(bg.of('search.quote').length).toBeGreaterThan(1));
  });

  it('a press made while the price of new words is asked is kept: the window opens with that price’s quote', async () => {
    const bg = fakeSend({
      'search.local': () => okReply(local({ searched: 0, videos: [] })),
      'search.quote': (m) => okReply(quote({ quoteId: `q-${m.query}` })),
      'consent.open': () => okReply({ requestId: 'req-1', focused: false }),
      'consent.status': () => okReply({ state: 'waiting' }),
    });
    render(<VideoSearch channel="@tvademo" send={bg.send} uploads={uploads} selected={new Set(UNSAVED)} />);
    type(box(), 'budget');
    const buy = await screen.findByRole('button', { name: 'Search 2 videos on the service' });
    await waitFor(() => expect(bg.of('search.quote')).toHaveLength(1));
    // The person changes the words and presses before the new price is in.
    type(box(), 'budget plan');
    fireEvent.click(buy);
    expect(bg.of('consent.open')).toEqual([]);
    await screen.findByText('Confirm in the Transcript Lens window…');
    expect(bg.of('search.quote').map((m) => m.query)).toEqual(['budget', 'budget plan']);
    expect(bg.of('consent.open')).toEqual([
      {
        type: 'consent.open',
        purchase: expect.objectContaining({ kind: 'search', quoteId: 'q-budget plan', query: 'budget plan' }),
      },
    ]);
  });

  it('warns when the balance cannot cover it, and sends nothing at 0', async () => {
    const bg = fakeSend({
      'search.local': () => okReply(local()),
      'search.quote': () => okReply(quote({ balance: 0 })),
    });
    render(<VideoSearch channel="@tvademo" send={bg.send} uploads={uploads} selected={new Set(UNSAVED)} />);
    type(box(), 'budget');
    await screen.findByText('You have no Cloud Requests left. Nothing will be sent.');
    expect(screen.getByRole('button', { name: 'Search 2 videos on the service' }).hasAttribute('disabled')).toBe(true);
  });

  it('says which videos an earlier identical search may have charged without its answer arriving', async () => {
    const bg = fakeSend({
      'search.local': () => okReply(local()),
      'search.quote': () => okReply(quote({ mayHaveBeenCharged: 2 })),
    });
    render(<VideoSearch channel="@tvademo" send={bg.send} uploads={uploads} selected={new Set(UNSAVED)} />);
    type(box(), 'budget');
    await screen.findByText(
      '2 of these videos may already have been charged for this search by an earlier request whose answer never arrived; searching again may charge them again.',
    );
  });

  it('says when the run stopped, and what an identical earlier search gives for free', async () => {
    const stopped: ServiceSearch = {
      ...found,
      range: { from: null, to: null },
      searched: 25,
      held: 2,
      other: [],
      notSearched: { ids: ['x'], message: 'You are out of Cloud Requests: 15 videos were not searched.' },
    };
    const bg = fakeSend({
      'search.local': () => okReply(local()),
      'search.quote': () => okReply(quote({ held: 1, cloudRequests: 1, calls: 1 })),
      'consent.open': () => okReply({ requestId: 'req-1', focused: false }),
      'consent.status': () => okReply({ state: 'done', result: { kind: 'search', found: stopped } }),
    });
    render(<VideoSearch channel="@tvademo" send={bg.send} uploads={uploads} selected={new Set(UNSAVED)} />);
    type(box(), 'budget');
    await screen.findByText(/costs 1 Cloud Request \(1 per video\) · 24 left\. 1 video was searched for this before/);
    const buy = screen.getByRole('button', { name: 'Search 2 videos on the service' });
    await waitFor(() => expect(buy.hasAttribute('disabled')).toBe(false));
    fireEvent.click(buy);
    expect((await screen.findByRole('alert', {}, { timeout: 3_000 })).textContent).toBe(
      'You are out of Cloud Requests: 15 videos were not searched.',
    );
    expect(screen.getByText(/2 videos shown again from an earlier identical search \(free\)\./)).toBeTruthy();
  });

  it('a service whose schema cannot say this search: its sentence instead of a price, and nothing to press', async () => {
    const refusal =
      'The service’s search_transcript tool has no way to say the words to search for, so Transcript Lens cannot search these videos on the service. Nothing was sent and nothing was charged.';
    const bg = fakeSend({
      'search.local': () => okReply(local()),
      'search.quote': () => okReply(quote({ quoteId: null, refusal })),
    });
    render(<VideoSearch channel="@tvademo" send={bg.send} uploads={uploads} selected={new Set(UNSAVED)} />);
    type(box(), 'budget');
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(screen.getByText('2 selected videos have no saved transcript.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /on the service/ })).toBeNull();
    expect(bg.of('consent.open')).toEqual([]);
  });

  it('a plain click on a moment opens the video there with the panel on its Transcript tab', async () => {
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    const bg = fakeSend({ 'search.local': () => okReply(local()) });
    render(<VideoSearch channel="@tvademo" send={bg.send} uploads={uploads} selected={new Set()} />);
    type(box(), 'budget');
    const [link] = await screen.findAllByRole('link');
    fireEvent.click(link as HTMLElement);
    expect(opened).toHaveBeenCalledWith(
      `https://www.youtube.com/watch?v=${SAVED}&t=65s#transcript-lens=transcript`,
      '_blank',
      'noopener',
    );
  });
});
