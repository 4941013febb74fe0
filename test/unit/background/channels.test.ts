import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BulkQuote, BulkStatus, ChannelLookup } from '../../../utils/channel/replies';
import type { TranscriptLookup } from '../../../utils/panel/replies';
import type { Reply } from '../../../utils/protocol/envelope';
import { createRouter } from '../../../utils/protocol/receive';
import { type RunningService, startService } from '../../service/index';
import { runOf, spendInWindow, startBackground } from './harness';

/** The channel handlers with WXT's fake browser, against the local service: its ledger is what was spent. */
let service: RunningService;
const tab = (id: number) => ({ id: 'ext', tab: { id, active: true, url: 'https://www.youtube.com/@tvademo' } });

beforeAll(async () => {
  service = await startService({ port: 0, control: true, jobMs: 60_000 });
});
afterAll(() => service.close());
beforeEach(() => {
  service.state.charges.length = 0;
  service.state.requests.length = 0;
});

async function background(token: string) {
  return (await startBackground({ serviceUrl: service.url, token, sender: tab(4) })).content;
}

const quoteOf = (reply: Reply<ChannelLookup>) =>
  reply.ok && reply.data.status !== 'gated' ? reply.data.quote.quoteId : '';
const channelCalls = () => service.state.requests.filter((r) => r.path === '/api/channels');

describe('background: a channel listing needs its quote', () => {
  it('the quote buys one listing, once, from the tab it was shown in; the listing is then held for free', async () => {
    const content = await background('demo-starter');
    const first = await content<ChannelLookup>({ type: 'channel.get', channel: '@tvademo' });
    expect(first.ok && first.data.status === 'quoted' && first.data.listing).toBeNull();
    const quoteId = quoteOf(first);

    const elsewhere = await content({ type: 'channel.list', channel: '@tvademo', quoteId }, tab(5));
    expect(elsewhere).toMatchObject({ ok: false, error: { code: 'consent_required' } });
    const reused = await content({ type: 'channel.list', channel: '@tvademo', quoteId });
    expect(reused).toMatchObject({ ok: false, error: { code: 'consent_required' } });
    expect(channelCalls()).toEqual([]);

    const fresh = quoteOf(await content<ChannelLookup>({ type: 'channel.get', channel: '@tvademo' }));
    const listed = await content<ChannelLookup>({ type: 'channel.list', channel: '@tvademo', quoteId: fresh });
    expect(listed.ok && listed.data.status === 'quoted' && listed.data.listing?.uploads.length).toBe(42);
    expect(service.state.charges.map((c) => [c.token, c.kind, c.amount])).toEqual([['demo-starter', 'cloud', 1]]);

    const held = await content<ChannelLookup>({ type: 'channel.get', channel: '@tvademo' });
    expect(held.ok && held.data.status === 'quoted' && held.data.listing?.title).toBe('TVA Demo');
    expect(channelCalls()).toHaveLength(1);
  });

  it('a transcript quote cannot buy a listing', async () => {
    const content = await background('demo-starter');
    const lookup = await content<TranscriptLookup>({ type: 'transcript.get', videoId: 'tvaHuman001' });
    const quoteId = lookup.ok && lookup.data.status === 'not_loaded' ? lookup.data.quote.quoteId : '';
    expect(quoteId).not.toBe('');
    const refused = await content({ type: 'channel.list', channel: '@tvademo', quoteId });
    expect(refused).toMatchObject({ ok: false, error: { code: 'consent_required' } });
    expect(channelCalls()).toEqual([]);
  });

  it('on Free the view is gated and nothing is sent to /api/channels', async () => {
    const content = await background('demo-free');
    const reply = await content<ChannelLookup>({ type: 'channel.get', channel: '@tvademo' });
    expect(reply.ok && reply.data.status).toBe('gated');
    expect(channelCalls()).toEqual([]);
  });

  it('a per-channel failure is free and priced again', async () => {
    const content = await background('demo-starter');
    const quoteId = quoteOf(await content<ChannelLookup>({ type: 'channel.get', channel: '@tvabroken' }));
    const reply = await content<ChannelLookup>({ type: 'channel.list', channel: '@tvabroken', quoteId });
    expect(reply.ok && reply.data.status === 'failed' && reply.data.code).toBe('internal');
    // Worded about the channel, not a video.
    expect(reply.ok && reply.data.status === 'failed' && reply.data.message).toBe(
      'The service had an internal problem listing this channel. Try again later.',
    );
    expect(service.state.charges).toEqual([]);
  });
});

describe('background: bulk transcripts need the quote of exactly that selection, confirmed in the window', () => {
  const ids = ['tvaHuman001', 'tvaFlaky001', 'bulkUnit001'];

  it('a saved transcript is not priced; another selection or tab is refused; the run buys only the uncached', async () => {
    const { content, handlers } = await startBackground({
      serviceUrl: service.url,
      token: 'demo-starter',
      sender: tab(4),
    });
    const single = await content<TranscriptLookup>({ type: 'transcript.get', videoId: 'tvaHuman001' });
    const one = single.ok && single.data.status === 'not_loaded' ? single.data.quote.quoteId : '';
    await content({ type: 'transcript.load', videoId: 'tvaHuman001', consent: { quoteId: one } });
    service.state.charges.length = 0;
    service.state.requests.length = 0;
    const bulkQuote = async () => {
      const quote = await content<BulkQuote>({ type: 'bulk.quote', channel: '@tvademo', ids });
      return quote.ok ? quote.data : null;
    };

    const quote = await bulkQuote();
    expect(quote && [quote.selected, quote.uncached]).toEqual([3, 2]);
    const quoteId = quote?.quoteId ?? '';
    const buy = (selection: string[], id: string, from = tab(4)) =>
      spendInWindow(handlers, { kind: 'bulk', channel: '@tvademo', ids: selection, quoteId: id }, from);
    expect(await buy(ids.slice(1), quoteId)).toMatchObject({ ok: false, error: { code: 'consent_required' } });
    expect(await buy(ids, (await bulkQuote())?.quoteId ?? '', tab(9))).toMatchObject({
      ok: false,
      error: { code: 'consent_required' },
    });
    // The page cannot start a run at all: only the window's Spend can.
    const route = createRouter(handlers, 'ext', 'chrome-extension://ext/');
    const page = { ...tab(4), url: 'https://www.youtube.com/@tvademo' };
    const inPage = await route({ type: 'bulk.start', channel: '@tvademo', ids, quoteId: quote?.quoteId }, page);
    expect(inPage).toMatchObject({ ok: false, error: { code: 'bad_message' } });
    expect(service.state.requests.filter((r) => r.path === '/api/transcripts')).toEqual([]);

    const started = await buy(ids, (await bulkQuote())?.quoteId ?? '');
    const run = started.ok ? runOf(started.data) : null;
    expect(run?.total).toBe(2);
    // The flaky video fails twice (retryable) and is delivered on the third pass, after backoff.
    let status: BulkStatus | null = null;
    for (let i = 0; i < 200 && status?.state !== 'finished'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const reply = await content<BulkStatus>({ type: 'bulk.status', runId: run?.runId ?? '' });
      status = reply.ok ? reply.data : null;
    }
    expect(status).toMatchObject({ state: 'finished', done: 2, failed: [], left: 0 });
    expect(service.state.charges.map((c) => c.videoId).sort()).toEqual(['bulkUnit001', 'tvaFlaky001']);
  }, 30_000);
});
