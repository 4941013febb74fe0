import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TranscriptLookup } from '../../../utils/panel/replies';
import type { Reply } from '../../../utils/protocol/envelope';
import { ContentMessage } from '../../../utils/protocol/requests';
import type { LocalSearch, SearchQuote, ServiceSearch } from '../../../utils/video-search/replies';
import type { TimeRange } from '../../../utils/video-search/time-range';
import { upsertAccount } from '../../service/accounts';
import { type RunningService, startService } from '../../service/index';
import { resetState } from '../../service/state';
import { foundOf, spendInWindow, startBackground } from './harness';

/** "Search these videos" in the background, with WXT's fake browser, against the local service and its ledger. */
let service: RunningService;
const tab = (id: number) => ({ id: 'ext', tab: { id, active: true, url: 'https://www.youtube.com/@tvademo' } });
const CHANNEL = '@tvademo';
const SAVED = 'tvaHuman001';
const open: TimeRange = { from: null, to: null };
const generated = (n: number, prefix = 'srch') =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(11 - prefix.length, '0')}`);

beforeAll(async () => {
  service = await startService({ port: 0, control: true, jobMs: 60_000 });
});
afterAll(() => service.close());
beforeEach(() => resetState(service.state));

let handlers: Awaited<ReturnType<typeof startBackground>>['handlers'];

async function background(token: string) {
  const started = await startBackground({ serviceUrl: service.url, token, sender: tab(4) });
  handlers = started.handlers;
  return started.content;
}
type Content = Awaited<ReturnType<typeof background>>;

/** A search on the service as a person makes it: confirmed in the extension's window. */
type Paid = { ids: string[]; quoteId: string; query: string } & TimeRange;
async function searchInWindow(m: Paid, sender = tab(4)): Promise<Reply<ServiceSearch>> {
  const reply = await spendInWindow(handlers, { kind: 'search', channel: CHANNEL, ...m }, sender);
  return reply.ok ? { ok: true, data: foundOf(reply.data) } : reply;
}

async function save(content: Content, videoId: string): Promise<void> {
  const lookup = await content<TranscriptLookup>({ type: 'transcript.get', videoId });
  const quoteId = lookup.ok && lookup.data.status === 'not_loaded' ? lookup.data.quote.quoteId : '';
  const loaded = await content<TranscriptLookup>({ type: 'transcript.load', videoId, consent: { quoteId } });
  expect(loaded.ok && loaded.data.status).toBe('ok');
}

async function quote(content: Content, ids: string[], query: string, range = open, sender = tab(4)) {
  const reply = await content<SearchQuote>({ type: 'search.quote', channel: CHANNEL, ids, query, ...range }, sender);
  if (!reply.ok) throw new Error(reply.error.message);
  return reply.data;
}

const searchCharges = () => service.state.charges.filter((c) => c.reason === 'mcp:search_transcript');

describe('background: saved transcripts are searched here, free', () => {
  it('finds moments in the saved transcript with no request at all; the unsaved videos are named', async () => {
    const content = await background('demo-starter');
    await save(content, SAVED);
    service.state.requests.length = 0;
    const ids = [SAVED, 'tvaAutoGen1', 'srch0000001'];
    const reply = await content<LocalSearch>({
      type: 'search.local',
      channel: CHANNEL,
      query: 'latency',
      ids,
      ...open,
    });
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    expect(reply.data.searched).toBe(1);
    expect(reply.data.unsaved).toEqual(['tvaAutoGen1', 'srch0000001']);
    const [video] = reply.data.videos;
    expect(video?.videoId).toBe(SAVED);
    expect(video?.source).toBe('saved');
    expect(video?.moments.length).toBeGreaterThan(0);
    for (const m of video?.moments ?? []) expect(m.quote.toLowerCase()).toContain('latency');

    const late = await content<LocalSearch>({
      type: 'search.local',
      channel: CHANNEL,
      query: 'latency',
      ids,
      from: 300,
      to: 600,
    });
    const times = late.ok ? late.data.videos.flatMap((v) => v.moments.map((m) => m.at ?? -1)) : [];
    expect(times.length).toBeGreaterThan(0);
    for (const t of times) expect(t >= 300 && t <= 600).toBe(true);
    expect(service.state.requests).toEqual([]);
  });

  it('the message boundary refuses a range with From at or after To, negative or fractional seconds', () => {
    const local = { type: 'search.local', channel: CHANNEL, query: 'x', ids: [SAVED] };
    expect(ContentMessage.safeParse({ ...local, from: 30, to: 60 }).success).toBe(true);
    expect(ContentMessage.safeParse({ ...local, from: 60, to: 30 }).success).toBe(false);
    expect(ContentMessage.safeParse({ ...local, from: 60, to: 60 }).success).toBe(false);
    expect(ContentMessage.safeParse({ ...local, from: -1, to: null }).success).toBe(false);
    expect(ContentMessage.safeParse({ ...local, from: 1.5, to: null }).success).toBe(false);
    const purchase = { kind: 'search', channel: CHANNEL, ids: [SAVED], quoteId: 'q', query: 'x', from: 3, to: 9 };
    const paid = (p: object) => ContentMessage.safeParse({ type: 'consent.open', purchase: { ...purchase, ...p } });
    expect(paid({}).success).toBe(true);
    expect(paid({ from: 9, to: 3 }).success).toBe(false);
    expect(paid({ to: null, query: '   ' }).success).toBe(false);
    // The page cannot buy a search itself: only the extension's window can.
    expect(ContentMessage.safeParse({ ...purchase, type: 'search.service' }).success).toBe(false);
  });
});

describe('background: the service searches only on the quote of exactly those videos', () => {
  it('prices unsaved videos only; another tab, another selection or a used quote is refused and costs nothing', async () => {
    const content = await background('demo-starter');
    await save(content, SAVED);
    service.state.charges.length = 0;
    const ids = [SAVED, 'tvaAutoGen1', 'srch0000001'];
    const priced = await quote(content, ids, 'latency');
    expect(priced).toMatchObject({ ids: ['tvaAutoGen1', 'srch0000001'], held: 0, cloudRequests: 2, calls: 1 });
    const quoteId = priced.quoteId ?? '';
    const message = { quoteId, query: 'latency', ...open };
    const refused = { ok: false, error: { code: 'consent_required' } };

    expect(await searchInWindow({ ...message, ids: priced.ids }, tab(5))).toMatchObject(refused);
    const fresh = (await quote(content, ids, 'latency')).quoteId ?? '';
    expect(await searchInWindow({ ...message, quoteId: fresh, ids: ['tvaAutoGen1'] })).toMatchObject(refused);
    expect(await searchInWindow({ ...message, quoteId: fresh, ids: priced.ids })).toMatchObject(refused);
    // The quote is bound to the words and the range it priced.
    const words = (await quote(content, ids, 'latency')).quoteId ?? '';
    expect(await searchInWindow({ ...message, quoteId: words, query: 'budget', ids: priced.ids })).toMatchObject(
      refused,
    );
    const range = (await quote(content, ids, 'latency')).quoteId ?? '';
    const later = { ...message, quoteId: range, from: 60, to: null, ids: priced.ids };
    expect(await searchInWindow(later)).toMatchObject(refused);
    expect(service.state.charges).toEqual([]);

    const all = await quote(content, [SAVED], 'latency');
    expect(all).toMatchObject({ quoteId: null, ids: [], cloudRequests: 0 });
  });

  it('30 videos with From/To: 1 Cloud Request per delivered video, moments in range, a failure free; again is free', async () => {
    const content = await background('demo-starter');
    // tvaFlaky001 fails (fetch_failed, retryable) on its first two lookups per account: free, and not held.
    const ids = ['tvaLong4h01', 'tvaFlaky001', ...generated(28)];
    const range = { from: 60, to: 300 };
    const query = 'ownership latency';
    const priced = await quote(content, ids, query, range);
    expect(priced).toMatchObject({ ids, cloudRequests: 30, calls: 2 });
    const reply = await searchInWindow({ ids: priced.ids, quoteId: priced.quoteId ?? '', query, ...range });
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    expect(reply.data).toMatchObject({ searched: 30, held: 0, notSearched: null, other: [] });
    expect(reply.data.videos.map((v) => v.videoId)).toEqual(ids);
    const [rust, flaky] = reply.data.videos;
    expect(rust?.moments.length).toBeGreaterThan(0);
    for (const m of reply.data.videos.flatMap((v) => v.moments)) {
      expect(m.at).toBeGreaterThanOrEqual(55);
      expect(m.at).toBeLessThanOrEqual(300);
    }
    expect(flaky?.error).toEqual({
      code: 'fetch_failed',
      message: 'The service could not fetch this transcript just now.',
    });
    const delivered = ids.filter((id) => id !== 'tvaFlaky001');
    expect(
      searchCharges()
        .map((c) => c.videoId)
        .sort(),
    ).toEqual([...delivered].sort());
    expect(searchCharges().every((c) => c.kind === 'cloud' && c.amount === 1)).toBe(true);

    // Exactly the same search (case and spacing aside): what was found is held, only the failure is priced.
    const again = await quote(content, ids, ' Ownership   LATENCY ', range);
    expect(again).toMatchObject({ held: 29, cloudRequests: 1, calls: 1 });
    const repeat = await searchInWindow({ ids: again.ids, quoteId: again.quoteId ?? '', query, ...range });
    expect(repeat.ok && [repeat.data.searched, repeat.data.held, repeat.data.videos.length]).toEqual([1, 29, 30]);
    expect(searchCharges()).toHaveLength(29);
    // Another range is another search: priced again.
    expect((await quote(content, ids, query, { from: 0, to: 60 })).cloudRequests).toBe(30);
  }, 30_000);

  it('two tabs confirm the same search at once: each video is bought once, both show what was found', async () => {
    const content = await background('demo-starter');
    const ids = generated(2, 'twin');
    const quoted = [
      await quote(content, ids, 'latency', open, tab(4)),
      await quote(content, ids, 'latency', open, tab(5)),
    ];
    // The first call is still on its way when the second tab's Spend comes.
    await fetch(`${service.url}/__control/slow`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: '/mcp', tool: 'search_transcript', delayMs: 300 }),
    });
    const replies = await Promise.all(
      quoted.map((q, i) =>
        searchInWindow({ ids: q.ids, quoteId: q.quoteId ?? '', query: 'latency', ...open }, tab(4 + i)),
      ),
    );
    const shown = replies.map((r) =>
      r.ok ? [r.data.searched, r.data.held, r.data.videos.length, r.data.notSearched] : r,
    );
    expect(shown).toEqual([
      [2, 0, 2, null],
      [0, 2, 2, null],
    ]);
    expect(searchCharges().map((c) => c.videoId)).toEqual(ids);
  });

  it('an answer cut off after the charge: said to have maybe searched and charged them, with the price again', async () => {
    const content = await background('demo-starter');
    const ids = generated(2, 'lost');
    const priced = await quote(content, ids, 'latency');
    await fetch(`${service.url}/__control/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: '/mcp', tool: 'search_transcript', processFirst: true, body: 'malformed' }),
    });
    const reply = await searchInWindow({ ids, quoteId: priced.quoteId ?? '', query: 'latency', ...open });
    expect(reply.ok && reply.data.notSearched).toEqual({
      ids,
      message:
        'The service’s answer could not be read. It may have searched the videos and charged them; Transcript Lens sends nothing again by itself. Trying again costs 2 Cloud Requests.',
    });
    expect(searchCharges()).toHaveLength(2);
    // Offered again, the same search says so before anything is bought.
    expect(await quote(content, ids, 'latency')).toMatchObject({ cloudRequests: 2, mayHaveBeenCharged: 2 });
    expect((await quote(content, ids, 'budget')).mayHaveBeenCharged).toBe(0);
  });

  it('out of Cloud Requests mid-run: the first call is kept, the rest is named and costs nothing', async () => {
    const content = await background('demo-starter');
    upsertAccount(service.state.accounts, { token: 'demo-starter', cloudRequests: 30 });
    const ids = generated(40, 'poor');
    const priced = await quote(content, ids, 'budget');
    const reply = await searchInWindow({ ids: priced.ids, quoteId: priced.quoteId ?? '', query: 'budget', ...open });
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    expect(reply.data.searched).toBe(25);
    expect(reply.data.notSearched?.ids).toEqual(ids.slice(25));
    expect(reply.data.notSearched?.message).toBe(
      'You are out of Cloud Requests: 15 videos were not searched, and nothing was charged for them.',
    );
    expect(searchCharges()).toHaveLength(25);
  }, 30_000);
});
